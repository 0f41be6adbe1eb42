import type { PageProps } from '../../engine/template-api';
import type { CaseStudyData } from '../fields';
import { CallToAction } from '../components/CallToAction';
import { Markdown } from '../components/Markdown';
import { PageHeader } from '../components/PageHeader';
import { Document } from '../layout/Document';

export function CaseStudyPage(props: PageProps<CaseStudyData>) {
  const { page, content, i18n, links } = props;
  const { data } = content;
  return (
    <Document {...props} title={data.title} description={data.description}>
      <PageHeader page={page} i18n={i18n} links={links} title={data.title} lead={data.description} />
      <div className="container section two-column">
        <div>
          <Markdown html={content.html} />
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
          {data.quote && (
            <figure className="quote">
              <blockquote>
                <p>{data.quote.text}</p>
              </blockquote>
              <figcaption>{i18n.t('caseStudy.quoteBy', { role: data.quote.role })}</figcaption>
            </figure>
          )}
        </div>
        <aside className="facts" aria-labelledby="case-facts">
          <h2 id="case-facts">{i18n.t('caseStudy.facts')}</h2>
          <dl>
            <dt>{i18n.t('caseStudy.client')}</dt>
            <dd>{data.client}</dd>
            <dt>{i18n.t('caseStudy.industry')}</dt>
            <dd>{data.industry}</dd>
            <dt>{i18n.t('caseStudy.technologies')}</dt>
            <dd>{data.technologies.join(', ')}</dd>
          </dl>
        </aside>
      </div>
      <CallToAction
        title={i18n.t('home.ctaTitle')}
        text={i18n.t('home.ctaText')}
        href={links.path('offer')}
        label={i18n.t('home.ctaButton')}
      />
    </Document>
  );
}
