import type { PageProps } from '../../engine/template-api';
import type { CaseStudyData } from '../fields';
import { CallToAction } from '../components/CallToAction';
import { Markdown } from '../components/Markdown';
import { PageHeader } from '../components/PageHeader';
import { proseProps } from '../components/prose';
import { Document } from '../layout/Document';

/** A case study: its cover, the results first, the story, the client's words, the project's facts beside them. */
export function CaseStudyPage(props: PageProps<CaseStudyData>) {
  const { page, content, i18n, links } = props;
  const { data } = content;
  return (
    <Document {...props} cover={data.cover} title={data.title} description={data.description}>
      <PageHeader page={page} i18n={i18n} links={links} title={data.title} lead={data.description} eyebrow={i18n.t('caseStudy.eyebrow')} cover={data.cover} />
      <div className="container layout">
        <div>
          {data.results && data.results.length > 0 && (
            <section className="results" aria-labelledby="case-results">
              <h2 id="case-results">{i18n.t('caseStudy.results')}</h2>
              <ul>
                {data.results.map((result) => (
                  <li key={result}>{result}</li>
                ))}
              </ul>
            </section>
          )}
          <div className="section-gap">
            <Markdown html={content.html} {...proseProps(i18n)} />
          </div>
          {data.quote && (
            <figure className="quote">
              <blockquote>
                <p>{data.quote.text}</p>
              </blockquote>
              <figcaption>{i18n.t('caseStudy.quoteBy', { role: data.quote.role })}</figcaption>
            </figure>
          )}
        </div>
        <aside className="layout__aside" aria-labelledby="case-facts">
          <section className="panel facts">
            <h2 id="case-facts">{i18n.t('caseStudy.facts')}</h2>
            <dl>
              <dt>{i18n.t('caseStudy.client')}</dt>
              <dd>{data.client}</dd>
              <dt>{i18n.t('caseStudy.industry')}</dt>
              <dd>{data.industry}</dd>
              <dt>{i18n.t('caseStudy.technologies')}</dt>
              <dd>
                <ul className="chips">
                  {data.technologies.map((technology) => (
                    <li key={technology}>{technology}</li>
                  ))}
                </ul>
              </dd>
            </dl>
          </section>
        </aside>
      </div>
      <CallToAction i18n={i18n} links={links} />
    </Document>
  );
}
