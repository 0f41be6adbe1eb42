/**
 * Cookie consent's decisions, in Node against a fake cookie jar: when to ask (again), what a
 * choice stores and deletes, and when analytics runs. Chromium shows the banner and dialog
 * (test/browser/consent.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_ENABLED_COOKIE, CONSENT_GIVEN_COOKIE } from '../../src/shared/cookies';
import { applyConsent, currentConsent, declarationStamp, saveConsent, type ConsentConfig } from '../../src/widgets/consent/consent-core';

const CONFIG: ConsentConfig = {
  cookies: [
    { id: 'necessary', necessary: true, names: ['i18n_redirected', 'ncc_c', 'ncc_e'] },
    { id: 'analytics', necessary: false, names: ['_ga', '_ga_*'] },
  ],
  analytics: { cookieId: 'analytics', measurementId: 'G-TEST', scriptUrl: 'https://tags.example/gtag/js' },
} as ConsentConfig;

/** A browser's cookies for one host: what `document.cookie` reads back, and every assignment. */
function cookieJar(initial: Record<string, string>) {
  const jar = new Map(Object.entries(initial));
  const writes: string[] = [];
  return {
    writes,
    jar,
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(assignment: string) {
      writes.push(assignment);
      const [pair, ...attributes] = assignment.split('; ');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (attributes.includes('max-age=0')) jar.delete(name);
      else jar.set(name, value);
    },
  };
}

let appended: Array<{ id: string; src: string }>;
let windowStub: Record<string, unknown>;

function browser(cookies: Record<string, string>) {
  const document = Object.assign(cookieJar(cookies), {
    getElementById: (id: string) => appended.find((script) => script.id === id) ?? null,
    createElement: () => ({ id: '', src: '', async: false }),
    head: { append: (script: { id: string; src: string }) => appended.push(script) },
  });
  vi.stubGlobal('document', document);
  vi.stubGlobal('location', { protocol: 'https:', hostname: 'www.example.test' });
  vi.stubGlobal('window', windowStub);
  return document;
}

beforeEach(() => {
  appended = [];
  windowStub = {};
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('consent', () => {
  it('is asked while nothing is stored, and again when the declared cookies changed', () => {
    browser({});
    expect(currentConsent(CONFIG)).toBeUndefined();
    browser({ [CONSENT_GIVEN_COOKIE]: 'necessary', [CONSENT_ENABLED_COOKIE]: 'analytics' });
    expect(currentConsent(CONFIG)).toBeUndefined();
    browser({ [CONSENT_GIVEN_COOKIE]: declarationStamp(CONFIG), [CONSENT_ENABLED_COOKIE]: 'analytics' });
    expect(currentConsent(CONFIG)).toEqual(['analytics']);
  });

  it('keeps only optional cookies the site declares from what is stored', () => {
    browser({ [CONSENT_GIVEN_COOKIE]: 'necessaryanalytics', [CONSENT_ENABLED_COOKIE]: 'necessary~analytics~ads' });
    expect(currentConsent(CONFIG)).toEqual(['analytics']);
    browser({ [CONSENT_GIVEN_COOKIE]: 'necessaryanalytics', [CONSENT_ENABLED_COOKIE]: '' });
    expect(currentConsent(CONFIG)).toEqual([]);
  });

  it('stores a rejection, deletes the analytics cookies on every parent domain, and stops analytics', () => {
    const document = browser({ _ga: 'GA1.1', _ga_ABC: 'GS1', i18n_redirected: 'hu' });
    saveConsent(CONFIG, []);
    expect(document.jar.get(CONSENT_GIVEN_COOKIE)).toBe('necessaryanalytics');
    expect(document.jar.get(CONSENT_ENABLED_COOKIE)).toBe('');
    expect([...document.jar.keys()].sort()).toEqual(['i18n_redirected', CONSENT_ENABLED_COOKIE, CONSENT_GIVEN_COOKIE].sort());
    for (const domain of ['.www.example.test', '.example.test']) expect(document.writes).toContain(`_ga=; max-age=0; path=/; domain=${domain}`);
    expect(windowStub['ga-disable-G-TEST']).toBe(true);
    expect(appended).toEqual([]);
  });

  it('starts analytics once when accepted, denied by default and granted for analytics only', () => {
    const document = browser({});
    saveConsent(CONFIG, ['analytics', 'necessary']);
    expect(document.jar.get(CONSENT_ENABLED_COOKIE)).toBe('analytics');
    expect(document.writes.find((write) => write.startsWith(`${CONSENT_GIVEN_COOKIE}=`))).toContain('; secure');
    expect(appended).toHaveLength(1);
    expect(appended[0]!.src).toBe('https://tags.example/gtag/js?id=G-TEST');
    const calls = (windowStub.dataLayer as IArguments[]).map((args) => [...args]);
    expect(calls[0]).toEqual(['consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' }]);
    expect(calls[1]).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
    applyConsent(CONFIG, ['analytics']);
    expect(appended).toHaveLength(1);
  });

  it('runs no analytics on a site without it', () => {
    browser({});
    saveConsent({ ...CONFIG, analytics: null }, ['analytics']);
    expect(appended).toEqual([]);
    expect(windowStub).toEqual({});
  });
});
