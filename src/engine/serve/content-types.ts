import path from 'node:path';
import { lookup, mimes } from 'mrmime';

/** Sent for extensions the table does not know. */
export const UNKNOWN_CONTENT_TYPE = 'application/octet-stream';

// Favicons, which mrmime's table leaves out; XML (sitemap, feeds) as application/xml, the
// type of RFC 7303 that takes its charset from the document rather than text/xml's ASCII.
mimes.ico ??= 'image/x-icon';
mimes.xml = 'application/xml';

/**
 * Pagefind's index (docs/content.md, "Search"): gzipped binary chunks and the language's
 * WebAssembly, which its script fetches and unpacks itself. Binary data, on purpose.
 */
const PAGEFIND = /\.(pagefind|pf_fragment|pf_index|pf_meta|pf_filter)$/;

/** Types whose text a browser must read as UTF-8, which is what sitegen writes. */
const TEXT = /^text\/|^application\/(json|xml|manifest\+json)$|\+xml$/;

/**
 * The Content-Type of an output file, by its extension, from mrmime's table (the IANA and
 * Apache types), text types with `charset=utf-8`.
 */
export function contentTypeOf(file: string): string {
  // The redirect rules of Netlify and Cloudflare Pages, a text file without an extension.
  const name = path.basename(file);
  if (PAGEFIND.test(name)) return 'application/octet-stream';
  const type = name === '_redirects' ? 'text/plain' : name.endsWith('.map') ? 'application/json' : lookup(name);
  if (!type) return UNKNOWN_CONTENT_TYPE;
  // An SVG is an image: a charset in its type would make some CDNs compress or serve it as text.
  return TEXT.test(type) && type !== 'image/svg+xml' ? `${type}; charset=utf-8` : type;
}

/** Whether the type of a file is known (Pagefind's binary files are), not sent for want of one. */
export function hasKnownContentType(file: string): boolean {
  return PAGEFIND.test(path.basename(file)) || contentTypeOf(file) !== UNKNOWN_CONTENT_TYPE;
}

/**
 * The output file a URL path is served from, the way production maps it: `/career` is
 * `career/index.html` (no redirect), `/` is `index.html`, other paths are files as they are.
 */
export function outputFileCandidates(urlPath: string): string[] {
  const clean = urlPath.replace(/^\/+|\/+$/g, '');
  return clean === '' ? ['index.html'] : [clean, `${clean}/index.html`];
}
