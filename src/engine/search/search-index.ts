import { createHash } from 'node:crypto';
import type { Locale, LocaleInfo } from '../../shared/locales';
import { ASSETS_DIR, BUILDS_DIR, textOf, type OutputFiles } from '../base/output-paths';
import { contentHash } from '../base/content-hash';
import { DEFAULT_SEARCH_SHARD_PAGES } from '../config/options';
import { indexWithPagefind } from './pagefind-indexing';
import type { SearchPage } from './search-page';
import { planShards, type SearchShard } from './search-shards';
import type { LocaleIndex, SearchStore } from './search-store';

export type { SearchPage } from './search-page';

/** The pages a search finds, by where the build put them: what `indexLater` indexes. */
export interface SearchLater {
  pages: ReadonlyArray<{ url: string; locale: Locale; outputPath: string }>;
  locales: readonly LocaleInfo[];
  /** Pages per index before a locale's is in shards (`SITEGEN_SEARCH_SHARD_PAGES`). */
  shardPages: number;
}

/**
 * The index of a build made with `searchLater` (`sitegen watch`), from its files; and those
 * files with it: the index's folders added (an earlier index's not kept) and `latest.json`
 * naming them, as a build that indexed would have written it. `pause` is awaited before each
 * page is read: watch mode holds the index back while a rebuild runs, and stops it (`pause`
 * throws) once a newer build is served.
 */
export async function indexLater(files: OutputFiles, later: SearchLater, store?: SearchStore, pause?: () => Promise<void>, known?: KnownPageHashes): Promise<SearchIndexes> {
  async function* pages(): AsyncGenerator<SearchPage> {
    const seen = new Set<string>();
    for (const { url, locale, outputPath } of later.pages) {
      await pause?.();
      const html = files.get(outputPath);
      if (html === undefined) continue;
      seen.add(outputPath);
      yield { url, locale, html: () => textOf(html), hash: store && known ? knownHash(known, outputPath, html) : undefined };
    }
    if (known) for (const outputPath of known.keys()) if (!seen.has(outputPath)) known.delete(outputPath);
  }
  return buildSearchIndexes(pages, later.locales, store, later.shardPages, pause);
}

/**
 * The hash of each page's HTML by output path, which a watch session keeps between its indexes:
 * a page whose HTML is the value it was when hashed (the same string or bytes: a page an edit
 * did not render again) is not hashed again. At 5,216 pages that was 200 MB hashed after every
 * edit, a quarter of a second of the thread the next edit's rebuild runs on.
 */
export type KnownPageHashes = Map<string, { html: string | Uint8Array; hash: string }>;

function knownHash(known: KnownPageHashes, outputPath: string, html: string | Uint8Array): string {
  const last = known.get(outputPath);
  if (last && last.html === html) return last.hash;
  const hash = contentHash(textOf(html));
  known.set(outputPath, { html, hash });
  return hash;
}

/** `files` with the index in: its folders added, and `latest.json` naming them. */
export function withSearchIndex(files: OutputFiles, index: Pick<SearchIndexes, 'files' | 'bundles' | 'shards'>): OutputFiles {
  const next: OutputFiles = new Map([...files].filter(([name]) => !SEARCH_FOLDER.test(name)));
  for (const [name, bytes] of index.files) next.set(name, bytes);
  const latest = next.get(LATEST_BUILD);
  if (latest !== undefined) {
    const { search: _earlier, searchShards: _earlierShards, ...rest } = JSON.parse(textOf(latest)) as Record<string, unknown>;
    next.set(LATEST_BUILD, JSON.stringify({ ...rest, ...latestSearch(index) }));
  }
  return next;
}

const SEARCH_FOLDER = new RegExp(`^${ASSETS_DIR}/search-`);
const LATEST_BUILD = `${BUILDS_DIR}/latest.json`;

/**
 * What `latest.json` says of the index, which the search box reads when opened: `search`,
 * locale -> the folder of its index (its first shard's: the one with `pagefind.js`), and only
 * when a locale's index is in shards, `searchShards`, locale -> its other shards' folders, which
 * the box merges into the first (a small site's `latest.json` is as before shards).
 */
export function latestSearch(index: Pick<SearchIndexes, 'bundles' | 'shards'>): { search: Record<Locale, string>; searchShards?: Record<Locale, string[]> } {
  const more = Object.entries(index.shards).filter(([, folders]) => folders.length > 1);
  return { search: index.bundles, ...(more.length > 0 ? { searchShards: Object.fromEntries(more.map(([locale, folders]) => [locale, folders.slice(1)])) } : {}) };
}

/** Each locale's index: the URL of its folder (where `pagefind.js` is), its shards', and what it holds. */
export interface SearchIndexes {
  files: OutputFiles;
  /** Locale -> URL of its bundle's folder (`/_sitegen/assets/search-hu-<hash>/`); the first shard's when it has shards. */
  bundles: Record<Locale, string>;
  /** Locale -> URL of each shard's folder, the first (`bundles`) first: one for a locale under the threshold (`search-shards.ts`). */
  shards: Record<Locale, string[]>;
  /** Pages indexed, the bytes of the index a search fetches from (all files but the script and the WebAssembly), its files and shards, per locale. */
  stats: Record<Locale, { pages: number; bytes: number; files: number; shards: number }>;
  /** The locales Pagefind indexed in this build, wholly or a shard of them (the others' pages were as their kept index's). */
  indexed: Locale[];
  /** The shards Pagefind made in this build, by their name in the store (`hu`, or `hu.2-of-4` for a locale in shards). */
  shardsIndexed: string[];
}

/**
 * One Pagefind index per locale, each with that language's stemming (the language subtag of
 * the locale's tag: `hu` of `hu-HU`), from the pages' `<main>`; a locale of more pages than
 * `shardPages` (`SITEGEN_SEARCH_SHARD_PAGES`, `search-shards.ts`), in shards by the hash of the page's URL,
 * each an index of its own. Each index is its own folder under the assets path, named by
 * Pagefind's version, the locale and the shard (`bundlesOf`), so a search on a Hungarian page fetches the Hungarian index
 * only and nothing of another locale can show up; a locale's shards other than the first leave
 * out Pagefind's script and WebAssembly, which the search box loads from the first (Pagefind's
 * `mergeIndex` runs a merged index on the first one's). Pagefind runs as a child process (its
 * binary comes with the npm package).
 *
 * With a `store`, a shard whose pages (URLs and HTML hashes, in order) are those its kept
 * index was made from takes that index, and Pagefind indexes only the other shards: `pages`
 * is gone through once to plan the shards and once per shard indexed, reading its HTML.
 */
export async function buildSearchIndexes(pages: () => AsyncIterable<SearchPage>, locales: readonly LocaleInfo[], store?: SearchStore, shardPages = DEFAULT_SEARCH_SHARD_PAGES, pause?: () => Promise<void>): Promise<SearchIndexes> {
  return (await startSearchIndexes(pages, locales, store, shardPages, pause)).done;
}

/**
 * `buildSearchIndexes` in two halves: resolves once every page is read and sent to Pagefind,
 * with `done`, the indexes Pagefind is still making in its own process meanwhile, so the build
 * can make its other files beside it. `done` never rejects unawaited.
 */
export async function startSearchIndexes(
  pages: () => AsyncIterable<SearchPage>,
  locales: readonly LocaleInfo[],
  store?: SearchStore,
  shardPages = DEFAULT_SEARCH_SHARD_PAGES,
  /** Awaited before each index's files are taken from Pagefind (`indexLater`'s). */
  pause?: () => Promise<void>,
): Promise<{ done: Promise<SearchIndexes> }> {
  const shards = await planShards(pages(), locales, store !== undefined, shardPages);
  const indexes = new Map<SearchShard, LocaleIndex>();
  for (const shard of shards) {
    const kept = store && (await store.get(shard.name, shard.key!));
    if (kept) indexes.set(shard, kept);
  }
  const missing = shards.filter((shard) => !indexes.has(shard));
  const indexing = missing.length > 0 ? (await indexWithPagefind(pages, missing, pause)).made : undefined;
  const done = (async () => {
    for (const [shard, index] of (await indexing) ?? []) {
      indexes.set(shard, index);
      if (store) await store.put(shard.name, shard.key!, index);
    }
    return bundlesOf(shards, indexes, locales, missing);
  })();
  done.catch(() => undefined);
  return { done };
}

/** Pagefind's script and WebAssembly: served from a locale's first shard only. */
const ENGINE_FILE = /^(pagefind\.js|pagefind-worker\.js|wasm\.)/;

/**
 * Each shard's folder; each locale's first is its bundle. A folder is named by Pagefind's own
 * files (script, worker, WebAssembly: its version), the locale and the shard, not by the index
 * in it: Pagefind names each other file by its content (fragments, index chunks, metadata)
 * except the entry, which names the metadata and which its script fetches past every cache
 * (`?ts=`). So an edited page changes its fragment, a few chunks, the metadata and the entry,
 * and the rest of the folder stays as it was, not written or uploaded again. (Publishing sends
 * the entry to be revalidated, and the index's files with a cache of an hour rather than for
 * good: a hash of seven hex digits can, rarely, name new bytes as an earlier build's file;
 * `publish/object-kinds.ts`.)
 */
function bundlesOf(shards: readonly SearchShard[], indexes: ReadonlyMap<SearchShard, LocaleIndex>, locales: readonly LocaleInfo[], indexed: readonly SearchShard[]): SearchIndexes {
  const files: OutputFiles = new Map();
  const folders = Object.fromEntries(locales.map(({ code }) => [code, [] as string[]])) as Record<Locale, string[]>;
  const stats = Object.fromEntries(locales.map(({ code }) => [code, { pages: 0, bytes: 0, files: 0, shards: 0 }])) as SearchIndexes['stats'];
  const engines = new Map<Locale, string>();
  for (const shard of shards) {
    const { code } = shard.info;
    const list = folders[code]!;
    const first = list.length === 0;
    const served = indexes.get(shard)!.files.filter(([name]) => first || !ENGINE_FILE.test(name));
    if (first) engines.set(code, hashOf(served.filter(([name]) => ENGINE_FILE.test(name))));
    const hash = createHash('sha256').update(`${engines.get(code)}\0${code}\0${shard.shard}/${shard.count}`).digest('hex').slice(0, 10);
    const folder = `${ASSETS_DIR}/search-${code}-${shard.count === 1 ? '' : `${shard.shard + 1}-`}${hash}`;
    for (const [name, bytes] of served) files.set(`${folder}/${name}`, bytes);
    list.push(`/${folder}/`);
    const data = served.filter(([name]) => !ENGINE_FILE.test(name));
    const stat = stats[code]!;
    stat.pages += indexes.get(shard)!.pages;
    stat.bytes += data.reduce((sum, [, bytes]) => sum + bytes.length, 0);
    stat.files += served.length;
    stat.shards++;
  }
  const bundles = Object.fromEntries(locales.map(({ code }) => [code, folders[code]![0]!])) as Record<Locale, string>;
  return {
    files,
    bundles,
    shards: folders,
    stats,
    indexed: locales.filter(({ code }) => indexed.some((shard) => shard.info.code === code)).map(({ code }) => code),
    shardsIndexed: indexed.map((shard) => shard.name),
  };
}

/** The hash of files, by their names and bytes. */
function hashOf(files: LocaleIndex['files']): string {
  const hash = createHash('sha256');
  for (const [name, bytes] of files) hash.update(name).update('\0').update(bytes).update('\0');
  return hash.digest('hex');
}
