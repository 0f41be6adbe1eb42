/**
 * The site's locales are configuration (`locales:` in `content/site.yaml`), not code: this
 * module holds their shape and the pure helpers every side uses. It imports nothing, so the
 * engine, the templates and the browser widgets can all bundle it.
 */

/** A locale's code: the URL prefix (`/hu`), the folder of its content and its locale file. */
export type Locale = string;

export interface LocaleInfo {
  code: Locale;
  /** BCP 47 tag for `<html lang>`, `Intl` formatting and the backend's `Accept-Language`. */
  tag: string;
  /** The language's own name, as shown in the language menu. */
  name: string;
  /** URL path of its flag image (in `public/`). */
  flag: string;
  /** Text direction: `rtl` is rendered as `<html dir="rtl">`. */
  dir: 'ltr' | 'rtl';
  /** OpenGraph form of the tag (`en_US`). */
  ogLocale: string;
}

/** The locales of a site, in the order of `site.yaml`; the default one's pages also exist without a prefix. */
export interface SiteLocales {
  readonly all: readonly LocaleInfo[];
  readonly default: Locale;
}

/** The codes of a site's locales, in order. */
export function localeCodes(locales: SiteLocales): Locale[] {
  return locales.all.map((locale) => locale.code);
}

export function isLocaleOf(locales: SiteLocales, value: unknown): value is Locale {
  return typeof value === 'string' && locales.all.some((locale) => locale.code === value);
}

/** A locale's details; throws for a code the site does not have (a mistake of the caller). */
export function localeInfo(locales: SiteLocales, code: Locale): LocaleInfo {
  const found = locales.all.find((locale) => locale.code === code);
  if (!found) throw new Error(`"${code}" is not a locale of the site (${localeCodes(locales).join(', ')})`);
  return found;
}

/**
 * The URL of a route's locale-relative path in a locale: `/karrier` in `hu` is `/hu/karrier`,
 * the home `/` is `/hu`. With `prefixed: false` (the default locale's unprefixed form) the path
 * stays as is.
 */
export function localizedUrl(path: string, locale: Locale, prefixed = true): string {
  if (!prefixed) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** The home page of a locale: `/` for the default locale, `/hu` for the others. */
export function homeUrl(locales: SiteLocales, locale: Locale): string {
  return localizedUrl('/', locale, locale !== locales.default);
}

/** The locale a URL path belongs to, by its first segment: the default locale when it has no prefix. */
export function localeOfPath(locales: SiteLocales, path: string): Locale {
  const first = path.split('/')[1];
  return isLocaleOf(locales, first) ? first : locales.default;
}
