import type { PageProps } from '../../engine/template-api';
import type { ServiceData } from '../fields';
import { ContactCard } from '../components/ContactCard';
import { Markdown } from '../components/Markdown';
import { PageHeader } from '../components/PageHeader';
import { proseProps } from '../components/prose';
import { Document } from '../layout/Document';

/** A service: its cover, the text, how an engagement runs and the questions, with its key facts and an offer card beside them. */
export function ServicePage(props: PageProps<ServiceData>) {
  const { page, content, i18n, links } = props;
  const { data } = content;
  return (
    <Document {...props} cover={data.cover} title={data.title} description={data.description}>
      <PageHeader page={page} i18n={i18n} links={links} title={data.title} lead={data.description} eyebrow={i18n.t('service.eyebrow')} cover={data.cover} />
      <div className="container layout">
        <div>
          <Markdown html={content.html} {...proseProps(i18n)} />
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
        <aside className="layout__aside" aria-label={i18n.t('service.glance')}>
          <section className="panel facts" aria-labelledby="service-facts">
            <h2 id="service-facts">{i18n.t('service.glance')}</h2>
            <dl>
              {data.audience && (
                <>
                  <dt>{i18n.t('service.audience')}</dt>
                  <dd>{data.audience}</dd>
                </>
              )}
              {data.steps && data.steps.length > 0 && (
                <>
                  <dt>{i18n.t('service.steps')}</dt>
                  <dd>
                    <ol className="facts__steps">
                      {data.steps.map((step) => (
                        <li key={step.title}>{step.title}</li>
                      ))}
                    </ol>
                  </dd>
                </>
              )}
            </dl>
          </section>
          <ContactCard i18n={i18n} links={links} title={i18n.t('service.ctaTitle')} text={i18n.t('service.ctaText')} label={i18n.t('service.ctaButton')} />
        </aside>
      </div>
    </Document>
  );
}
