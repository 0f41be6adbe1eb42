import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * What a publish of an output folder should put in the bucket, worked out here from the files
 * alone: every file with its MD5, and for every page URL of the route manifest (other than
 * `/`) a copy of its index.html at the bare path. Keys relative to the target's prefix.
 */
export async function expectedObjects(out: string): Promise<{ buildId: string; release: string; objects: Map<string, { md5: string; clean: boolean }> }> {
  const entries = await readdir(out, { recursive: true, withFileTypes: true });
  const objects = new Map<string, { md5: string; clean: boolean }>();
  for (const entry of entries.filter((item) => item.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    // Host configuration for Netlify and Cloudflare Pages, not published (docs/security.md).
    if (path.relative(out, file) === '_headers') continue;
    objects.set(path.relative(out, file).split(path.sep).join('/'), { md5: createHash('md5').update(await readFile(file)).digest('hex'), clean: false });
  }
  const { id, release } = JSON.parse(await readFile(path.join(out, '_sitegen/builds/latest.json'), 'utf8')) as { id: string; release: string };
  const { routes } = JSON.parse(await readFile(path.join(out, `_sitegen/builds/meta/${release}.json`), 'utf8')) as { routes: Record<string, unknown> };
  for (const url of Object.keys(routes)) {
    if (url === '/') continue;
    const key = url.slice(1);
    objects.set(key, { md5: objects.get(`${key}/index.html`)!.md5, clean: true });
  }
  return { buildId: id, release, objects };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  // Pagefind's index: binary, gzipped.
  '.pagefind': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pf_meta': 'application/octet-stream',
};

/** The headers docs/publish.md promises for a key. */
export function expectedHeaders(key: string, clean: boolean): { contentType: string; cacheControl: string } {
  const contentType = clean ? TYPES['.html']! : key === '_redirects' ? 'text/plain; charset=utf-8' : TYPES[path.extname(key)]!;
  // A search index's folder is written by every build of the same Pagefind: its entry changes in place, its data by Pagefind's short hashes.
  if (isSearchEntry(key)) return { contentType, cacheControl: 'public, max-age=0, must-revalidate' };
  if (/^_sitegen\/assets\/search-[^/]+\/((fragment|index|filter)\/|pagefind\.[^/]+\.pf_meta$)/.test(key)) return { contentType, cacheControl: 'public, max-age=3600' };
  if (key.startsWith('_sitegen/assets/') || key.startsWith('_sitegen/builds/meta/')) return { contentType, cacheControl: 'public, max-age=31536000, immutable' };
  if (key.startsWith('_i18n/')) return { contentType, cacheControl: 'public, max-age=86400' };
  const listsPages = key === 'sitemap.xml' || key === 'robots.txt' || key.endsWith('feed.xml');
  if (clean || listsPages || key.endsWith('.html') || key.endsWith('_payload.json') || key.startsWith('_sitegen/builds/')) {
    return { contentType, cacheControl: 'public, max-age=0, must-revalidate' };
  }
  return { contentType, cacheControl: 'public, max-age=3600' };
}

const isSearchEntry = (key: string) => /^_sitegen\/assets\/search-[^/]+\/pagefind-entry\.json$/.test(key);

/** The upload phase a key belongs to: 0 deploy record, 1 assets and other files, 2 pages, payloads and search entries, 3 latest.json. */
export function phaseOfKey(key: string, clean: boolean): number {
  if (key.startsWith('_sitegen/builds/deploys/')) return 0;
  if (key === '_sitegen/builds/latest.json') return 3;
  if (clean || isSearchEntry(key) || key.endsWith('.html') || key.endsWith('_payload.json') || key === 'sitemap.xml' || key === 'robots.txt' || key.endsWith('feed.xml')) return 2;
  return 1;
}
