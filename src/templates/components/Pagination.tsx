import type { I18n, Pagination as PaginationInfo } from '../../engine/template-api';

/**
 * The style of the numbered navigation, with the hub pages that show it (more than one page):
 * the inlined stylesheet is near its limit, and most pages need none of it (docs/design.md).
 */
export const PAGINATION_CSS =
  '.pagination ul{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;margin:var(--space-4) 0 0;padding:0}.pagination a{display:inline-block;min-width:2.75rem;padding:.45rem .9rem;border:1px solid var(--line);border-radius:999px;text-align:center;font-weight:650;text-decoration:none}.pagination a[aria-current]{background:var(--accent);border-color:var(--accent);color:var(--on-accent)}';

/** The cards of one page of a paginated hub: page n lists the n-th `size` of them. */
export function pageSlice<T>(items: readonly T[], pagination: PaginationInfo | undefined): T[] {
  if (!pagination) return [...items];
  const start = (pagination.page - 1) * pagination.size;
  return items.slice(start, start + pagination.size);
}

/** Previous, every page by number, next: plain links, so it works without script. */
export function Pagination({ pagination, i18n }: { pagination: PaginationInfo; i18n: I18n }) {
  const { page, pages, urls } = pagination;
  if (pages < 2) return null;
  return (
    <nav className="pagination" aria-label={i18n.t('hub.pagination')}>
      <ul>
        {page > 1 && (
          <li>
            <a href={urls[page - 2]} rel="prev">
              {i18n.t('hub.previous')}
            </a>
          </li>
        )}
        {urls.map((url, index) => (
          <li key={url}>
            <a href={url} aria-current={index + 1 === page ? 'page' : undefined} aria-label={i18n.t('hub.pageNumber', { page: index + 1 })}>
              {i18n.number(index + 1)}
            </a>
          </li>
        ))}
        {page < pages && (
          <li>
            <a href={urls[page]} rel="next">
              {i18n.t('hub.next')}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
