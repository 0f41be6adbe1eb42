import type { PageProps } from '../../engine/template-api';
import { CardGrid } from '../components/PageCard';
import { Markdown } from '../components/Markdown';
import { PAGINATION_CSS, Pagination, pageSlice } from '../components/Pagination';
import { PageHeader } from '../components/PageHeader';
import { proseProps } from '../components/prose';
import { Document } from '../layout/Document';

/** Blog, services, case studies, grants: an introduction and the pages the hub lists, as cards with their covers. */
export function HubPage(props: PageProps) {
  const { page, content, i18n, links } = props;
  const { pagination } = page;
  // A paginated hub lists its page's share of the children; pages 2..n have their number in the title.
  const children = pageSlice(links.children(page.routeId), pagination);
  const numbered = pagination !== undefined && pagination.page > 1;
  const title = numbered ? i18n.t('hub.pageTitle', { title: content.data.title, page: pagination.page }) : content.data.title;
  const paged = pagination !== undefined && pagination.pages > 1;
  return (
    <Document {...props} title={title} description={content.data.description} head={paged ? <style dangerouslySetInnerHTML={{ __html: PAGINATION_CSS }} /> : undefined}>
      <PageHeader page={page} i18n={i18n} links={links} title={title} lead={content.data.description} />
      <div className="container section">
        {/* The introduction on the first page only. */}
        {!numbered && content.html.trim() !== '' && (
          <div className="hub-intro">
            <Markdown html={content.html} {...proseProps(i18n)} />
          </div>
        )}
        <CardGrid pages={children} i18n={i18n} headingLevel={2} wide={page.routeId === 'services'} />
        {paged && <Pagination pagination={pagination} i18n={i18n} />}
      </div>
    </Document>
  );
}
