import { localeCodes, localeInfo } from '../../shared/locales';
import type { PageReuse } from '../cache/page-reuse';
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
      if (cached?.html !== undefined && cached.fingerprint === fingerprint) {
        pages.set(file, cached.html);
        continue;
      }
      const variants = locale === defaultLocale ? locales.filter((other) => other.locale !== locale).map(({ locale: _locale, ...rest }) => rest) : undefined;
      const html = renderDocument(
        input.templates.ErrorPage,
        { kind, site: input.site, assets: input.assets, build: input.build, ...own, variants },
        `/${file}`,
        input.templateFiles,
        problems,
      );
      // The error pages render after every page, so every body is there.
      if (html === BODY_PENDING) everyBodyWasThere();
      const placed = html === undefined ? undefined : withImages(html, input.images, `/${file}`, problems);
      if (placed === undefined) continue;
      pages.set(file, placed);
      // A few pages: a persistent cache renders them every time.
      if (reuse && !reuse.inOutput) reuse.pages.set(file, { fingerprint: fingerprint!, deps: [], html: placed });
    }
  }
  return pages;
}
