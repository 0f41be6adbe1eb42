import type { I18n, PageSummary } from '../../engine/template-api';
import { COVER_SIZES, CoverImage, coverOf } from './Cover';

/** A card linking to another page: its cover, title, date where it has one, summary, "Read more". */
export function PageCard({ page, i18n, headingLevel = 3 }: { page: PageSummary; i18n: I18n; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const date = typeof page.data.date === 'string' ? page.data.date : undefined;
  const cover = coverOf(page.data);
  return (
    <article className="card">
      {cover && <CoverImage cover={cover} className="card__cover" sizes={COVER_SIZES.card} />}
      <div className="card__body">
        <Heading className="card__title">
          <a href={page.url}>{page.title}</a>
        </Heading>
        {date && (
          <p className="card__meta">
            <time dateTime={date}>{i18n.date(date)}</time>
            {' · '}
            {i18n.t('common.readingTime', { minutes: page.readingMinutes })}
          </p>
        )}
        <p className="card__summary">{page.summary}</p>
        {/* The visible "Read more" and, for assistive technology and search engines, what about. */}
        <a className="card__more" href={page.url}>
          {i18n.t('common.readMore')}
          <span className="visually-hidden">{readMoreRest(i18n.t('common.readMoreAbout', { title: page.title }), i18n.t('common.readMore'))}</span>
          <span className="arrow" aria-hidden="true" />
        </a>
      </div>
    </article>
  );
}

/** "Read more about X" without the "Read more" the link shows: `: X`. */
function readMoreRest(about: string, readMore: string): string {
  return about.startsWith(readMore) ? about.slice(readMore.length) : ` (${about})`;
}

/**
 * Cards in as many columns as their count fills: three in three, four in four (or two, `wide`,
 * where the cards are large), nine in three rows of three.
 */
export function CardGrid({ pages, i18n, headingLevel, wide = false }: { pages: PageSummary[]; i18n: I18n; headingLevel?: 2 | 3; wide?: boolean }) {
  const count = Math.min(pages.length, 9);
  return (
    <div className={`card-grid card-grid--${count}${wide ? ' card-grid--wide' : ''}`}>
      {pages.map((page) => (
        <PageCard key={page.routeId} page={page} i18n={i18n} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
