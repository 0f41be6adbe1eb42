import type { Locale } from '../../shared/locales';
import type { Problems } from '../diagnostics/diagnostic';
import { outputPathOf, type PagePlan } from './plan-pages';
import type { Route } from './route-table';

/**
 * The pages of paginated hubs (`paginate:` in the route table), planned once the build knows
 * which children each hub has in each locale (the published routes): page 1 stays at the hub's
 * path and gets its `pagination`; pages 2..n follow at `<hub>/<segment>/<n>` in every URL form
 * of the hub's locale, each its own canonical, with alternates in the locales that have as many
 * pages. `/blog/page/1` is never planned. A page URL a route already has is an error at the
 * hub's `paginate:`.
 */
export function paginatedPages(
  pages: readonly PagePlan[],
  routes: readonly Route[],
  problems: Problems,
  /** A child's tags in a locale: a tag's listing (`tag-pages.ts`) is paginated by the children it lists. */
  tagsOf: (route: Route, locale: Locale) => readonly string[] = () => [],
): PagePlan[] {
  const hubs = new Map(routes.filter((route) => route.pagination !== undefined).map((route) => [route.id, route]));
  if (hubs.size === 0) return [...pages];
  const counts = childCounts(routes, tagsOf);
  const taken = new Set(pages.map((page) => page.url));
  const result: PagePlan[] = [];
  const extra: PagePlan[] = [];
  for (const page of pages) {
    const hub = hubs.get(page.routeId);
    if (!hub) {
      result.push(page);
      continue;
    }
    const { size, segments } = hub.pagination!;
    const pageCount = (locale: Locale) => Math.max(1, Math.ceil((counts.get(`${hub.id}\0${locale}\0${page.tag ?? ''}`) ?? 0) / size));
    const pages = pageCount(page.locale);
    const urls = Array.from({ length: pages }, (_, index) => numberedUrl(page.canonical, segments[page.locale]!, index + 1));
    result.push({ ...page, pagination: { page: 1, pages, size, urls } });
    for (let n = 2; n <= pages; n++) {
      const url = numberedUrl(page.url, segments[page.locale]!, n);
      if (taken.has(url)) {
        problems.add('routes/url-taken', `page ${n} of hub "${hub.id}" in ${page.locale} has the URL ${url}, which another page already has`, {
          ...hub.at.paginate,
          hint: `choose another pagination.path for ${page.locale} in content/routes.yaml, or another path for the route that has ${url}`,
        });
        continue;
      }
      taken.add(url);
      // Page n of the other locales that have an n-th page (of the same listing).
      const alternates = Object.fromEntries(Object.entries(page.alternates).filter(([locale]) => pageCount(locale) >= n).map(([locale, base]) => [locale, numberedUrl(base, segments[locale]!, n)]));
      extra.push({
        ...page,
        url,
        canonical: urls[n - 1]!,
        alternates,
        outputPath: outputPathOf(url, 'index.html'),
        payloadPath: outputPathOf(url, '_payload.json'),
        pagination: { page: n, pages, size, urls },
      });
    }
  }
  // After every route's own pages: the first page of a route stays the one links resolve to.
  return [...result, ...extra];
}

/** `/blog` + `page` + 2 -> `/blog/page/2`; page 1 is the base itself; the home `/` -> `/page/2`. */
function numberedUrl(base: string, segment: string, n: number): string {
  if (n === 1) return base;
  return `${base === '/' ? '' : base}/${segment}/${n}`;
}

/** How many children each route has in each locale, and with each tag (`<route id>\0<locale>\0<tag or "">`): what its hub lists. */
function childCounts(routes: readonly Route[], tagsOf: (route: Route, locale: Locale) => readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const route of routes) {
    if (route.parent === undefined) continue;
    for (const locale of Object.keys(route.paths)) {
      add(`${route.parent}\0${locale}\0`);
      for (const tag of new Set(tagsOf(route, locale))) add(`${route.parent}\0${locale}\0${tag}`);
    }
  }
  return counts;
}
