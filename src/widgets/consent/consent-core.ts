/**
 * Cookie consent without React: what was declared, what the visitor chose, and the analytics
 * tag that runs only while its cookie is enabled. The loader uses it on every page; the
 * consent widget uses it when the visitor decides.
 */
import {
  CONSENT_ENABLED_COOKIE,
  CONSENT_GIVEN_COOKIE,
  ENABLED_SEPARATOR,
  deleteCookie,
  readCookie,
  writeCookie,
} from '../../shared/cookies';
import type { ConsentConfig } from '../../shared/runtime-config';

export type { ConsentConfig };

/** `ncc_c` as the current declaration writes it: every id, concatenated in order. */
export function declarationStamp(config: ConsentConfig): string {
  return config.cookies.map((cookie) => cookie.id).join('');
}

/** The optional cookie ids the visitor enabled, or undefined when consent must be asked (again). */
export function currentConsent(config: ConsentConfig): string[] | undefined {
  if (readCookie(document, CONSENT_GIVEN_COOKIE) !== declarationStamp(config)) return undefined;
  const enabled = readCookie(document, CONSENT_ENABLED_COOKIE) ?? '';
  const optional = new Set(config.cookies.filter((cookie) => !cookie.necessary).map((cookie) => cookie.id));
  return enabled.split(ENABLED_SEPARATOR).filter((id) => optional.has(id));
}

/** Stores the visitor's choice and applies it at once: starts or stops analytics. */
export function saveConsent(config: ConsentConfig, enabled: readonly string[]): void {
  const secure = location.protocol === 'https:';
  const optional = config.cookies.filter((cookie) => !cookie.necessary);
  const chosen = optional.filter((cookie) => enabled.includes(cookie.id)).map((cookie) => cookie.id);
  writeCookie(document, CONSENT_GIVEN_COOKIE, declarationStamp(config), secure);
  writeCookie(document, CONSENT_ENABLED_COOKIE, chosen.join(ENABLED_SEPARATOR), secure);
  for (const cookie of optional) {
    if (!chosen.includes(cookie.id)) deleteBrowserCookies(cookie.names);
  }
  applyConsent(config, chosen);
}

type Gtag = (...args: unknown[]) => void;
interface AnalyticsWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
  [disable: `ga-disable-${string}`]: boolean | undefined;
}

const TAG_ID = 'sitegen-analytics';

/** Runs analytics while its cookie id is enabled, and stops it otherwise. */
export function applyConsent(config: ConsentConfig, enabled: readonly string[]): void {
  const analytics = config.analytics;
  if (!analytics) return;
  const win = window as unknown as AnalyticsWindow;
  const on = enabled.includes(analytics.cookieId);
  if (!on) {
    if (win.gtag) win.gtag('consent', 'update', { analytics_storage: 'denied' });
    win[`ga-disable-${analytics.measurementId}`] = true;
    document.getElementById(TAG_ID)?.remove();
    return;
  }
  win[`ga-disable-${analytics.measurementId}`] = false;
  if (document.getElementById(TAG_ID)) return;
  win.dataLayer = win.dataLayer ?? [];
  const gtag: Gtag = function () {
    // gtag.js reads the arguments object itself, not an array.
    // eslint-disable-next-line prefer-rest-params
    win.dataLayer!.push(arguments);
  };
  win.gtag = gtag;
  // Denied until this visitor's consent is applied, then granted for analytics only.
  gtag('consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' });
  gtag('consent', 'update', { analytics_storage: 'granted' });
  gtag('js', new Date());
  gtag('config', analytics.measurementId);
  const script = document.createElement('script');
  script.id = TAG_ID;
  script.async = true;
  script.src = `${analytics.scriptUrl}?id=${encodeURIComponent(analytics.measurementId)}`;
  document.head.append(script);
}

/** Deletes the named cookies (prefixes ending in `*`) for this host and its parent domains. */
function deleteBrowserCookies(names: readonly string[]): void {
  const present = document.cookie.split('; ').map((part) => part.split('=')[0]!);
  const domains = [undefined, ...parentDomains(location.hostname)];
  for (const name of present) {
    const match = names.some((pattern) => (pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern));
    if (match) for (const domain of domains) deleteCookie(document, name, domain);
  }
}

function parentDomains(hostname: string): string[] {
  const parts = hostname.split('.');
  const domains: string[] = [];
  for (let i = 0; i < parts.length - 1; i++) domains.push(`.${parts.slice(i).join('.')}`);
  return domains;
}
