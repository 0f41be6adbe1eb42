import { localizedUrl, type Locale, type SiteLocales } from '../../shared/locales';
import type { Problems } from '../diagnostics/diagnostic';
import type { Route } from './route-table';
import type { PageInfo } from '../template-api';

/** A page to write: a route in a locale and URL form, with where its files go. */
export interface PagePlan extends PageInfo {
  route: Route;
  /** false only for the default locale's unprefixed form. */
  prefixed: boolean;
  /** `hu/karrier/index.html`, relative to the output folder. */
  outputPath: string;
  /** `hu/karrier/_payload.json`, beside the page. */
  payloadPath: string;
}

/**
 * Plans every page: each route in the default locale without a prefix, then in every locale
 * with its prefix (`/career`, `/en/career`, `/hu/karrier`, `/de/karriere`). A page at
 * `/career` goes to `career/index.html`, so a server that maps a path to its `index.html`
 * serves it at `/career` without a redirect. Two pages on one URL are an error at the later
 * route's path.
 */
export function planPages(routes: readonly Route[], locales: SiteLocales, problems: Problems): PagePlan[] {
  const pages: PagePlan[] = [];
  const taken = new Map<string, PagePlan>();
  const forms: Array<[Locale, boolean]> = [[locales.default, false], ...locales.all.map(({ code }): [Locale, boolean] => [code, true])];
  const prefixes = locales.all.map(({ code }) => `/${code}`).join(', ');
  for (const route of routes) {
    const alternates = Object.fromEntries(locales.all.map(({ code }) => [code, canonicalUrl(route, code, locales)]));
    for (const [locale, prefixed] of forms) {
      const url = localizedUrl(route.paths[locale]!, locale, prefixed);
      const page: PagePlan = {
        route,
        routeId: route.id,
        template: route.template,
        locale,
        prefixed,
        url,
        canonical: alternates[locale]!,
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
          { ...route.at.path(locale), hint: `give every page its own path; paths in ${locales.default} must not start with ${prefixes}` },
        );
        continue;
      }
      taken.set(url, page);
      pages.push(page);
    }
  }
  return pages;
}

/** The URL a route's page has in a locale when linked: the default locale's unprefixed, others prefixed. */
export function canonicalUrl(route: Route, locale: Locale, locales: SiteLocales): string {
  return localizedUrl(route.paths[locale]!, locale, locale !== locales.default);
}

/** `/` -> `index.html`, `/hu/karrier` -> `hu/karrier/index.html`. */
export function outputPathOf(url: string, fileName: string): string {
  return url === '/' ? fileName : `${url.slice(1)}/${fileName}`;
}
