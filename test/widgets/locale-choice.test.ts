/**
 * Which locale a visitor of `/` gets, decided by the inline script before the first paint, and
 * the locale cookie the switcher writes: run in Node against a fake browser, beside the
 * Chromium suite (test/browser/locale.test.ts).
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LOCALE_COOKIE, rememberLocale, storedLocale } from '../../src/shared/cookies';
import { detectLocaleScript } from '../../src/shared/detect-locale-script';
import type { SiteLocales } from '../../src/shared/locales';

const SITE: SiteLocales = {
  default: 'en',
  all: [
    { code: 'en', tag: 'en-US', name: 'English', flag: '/flags/en.svg', dir: 'ltr', ogLocale: 'en_US' },
    { code: 'hu', tag: 'hu-HU', name: 'Magyar', flag: '/flags/hu.svg', dir: 'ltr', ogLocale: 'hu_HU' },
    { code: 'de', tag: 'de-DE', name: 'Deutsch', flag: '/flags/de.svg', dir: 'ltr', ogLocale: 'de_DE' },
  ],
} as unknown as SiteLocales;

/** Runs the script as `/` would for a browser with these languages and cookies: where it goes, and the cookie it writes. */
function visit(options: { languages?: string[]; language?: string; cookie?: string; userAgent?: string; protocol?: string }) {
  const written: string[] = [];
  let went: string | undefined;
  const document = {
    get cookie() {
      return options.cookie ?? '';
    },
    set cookie(value: string) {
      written.push(value);
    },
  };
  runInNewContext(detectLocaleScript(SITE), {
    navigator: { languages: options.languages, language: options.language, userAgent: options.userAgent ?? 'Mozilla/5.0 Chrome/130' },
    document,
    location: { protocol: options.protocol ?? 'https:', search: '?a=1', hash: '#x', replace: (url: string) => (went = url) },
  });
  return { went, written };
}

describe('the locale of a first visit to /', () => {
  it('follows the browser: the whole tag, then its language, then the default', () => {
    expect(visit({ languages: ['hu-HU', 'en'] }).went).toBe('/hu?a=1#x');
    expect(visit({ languages: ['de-AT'] }).went).toBe('/de?a=1#x');
    expect(visit({ languages: ['fr-FR', 'de'] }).went).toBe('/de?a=1#x');
    expect(visit({ languages: ['fr-FR'] }).went).toBeUndefined();
    expect(visit({ language: 'hu' }).went).toBe('/hu?a=1#x');
  });

  it('stores what it chose for a year, secure on https only', () => {
    const [cookie] = visit({ languages: ['hu'] }).written;
    expect(cookie).toMatch(new RegExp(`^${LOCALE_COOKIE}=hu; max-age=31536000; path=/; samesite=lax; secure$`));
    expect(visit({ languages: ['hu'], protocol: 'http:' }).written[0]).not.toContain('secure');
  });

  it('keeps a stored choice over the browser, and ignores a stored code the site does not have', () => {
    expect(visit({ languages: ['hu'], cookie: `${LOCALE_COOKIE}=en` })).toEqual({ went: undefined, written: [] });
    expect(visit({ languages: ['en'], cookie: `x=1; ${LOCALE_COOKIE}=de` }).went).toBe('/de?a=1#x');
    expect(visit({ languages: ['hu'], cookie: `${LOCALE_COOKIE}=fr` }).went).toBe('/hu?a=1#x');
  });

  it('never sends a search engine elsewhere', () => {
    expect(visit({ languages: ['hu'], userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' })).toEqual({ went: undefined, written: [] });
  });
});

describe('the locale cookie', () => {
  it('is read back only for a locale of the site', () => {
    const jar = { cookie: '' };
    rememberLocale(jar, 'de', false);
    expect(jar.cookie).toBe(`${LOCALE_COOKIE}=de; max-age=31536000; path=/; samesite=lax`);
    expect(storedLocale({ cookie: `a=b; ${LOCALE_COOKIE}=de` }, ['en', 'hu', 'de'])).toBe('de');
    expect(storedLocale({ cookie: `${LOCALE_COOKIE}=fr` }, ['en', 'hu', 'de'])).toBeUndefined();
    expect(storedLocale({ cookie: '' }, ['en'])).toBeUndefined();
  });
});
