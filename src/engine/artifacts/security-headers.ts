import type { InlineSources } from './inline-sources';
import type { SiteSettings } from '../config/site-settings';

/** One response header, in the order it is written. */
export type Header = readonly [name: string, value: string];

/**
 * Where Google Analytics 4 sends hits and loads pixels (Google's "Use Tag Manager with a CSP"
 * guide, GA4 section): region hosts like `region1.google-analytics.com` included.
 */
const GA4_CONNECT = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'];
const GA4_IMAGES = ['https://*.google-analytics.com', 'https://*.googletagmanager.com'];

/**
 * Browser features the site never uses, switched off for it and anything it might embed. Only
 * features Chromium knows: an unknown one (`interest-cohort`) is a console error on every page.
 */
const FEATURES_OFF = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

/** Two years, subdomains included; no `preload` (see docs/security.md). */
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * The Content-Security-Policy of the site, from what its pages contain: the hashes of every
 * inline script and style, `'self'` for the bundles, the PocketBase origin for the forms, and
 * the analytics hosts only when analytics is configured.
 */
export function contentSecurityPolicy(site: SiteSettings, inline: InlineSources): string {
  const backend = new URL(site.backendUrl).origin;
  const analytics = site.analytics;
  const styles = [...(inline.linkedStylesheet ? ["'self'"] : []), ...inline.styles];
  if (inline.styleAttributes.length > 0) styles.push("'unsafe-hashes'", ...inline.styleAttributes);
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'none'"]],
    // Site search runs Pagefind's WebAssembly, which needs 'wasm-unsafe-eval' (it allows compiling WebAssembly, not eval of script).
    ['script-src', ["'self'", ...(site.search.enabled ? ["'wasm-unsafe-eval'"] : []), ...inline.scripts, ...(analytics ? [new URL(analytics.scriptUrl).origin] : [])]],
    ['style-src', styles.length > 0 ? styles : ["'none'"]],
    ['img-src', ["'self'", ...inline.imageSources, ...(analytics ? GA4_IMAGES : [])]],
    // The site's own typeface, self-hosted; no font from another host.
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", backend, ...(analytics ? GA4_CONNECT : [])]],
    // Before its island hydrates, a form submits to its own page.
    ['form-action', ["'self'", backend]],
    ['manifest-src', ["'self'"]],
    ['base-uri', ["'none'"]],
    ['object-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`).join('; ');
}

/** Every header the site's responses carry, the policy first. */
export function securityHeaders(site: SiteSettings, inline: InlineSources): Header[] {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(site, inline)],
    ['X-Content-Type-Options', 'nosniff'],
    // frame-ancestors says the same to browsers that read CSP; this is for those that do not.
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', FEATURES_OFF.map((feature) => `${feature}=()`).join(', ')],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Strict-Transport-Security', HSTS],
  ];
}
