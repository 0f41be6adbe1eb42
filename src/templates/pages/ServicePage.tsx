import type { PageProps } from '../../engine/template-api';
import type { ServiceData } from '../fields';
import { CallToAction } from '../components/CallToAction';
import { Markdown } from '../components/Markdown';
import { PageHeader } from '../components/PageHeader';
import { Document } from '../layout/Document';

export function ServicePage(props: PageProps<ServiceData>) {
  const { page, content, i18n, links } = props;
  const { data } = content;
  return (
    <Document {...props} title={data.title} description={data.description}>
      <PageHeader page={page} i18n={i18n} links={links} title={data.title} lead={data.description} />
      <div className="container section">
        {data.audience && (
          <section className="callout" aria-labelledby="service-audience">
            <h2 id="service-audience">{i18n.t('service.audience')}</h2>
            <p>{data.audience}</p>
          </section>
        )}
        <Markdown html={content.html} />
        {data.steps && data.steps.length > 0 && (
          <section className="steps" aria-labelledby="service-steps">
            <h2 id="service-steps">{i18n.t('service.steps')}</h2>
            <ol>
              {data.steps.map((step, index) => (
                <li key={step.title}>
                  <span className="steps__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <h3>{step.title}</h3>
                  <p>{step.text}</p>
                </li>
              ))}
            </ol>
          </section>
        )}
        {data.faq && data.faq.length > 0 && (
          <section className="faq" aria-labelledby="service-faq">
            <h2 id="service-faq">{i18n.t('service.faq')}</h2>
            {data.faq.map((entry) => (
              <details key={entry.question}>
                <summary>{entry.question}</summary>
                <p>{entry.answer}</p>
              </details>
            ))}
          </section>
        )}
      </div>
      <CallToAction
        title={i18n.t('service.ctaTitle')}
        text={i18n.t('service.ctaText')}
        href={links.path('offer')}
        label={i18n.t('service.ctaButton')}
      />
    </Document>
  );
}
