import type { PageProps, PageSummary } from '../../engine/template-api';
import type { PositionData } from '../fields';
import { Markdown } from '../components/Markdown';
import { proseProps } from '../components/prose';
import { PageHeader } from '../components/PageHeader';
import { Document } from '../layout/Document';
import { PositionMeta } from '../components/Position';

/**
 * The career page: the introduction, then a card for each open position (the routes whose
 * parent is this page), linking to the position's own page with its details and apply form.
 */
export function CareerPage(props: PageProps) {
  const { page, content, i18n, links } = props;
  const { data } = content;
  // The routes under this page that are positions (another kind of child is not a posting).
  const positions = links.children(page.routeId).filter((child) => child.template === 'position') as PageSummary<PositionData>[];
  return (
    <Document {...props} title={data.title} description={data.description}>
      <PageHeader page={page} i18n={i18n} links={links} title={data.title} lead={data.description} />
      <div className="container section">
        {/* The introduction first: who the company is, then what it is looking for. */}
        <Markdown html={content.html} {...proseProps(i18n)} />
        <section aria-labelledby="open-positions" className="section-gap">
          <h2 id="open-positions">{i18n.t('career.openPositions')}</h2>
          <div className="positions">
            {positions.map((position) => (
              // The id keeps links to the postings' former place on this page working.
              <article key={position.routeId} id={position.data.id} className="position">
                <h3>
                  <a href={position.url}>{position.title}</a>
                </h3>
                <PositionMeta position={position.data} i18n={i18n} />
                <p>{position.description}</p>
                <a className="button" href={position.url} aria-label={i18n.t('career.detailsOf', { title: position.title })}>
                  {i18n.t('career.details')}
                </a>
              </article>
            ))}
          </div>
        </section>
      </div>
    </Document>
  );
}
