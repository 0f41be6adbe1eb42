import type { ReactNode } from 'react';
import type { I18n, Links, PageInfo } from '../../engine/template-api';
import type { Cover } from '../fields';
import { breadcrumbTrail } from './breadcrumbs';
import { COVER_SIZES, CoverImage } from './Cover';

interface PageHeaderProps {
  page: PageInfo;
  i18n: I18n;
  links: Links;
  title: string;
  lead?: string;
  /** A short label above the title: what kind of page it is. */
  eyebrow?: string;
  /** Extra lines under the lead: dates, reading time, tags. */
  meta?: ReactNode;
  /** The page's cover, beside the title on wide screens, under it on narrow ones. */
  cover?: Cover | undefined;
}

/** The page's `<h1>` with breadcrumbs above it, the lead below and its cover beside it. */
export function PageHeader({ page, i18n, links, title, lead, eyebrow, meta, cover }: PageHeaderProps) {
  const trail = breadcrumbTrail(page, links, i18n);
  return (
    <header className={cover ? 'page-header page-header--cover' : 'page-header'}>
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
        <div className="page-header__grid">
          <div>
            {eyebrow && <p className="eyebrow">{eyebrow}</p>}
            <h1>{title}</h1>
            {lead && <p className="page-header__lead">{lead}</p>}
            {meta}
          </div>
          {cover && <CoverImage cover={cover} className="page-header__cover" sizes={COVER_SIZES.header} />}
        </div>
      </div>
    </header>
  );
}
