import path from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
  '.webmanifest': 'application/manifest+json',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.map': 'application/json; charset=utf-8',
};

/** Sent for extensions this table does not know. */
export const UNKNOWN_CONTENT_TYPE = 'application/octet-stream';

/** The Content-Type of an output file, by its extension. */
export function contentTypeOf(file: string): string {
  // The redirect rules of Netlify and Cloudflare Pages, a text file without an extension.
  if (path.basename(file) === '_redirects') return TYPES['.txt']!;
  return TYPES[path.extname(file).toLowerCase()] ?? UNKNOWN_CONTENT_TYPE;
}

/**
 * The output file a URL path is served from, the way production maps it: `/career` is
 * `career/index.html` (no redirect), `/` is `index.html`, other paths are files as they are.
 */
export function outputFileCandidates(urlPath: string): string[] {
  const clean = urlPath.replace(/^\/+|\/+$/g, '');
  return clean === '' ? ['index.html'] : [clean, `${clean}/index.html`];
}
