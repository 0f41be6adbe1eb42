import { localeCodes, localeInfo } from '../../shared/locales';
import { contentHash } from '../base/content-hash';
import { textOf } from '../base/output-paths';
import type { PageReuse, ReusablePage } from '../cache/page-reuse';
import type { Problems } from '../diagnostics/diagnostic';
import { createI18n } from '../messages/i18n';
import { createLinks } from '../plan/links';
import { withImages } from './page-images';
import { feedHubs, linkSources } from './page-renderer';
import { BODY_PENDING, everyBodyWasThere, renderDocument } from './render-document';
import type { RenderInput } from './render-input';
import { runtimeConfig } from './runtime-config';

/**
 * The error pages in every locale: `404.html` (not found) and `error.html` (any other error) in
 * English, the same under each other locale's prefix (`hu/404.html`). The unprefixed ones also
 * get the other locales' versions (`variants`): hosts with one error document for every path
 * serve them, and they show the locale of the path.
 */
export function renderErrorPages(input: RenderInput, problems: Problems, reuse?: PageReuse): Map<string, string> {
  const defaultLocale = input.site.locales.default;
  const codes = localeCodes(input.site.locales);
  const locales = codes.map((locale) => ({
    locale,
    i18n: createI18n(localeInfo(input.site.locales, locale), input.catalog),
    links: createLinks(locale, linkSources(input)),
    runtime: runtimeConfig(locale, input),
    feeds: input.feedLinks.get(locale) ?? [],
  }));
  const pages = new Map<string, string>();
  // They show no content: they change with what every page reads and the feeds' hubs only.
  const fingerprint = reuse && [reuse.everything, ...codes.flatMap((locale) => feedHubs(input, locale)).map((dep) => reuse.hashOf(dep))].join('\n');
  for (const [name, kind] of [['404.html', 'not-found'], ['error.html', 'error']] as const) {
    for (const { locale, ...own } of locales) {
      const file = locale === defaultLocale ? name : `${locale}/${name}`;
      const cached = reuse?.pages.get(file);
      const kept = cached && cached.fingerprint === fingerprint ? keptHtml(cached, reuse!) : undefined;
      if (kept !== undefined) {
        pages.set(file, kept);
        continue;
      }
      const variants = locale === defaultLocale ? locales.filter((other) => other.locale !== locale).map(({ locale: _locale, ...rest }) => rest) : undefined;
      const html = renderDocument(
        input.templates.ErrorPage,
        { kind, site: input.site, assets: input.assets, build: input.build, ...own, variants },
        `/${file}`,
        input.templateSources,
        problems,
      );
      // The error pages render after every page, so every body is there.
      if (html === BODY_PENDING) everyBodyWasThere();
      const placed = html === undefined ? undefined : withImages(html, input.images, `/${file}`, problems);
      if (placed === undefined) continue;
      pages.set(file, placed);
      if (!reuse) continue;
      // A watch session keeps the HTML; a persistent cache its hash and a copy, as of any page:
      // rendering them (the default locale's holds every locale's) took a tenth of a build
      // that changed one article.
      if (!reuse.inOutput) reuse.pages.set(file, { fingerprint: fingerprint!, deps: [], html: placed });
      else {
        const entry: ReusablePage = { fingerprint: fingerprint!, deps: [], hash: contentHash(placed) };
        reuse.keepHtml?.(entry, placed);
        reuse.pages.set(file, entry);
        reuse.rendered++;
      }
    }
  }
  return pages;
}

/** The output paths of the error pages of every locale, which the cache keeps beside the planned pages'. */
export function errorPageFiles(locales: RenderInput['site']['locales']): string[] {
  return localeCodes(locales).flatMap((locale) => ERROR_PAGE_NAMES.map((name) => (locale === locales.default ? name : `${locale}/${name}`)));
}

const ERROR_PAGE_NAMES = ['404.html', 'error.html'] as const;

/** An error page as an earlier build made it: from a watch session's memory, or the persistent cache's copy. */
function keptHtml(cached: ReusablePage, reuse: PageReuse): string | undefined {
  if (cached.html !== undefined) return textOf(cached.html);
  const stored = reuse.storedHtml?.(cached);
  return stored && textOf(stored);
}
