/**
 * The site's locales. Pure data shared by the engine, the templates and the browser widgets:
 * it imports nothing, so every side can bundle it.
 */
export const LOCALES = ['en', 'hu', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

/** English is the default: its pages are also written without a prefix. */
export const DEFAULT_LOCALE: Locale = 'en';

export interface LocaleInfo {
  code: Locale;
  /** BCP 47 tag for `<html lang>`, hreflang and Intl formatting. */
  language: string;
  /** The language's own name, as shown in the language menu. */
  name: string;
  /** OpenGraph form of the tag (`en_US`). */
  ogLocale: string;
}

export const LOCALE_INFO: Readonly<Record<Locale, LocaleInfo>> = {
  en: { code: 'en', language: 'en-US', name: 'English', ogLocale: 'en_US' },
  hu: { code: 'hu', language: 'hu-HU', name: 'Magyar', ogLocale: 'hu_HU' },
  de: { code: 'de', language: 'de-DE', name: 'Deutsch', ogLocale: 'de_DE' },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The URL of a route's locale-relative path in a locale: `/karrier` in `hu` is `/hu/karrier`,
 * the home `/` is `/hu`. With `prefixed: false` (English default form) the path stays as is.
 */
export function localizedUrl(path: string, locale: Locale, prefixed = true): string {
  if (!prefixed) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}
