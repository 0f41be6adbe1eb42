import type { I18n, Pagination as PaginationInfo } from '../../engine/template-api';

/**
 * The style of the numbered navigation, with the hub pages that show it (more than one page):
 * the inlined stylesheet is near its limit, and most pages need none of it (docs/design.md).
 */
export const PAGINATION_CSS =
  '.pagination ul{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;margin:var(--space-4) 0 0;padding:0}.pagination a{display:inline-block;min-width:2.75rem;padding:.45rem .9rem;border:1px solid var(--line);border-radius:999px;text-align:center;font-weight:650;text-decoration:none}.pagination__gap{align-self:center;padding:0 .25rem}.pagination a[aria-current]{background:var(--accent);border-color:var(--accent);color:var(--on-accent)}';

/** The cards of one page of a paginated hub: page n lists the n-th `size` of them. */
export function pageSlice<T>(items: readonly T[], pagination: PaginationInfo | undefined): T[] {
  if (!pagination) return [...items];
  const start = (pagination.page - 1) * pagination.size;
  return items.slice(start, start + pagination.size);
}

/** A gap in the numbered links, between pages that are not listed. */
export const GAP = 'gap';

/**
 * The page numbers the navigation lists: all of a run of up to seven; of a long one the first, the last
 * and the current page with a neighbour each side, a gap for what lies between (a gap of one
 * page shows that page instead). A listing of 84 pages gets at most seven links, and every page
 * stays reachable: from its neighbours, and in the sitemap.
 */
export function pagesShown(page: number, pages: number): Array<number | typeof GAP> {
  if (pages <= 7) return Array.from({ length: pages }, (_, index) => index + 1);
  const wanted = [1, page - 1, page, page + 1, pages].filter((number) => number >= 1 && number <= pages);
  const sorted = [...new Set(wanted)].sort((a, b) => a - b);
  const shown: Array<number | typeof GAP> = [];
  let last = 0;
  for (const number of sorted) {
    if (number - last === 2) shown.push(last + 1);
    else if (number - last > 2) shown.push(GAP);
    shown.push(number);
    last = number;
  }
  return shown;
}

/** Previous, the pages by number (`pagesShown`), next: plain links, so it works without script. */
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
        {pagesShown(page, pages).map((number, index) =>
          number === GAP ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={number}>
              <a href={urls[number - 1]} aria-current={number === page ? 'page' : undefined} aria-label={i18n.t('hub.pageNumber', { page: number })}>
                {i18n.number(number)}
              </a>
            </li>
          ),
        )}
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
