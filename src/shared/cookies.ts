/**
 * Cookie names and formats kept from the previous site, so returning visitors keep their
 * choices (see the spec's README). Pure functions over `document.cookie` strings; browser code
 * passes `document`, tests pass a fake.
 */
import type { Locale } from './locales';

export const LOCALE_COOKIE = 'i18n_redirected';
/** The ids of every cookie the site declared when consent was given, concatenated in order. */
export const CONSENT_GIVEN_COOKIE = 'ncc_c';
/** The ids of the optional cookies the visitor enabled, joined by `~`. */
export const CONSENT_ENABLED_COOKIE = 'ncc_e';
export const ENABLED_SEPARATOR = '~';
export const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

interface CookieJar {
  cookie: string;
}

export function readCookie(jar: CookieJar, name: string): string | undefined {
  for (const part of jar.cookie.split('; ')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index) === name) return decodeURIComponent(part.slice(index + 1));
  }
  return undefined;
}

/** Sets a first-party cookie on path `/` for a year, SameSite=Lax, Secure on https. */
export function writeCookie(jar: CookieJar, name: string, value: string, secure: boolean): void {
  jar.cookie = `${name}=${encodeURIComponent(value)}; max-age=${COOKIE_MAX_AGE_SECONDS}; path=/; samesite=lax${secure ? '; secure' : ''}`;
}

/** Deletes a cookie on path `/`, for this host and, when given, a parent domain. */
export function deleteCookie(jar: CookieJar, name: string, domain?: string): void {
  jar.cookie = `${name}=; max-age=0; path=/${domain ? `; domain=${domain}` : ''}`;
}

/** The locale the visitor chose before, if it is one of `locales` (the site's codes). */
export function storedLocale(jar: CookieJar, locales: readonly Locale[]): Locale | undefined {
  const value = readCookie(jar, LOCALE_COOKIE);
  return value !== undefined && locales.includes(value) ? value : undefined;
}

export function rememberLocale(jar: CookieJar, locale: Locale, secure: boolean): void {
  writeCookie(jar, LOCALE_COOKIE, locale, secure);
}
