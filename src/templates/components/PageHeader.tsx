import type { ReactNode } from 'react';
import type { I18n, Links, PageInfo } from '../../engine/template-api';

interface PageHeaderProps {
  page: PageInfo;
  i18n: I18n;
  links: Links;
  title: string;
  lead?: string;
  /** Extra lines under the lead: dates, reading time, tags. */
  meta?: ReactNode;
}

/** The page's `<h1>` with breadcrumbs above it and the lead below. */
export function PageHeader({ page, i18n, links, title, lead, meta }: PageHeaderProps) {
  const trail = breadcrumbTrail(page, links, i18n);
  return (
    <header className="page-header">
      <div className="container">
        {trail.length > 0 && (
          <nav className="breadcrumbs" aria-label={i18n.t('common.breadcrumb')}>
            <ol>
              {trail.map(({ url, title: crumb }) => (
                <li key={url}>
                  <a href={url}>{crumb}</a>
                </li>
              ))}
              <li aria-current="page">{title}</li>
            </ol>
          </nav>
        )}
        <h1>{title}</h1>
        {lead && <p className="page-header__lead">{lead}</p>}
        {meta}
      </div>
    </header>
  );
}

/** Home, then each parent up to the page (the page itself is the last crumb). */
function breadcrumbTrail(page: PageInfo, links: Links, i18n: I18n): Array<{ url: string; title: string }> {
  if (page.routeId === 'home') return [];
  const trail: Array<{ url: string; title: string }> = [];
  for (let parent = page.parent; parent; parent = links.page(parent).parent) {
    const summary = links.page(parent);
    trail.unshift({ url: summary.url, title: summary.title });
    if (trail.length > 5) break;
  }
  trail.unshift({ url: links.path('home'), title: i18n.t('nav.home') });
  return trail;
}
