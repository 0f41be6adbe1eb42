import type { Locale } from '../../shared/locales';
import type { Problems } from '../diagnostics/diagnostic';
import { outputPathOf, type PagePlan } from './plan-pages';
import type { Route } from './route-table';

/** A tag id: what front matter's `tags:` lists, and the last segment of its listing's URL. */
export const TAG_ID = /^[a-z0-9][a-z0-9-]*$/;

/**
 * The tag listings of hubs with `tags: true`: for every tag the hub's published children have
 * in a locale, a page of the hub's route at `<hub>/<segment>/<tag>` in each URL form, with
 * alternates to the same tag's listing in the locales that have it. Every page of such a hub
 * gets the tag cloud: each tag with its listing's canonical URL and how many children it has.
 * `tagsOf` gives a child's tags (ids) in a locale; a listing URL a page already has is an error
 * at the hub's `tags:`.
 */
export function tagPages(pages: readonly PagePlan[], routes: readonly Route[], tagsOf: (route: Route, locale: Locale) => readonly string[], problems: Problems): PagePlan[] {
  const hubs = new Map(routes.filter((route) => route.tagging !== undefined).map((route) => [route.id, route]));
  if (hubs.size === 0) return [...pages];
  // Tag -> how many children of the hub have it, by `<hub id>\0<locale>`.
  const counts = new Map<string, Map<string, number>>();
  for (const route of routes) {
    if (route.parent === undefined || !hubs.has(route.parent)) continue;
    for (const locale of Object.keys(route.paths)) {
      const key = `${route.parent}\0${locale}`;
      const byTag = counts.get(key) ?? new Map<string, number>();
      for (const tag of new Set(tagsOf(route, locale))) byTag.set(tag, (byTag.get(tag) ?? 0) + 1);
      counts.set(key, byTag);
    }
  }
  const taken = new Set(pages.map((page) => page.url));
  const tagsIn = (hub: string, locale: Locale) => counts.get(`${hub}\0${locale}`) ?? new Map<string, number>();
  const listingUrl = (base: string, hub: Route, locale: Locale, tag: string) => `${base === '/' ? '' : base}/${hub.tagging!.segments[locale]}/${tag}`;
  const result: PagePlan[] = [];
  const extra: PagePlan[] = [];
  for (const page of pages) {
    const hub = hubs.get(page.routeId);
    if (!hub || page.tag !== undefined) {
      result.push(page);
      continue;
    }
    const byTag = tagsIn(hub.id, page.locale);
    const ids = [...byTag.keys()].sort();
    const tagCloud = ids.map((id) => ({ id, url: listingUrl(page.canonical, hub, page.locale, id), count: byTag.get(id)! }));
    result.push({ ...page, tagCloud });
    for (const tag of ids) {
      const url = listingUrl(page.url, hub, page.locale, tag);
      if (taken.has(url)) {
        problems.add('routes/url-taken', `the listing of tag "${tag}" of hub "${hub.id}" in ${page.locale} has the URL ${url}, which another page already has`, {
          ...hub.at.tags,
          hint: `choose another tags.path for ${page.locale} in content/routes.yaml, or another path for the route that has ${url}`,
        });
        continue;
      }
      taken.add(url);
      const alternates = Object.fromEntries(Object.entries(page.alternates).filter(([locale]) => tagsIn(hub.id, locale).has(tag)).map(([locale, base]) => [locale, listingUrl(base, hub, locale, tag)]));
      extra.push({ ...page, url, canonical: listingUrl(page.canonical, hub, page.locale, tag), alternates, outputPath: outputPathOf(url, 'index.html'), payloadPath: outputPathOf(url, '_payload.json'), tag, tagCloud });
    }
  }
  return [...result, ...extra];
}

/** The tag ids of a page's front matter data: its `tags:` list, what in it is a tag id. */
export function tagsIn(data: Readonly<Record<string, unknown>> | undefined): string[] {
  const tags = data?.tags;
  return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string' && TAG_ID.test(tag)) : [];
}
