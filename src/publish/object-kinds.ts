import { ASSETS_DIR, BUILDS_DIR, contentTypeOf, REDIRECTS_FILE } from '../engine/inspect';

/** What an object of the site is; it decides its headers and when it is uploaded. */
export type ObjectKind = 'record' | 'asset' | 'search-data' | 'search-entry' | 'manifest' | 'messages' | 'history' | 'static' | 'page' | 'payload' | 'index' | 'pointer';

/**
 * Upload phases, in order. Each finishes before the next starts, so nothing is live before
 * what it references: assets before the pages that load them, `latest.json` (which tells open
 * pages a new build is out) after every page.
 */
export const PHASES = ['record', 'assets', 'pages', 'pointer'] as const;
export type Phase = (typeof PHASES)[number];

const REVALIDATE = 'public, max-age=0, must-revalidate';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Headers and phase of each kind (docs/publish.md shows the same table). */
const RULES: Readonly<Record<ObjectKind, { cacheControl: string; phase: Phase }>> = {
  // Deploy records only help the next publish; nothing in the browser reads them.
  record: { cacheControl: REVALIDATE, phase: 'record' },
  // Named by the hash of their content: a new content is a new name.
  asset: { cacheControl: IMMUTABLE, phase: 'assets' },
  // A search index's chunks, fragments and metadata, in a folder every build of the same
  // Pagefind writes to (engine/search/search-index.ts, `bundlesOf`): named by seven hex digits
  // of their content's hash, which can, rarely, name new bytes as an earlier build's file; an
  // hour bounds how long a cache would keep the old ones.
  'search-data': { cacheControl: 'public, max-age=3600', phase: 'assets' },
  // The index's entry names its metadata and changes in place: after the files it names.
  'search-entry': { cacheControl: REVALIDATE, phase: 'pages' },
  // Named by the release, a hash of everything the manifest is made from.
  manifest: { cacheControl: IMMUTABLE, phase: 'assets' },
  // The spec's translation cache: 24 hours (the URL changes with every build anyway).
  messages: { cacheControl: 'public, max-age=86400', phase: 'assets' },
  // The redirect history: the next build reads it (--previous <site URL>) and must see this one's.
  history: { cacheControl: REVALIDATE, phase: 'assets' },
  // Copies of public/ keep their names, so a changed image must show within the hour.
  static: { cacheControl: 'public, max-age=3600', phase: 'assets' },
  page: { cacheControl: REVALIDATE, phase: 'pages' },
  payload: { cacheControl: REVALIDATE, phase: 'pages' },
  // The sitemap, robots.txt and the feeds list pages: revalidated, and sent with the pages.
  index: { cacheControl: REVALIDATE, phase: 'pages' },
  pointer: { cacheControl: REVALIDATE, phase: 'pointer' },
};

export const RECORDS_DIR = `${BUILDS_DIR}/deploys`;
export const POINTER_KEY = `${BUILDS_DIR}/latest.json`;

/** The deploy record of a build (see deploy-record.ts). */
export const recordKey = (buildId: string) => `${RECORDS_DIR}/${buildId}.json`;

/** A search index's entry, and its other files but Pagefind's script and WebAssembly. */
const SEARCH_FOLDER = `^${ASSETS_DIR}/search-[^/]+/`;
const SEARCH_ENTRY = new RegExp(`${SEARCH_FOLDER}pagefind-entry\\.json$`);
const SEARCH_DATA = new RegExp(`${SEARCH_FOLDER}((fragment|index|filter)/[^/]+|pagefind\\.[^/]+\\.pf_meta)$`);

/** The kind of a site key (relative to the target's prefix); `cleanUrl` marks a page's copy at its path. */
export function kindOf(key: string, cleanUrl = false): ObjectKind {
  if (cleanUrl || key.endsWith('.html')) return 'page';
  if (key === POINTER_KEY) return 'pointer';
  if (key.startsWith(`${RECORDS_DIR}/`)) return 'record';
  if (SEARCH_ENTRY.test(key)) return 'search-entry';
  if (SEARCH_DATA.test(key)) return 'search-data';
  if (key.startsWith(`${ASSETS_DIR}/`)) return 'asset';
  if (key.startsWith(`${BUILDS_DIR}/meta/`)) return 'manifest';
  if (key === REDIRECTS_FILE) return 'history';
  if (key.startsWith('_i18n/')) return 'messages';
  if (key.endsWith('/_payload.json') || key === '_payload.json') return 'payload';
  if (key === 'sitemap.xml' || key === 'robots.txt' || key === 'feed.xml' || key.endsWith('/feed.xml')) return 'index';
  return 'static';
}

export interface ObjectHeaders {
  contentType: string;
  cacheControl: string;
  /** `x-amz-website-redirect-location`: the objects at an old URL send the S3 website endpoint's visitors on with a 301. */
  redirectLocation?: string;
}

/** Content-Type and Cache-Control of a site key; a clean URL key is HTML without an extension. */
export function headersOf(key: string, kind: ObjectKind): ObjectHeaders {
  return {
    contentType: kind === 'page' ? contentTypeOf('index.html') : contentTypeOf(key),
    cacheControl: RULES[kind].cacheControl,
  };
}

export function phaseOf(kind: ObjectKind): Phase {
  return RULES[kind].phase;
}

/**
 * Keys that pages load while open, named by their content or release: hashed assets (a
 * search index's files too), messages and route manifests (`/_i18n/<release>/`, `meta/<release>.json`), and deploy records. Those a
 * kept build's record lists stay for a few builds after it.
 */
export function isBuildScoped(key: string): boolean {
  const kind = kindOf(key);
  return kind === 'asset' || kind === 'search-data' || kind === 'messages' || kind === 'manifest' || kind === 'record';
}
