import { outputFileCandidates } from '../engine/inspect';
import { isLocaleOf, type Locale, type SiteLocales } from '../shared/locales';

/** Where a reference leads. */
export type Resolved =
  | { kind: 'external' }
  | { kind: 'invalid'; reason: string }
  /** On the site: `path` decoded, without query; `fragment` decoded, or undefined. */
  | { kind: 'internal'; path: string; fragment: string | undefined };

// Schemes that are not a place on the site and are not checked.
const OTHER_SCHEMES = /^(mailto|tel|sms|javascript|data|blob|about):/i;

/**
 * Resolves `raw` the way a browser does from a document served at `documentUrl`. Links to
 * other origins, `mailto:`, `tel:` and the like are external; everything on `origin` is internal.
 */
export function resolveReference(raw: string, documentUrl: string, origin: string): Resolved {
  if (OTHER_SCHEMES.test(raw)) return { kind: 'external' };
  if (raw.startsWith('#')) {
    // Within the page: most links of this kind (skip link, menu) need no URL parsing.
    try {
      return { kind: 'internal', path: documentUrl, fragment: raw.length > 1 ? decodeURIComponent(raw.slice(1)) : undefined };
    } catch {
      return { kind: 'invalid', reason: 'has a malformed %-escape' };
    }
  }
  let url: URL;
  try {
    url = new URL(raw, origin + documentUrl);
  } catch {
    return { kind: 'invalid', reason: 'is not a valid URL' };
  }
  if (url.origin !== origin) return { kind: 'external' };
  try {
    const fragment = url.hash.length > 1 ? decodeURIComponent(url.hash.slice(1)) : undefined;
    return { kind: 'internal', path: decodeURIComponent(url.pathname), fragment };
  } catch {
    return { kind: 'invalid', reason: 'has a malformed %-escape' };
  }
}

/** The output file production serves for a path (`/career` is `career/index.html`), if there is one. */
export function fileServing(urlPath: string, files: ReadonlySet<string>): string | undefined {
  return outputFileCandidates(urlPath).find((candidate) => files.has(candidate));
}

/** A page URL as the manifest writes it: no trailing slash except for the root. */
export function pageUrlOf(urlPath: string): string {
  return urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
}

/** The locale a path's prefix names (`/hu/...` is `hu`), undefined for unprefixed paths. */
export function prefixLocale(urlPath: string, locales: SiteLocales): Locale | undefined {
  const first = urlPath.split('/')[1];
  return isLocaleOf(locales, first) ? first : undefined;
}
