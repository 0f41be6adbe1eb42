import type { I18n, PageSummary } from '../../engine/template-api';

/** Icons of the service pages (SVG files in public/images/services). */
const ICONS: Readonly<Record<string, string>> = {
  'service-it-outsourcing': '/images/services/it-outsourcing.svg',
  'service-clickup-onboarding': '/images/services/clickup-onboarding.svg',
  'service-software-integrations': '/images/services/software-integrations.svg',
  'service-web-and-mobile': '/images/services/web-and-mobile.svg',
};

/** A card linking to another page: icon for services, title, summary, date where it has one, "Read more". */
export function PageCard({ page, i18n, headingLevel = 3 }: { page: PageSummary; i18n: I18n; headingLevel?: 2 | 3 }) {
  const icon = ICONS[page.routeId];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const date = typeof page.data.date === 'string' ? page.data.date : undefined;
  return (
    <article className="card">
      {icon && <img className="card__icon" src={icon} alt="" width={48} height={48} />}
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
      <a className="card__more" href={page.url} aria-label={i18n.t('common.readMoreAbout', { title: page.title })}>
        {i18n.t('common.readMore')} <span aria-hidden="true">→</span>
      </a>
    </article>
  );
}

export function CardGrid({ pages, i18n, headingLevel }: { pages: PageSummary[]; i18n: I18n; headingLevel?: 2 | 3 }) {
  return (
    <div className="card-grid">
      {pages.map((page) => (
        <PageCard key={page.routeId} page={page} i18n={i18n} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
