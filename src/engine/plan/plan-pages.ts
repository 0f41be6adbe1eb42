import { DEFAULT_LOCALE, LOCALES, localizedUrl, type Locale } from '../../shared/locales';
import type { Problems } from '../diagnostics/diagnostic';
import type { Route } from './route-table';
import type { PageInfo } from '../template-api';

/** A page to write: a route in a locale and URL form, with where its files go. */
export interface PagePlan extends PageInfo {
  route: Route;
  /** false only for the unprefixed English form. */
  prefixed: boolean;
  /** `hu/karrier/index.html`, relative to the output folder. */
  outputPath: string;
  /** `hu/karrier/_payload.json`, beside the page. */
  payloadPath: string;
}

/**
 * Plans every page: each route in four forms (English without prefix, then `/en`, `/hu`,
 * `/de`). A page at `/career` goes to `career/index.html`, so a server that maps a path to
 * its `index.html` serves it at `/career` without a redirect. Two pages on one URL are an
 * error at the later route's path.
 */
export function planPages(routes: readonly Route[], problems: Problems): PagePlan[] {
  const pages: PagePlan[] = [];
  const taken = new Map<string, PagePlan>();
  for (const route of routes) {
    const alternates = Object.fromEntries(
      LOCALES.map((locale) => [locale, canonicalUrl(route, locale)]),
    ) as Record<Locale, string>;
    const forms: Array<[Locale, boolean]> = [[DEFAULT_LOCALE, false], ...LOCALES.map((l): [Locale, boolean] => [l, true])];
    for (const [locale, prefixed] of forms) {
      const url = localizedUrl(route.paths[locale], locale, prefixed);
      const page: PagePlan = {
        route,
        routeId: route.id,
        template: route.template,
        locale,
        prefixed,
        url,
        canonical: alternates[locale],
        alternates,
        parent: route.parent,
        outputPath: outputPathOf(url, 'index.html'),
        payloadPath: outputPathOf(url, '_payload.json'),
      };
      const clash = taken.get(url);
      if (clash) {
        problems.add(
          'routes/url-taken',
          `the ${locale} path "${route.paths[locale]}" gives the URL ${url}, which route "${clash.routeId}" already has`,
          { ...route.at.path(locale), hint: 'give every page its own path; English paths must not start with /en, /hu or /de' },
        );
        continue;
      }
      taken.set(url, page);
      pages.push(page);
    }
  }
  return pages;
}

/** The URL a route's page has in a locale when linked: English unprefixed, others prefixed. */
export function canonicalUrl(route: Route, locale: Locale): string {
  return localizedUrl(route.paths[locale], locale, locale !== DEFAULT_LOCALE);
}

/** `/` -> `index.html`, `/hu/karrier` -> `hu/karrier/index.html`. */
export function outputPathOf(url: string, fileName: string): string {
  return url === '/' ? fileName : `${url.slice(1)}/${fileName}`;
}
