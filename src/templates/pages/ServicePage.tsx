import type { PageProps } from '../../engine/template-api';
import type { ServiceData } from '../fields';
import { ContactCard } from '../components/ContactCard';
import { Markdown } from '../components/Markdown';
import { PageHeader } from '../components/PageHeader';
import { proseProps } from '../components/prose';
import { Document } from '../layout/Document';

/**
 * The styles of the engagement steps and the questions, which only service pages have: the
 * inlined stylesheet is at its limit, and the other pages need none of it (docs/design.md).
 */
export const SERVICE_CSS = [
  '.steps ol{list-style:none;padding:0;margin:0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,15rem),1fr))}',
  '.steps li{border:1px solid var(--line);border-radius:var(--radius);padding:1.25rem;background:var(--paper)}',
  '.steps__number{display:inline-grid;place-items:center;width:2.1rem;height:2.1rem;border-radius:50%;background:var(--accent-soft);color:var(--accent-strong);font-weight:800;margin-bottom:.7rem}',
  '.steps h3{font-size:1.1rem}',
  '.steps p{margin:0;color:var(--ink-soft)}',
  // FAQ: a disclosure per question with a chevron that turns when it opens.
  '.faq details{border-bottom:1px solid var(--line)}',
  '.faq summary{list-style:none;cursor:pointer;display:flex;justify-content:space-between;align-items:center;gap:1rem;padding-block:1.05rem;font-weight:700;font-size:1.05rem}',
  '.faq summary::-webkit-details-marker{display:none}',
  ".faq summary::after{content:'';flex:none;width:.65rem;height:.65rem;margin:0 .4rem .3rem;border:solid var(--accent);border-width:0 3px 3px 0;transform:rotate(45deg)}",
  '.faq details[open] summary::after{transform:translateY(.3rem) rotate(225deg)}',
  '.faq details p{margin:0 0 1.1rem;color:var(--ink-soft);max-width:42rem}',
].join('');

/** A service: its cover, the text, how an engagement runs and the questions, with its key facts and an offer card beside them. */
export function ServicePage(props: PageProps<ServiceData>) {
  const { page, content, i18n, links } = props;
  const { data } = content;
  return (
    <Document {...props} cover={data.cover} title={data.title} description={data.description} head={<style dangerouslySetInnerHTML={{ __html: SERVICE_CSS }} />}>
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
