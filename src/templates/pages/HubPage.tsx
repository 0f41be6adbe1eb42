import type { PageProps } from '../../engine/template-api';
import { CardGrid } from '../components/PageCard';
import { Markdown } from '../components/Markdown';
import { PAGINATION_CSS, Pagination, pageSlice } from '../components/Pagination';
import { TagCloud } from '../components/TagCloud';
import { PageHeader } from '../components/PageHeader';
import { proseProps } from '../components/prose';
import { Document } from '../layout/Document';

/** Blog, services, case studies, grants: an introduction and the pages the hub lists, as cards with their covers. */
export function HubPage(props: PageProps) {
  const { page, content, i18n, links } = props;
  const { pagination, tag } = page;
  // A tag's listing shows the children with that tag; a paginated hub its page's share of them.
  const all = links.children(page.routeId);
  const children = pageSlice(tag === undefined ? all : all.filter((child) => Array.isArray(child.data.tags) && child.data.tags.includes(tag)), pagination);
  const numbered = pagination !== undefined && pagination.page > 1;
  const listing = tag === undefined ? content.data.title : i18n.t('hub.tagTitle', { title: content.data.title, tag: i18n.t(`tags.${tag}`) });
  // Pages 2..n have their number in the title.
  const title = numbered ? i18n.t('hub.pageTitle', { title: listing, page: pagination.page }) : listing;
  const paged = pagination !== undefined && pagination.pages > 1;
  return (
    <Document {...props} title={title} description={content.data.description} head={paged ? <style dangerouslySetInnerHTML={{ __html: PAGINATION_CSS }} /> : undefined}>
      <PageHeader page={page} i18n={i18n} links={links} title={title} lead={content.data.description} />
      <div className="container section">
        {/* The introduction on the hub's first page only. */}
        {!numbered && tag === undefined && content.html.trim() !== '' && (
          <div className="hub-intro">
            <Markdown html={content.html} {...proseProps(i18n)} />
          </div>
        )}
        {page.tagCloud && page.tagCloud.length > 0 && <TagCloud tags={page.tagCloud} current={tag} i18n={i18n} />}
        <CardGrid pages={children} i18n={i18n} headingLevel={2} wide={page.routeId === 'services'} />
        {paged && <Pagination pagination={pagination} i18n={i18n} />}
      </div>
    </Document>
  );
}
