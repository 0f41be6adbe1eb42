import type { ReactNode } from 'react';
import type { I18n, Links, PageInfo } from '../../engine/template-api';
import { breadcrumbTrail } from './breadcrumbs';

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
