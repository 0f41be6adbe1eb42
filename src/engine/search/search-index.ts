import { createHash } from 'node:crypto';
import type { Locale, LocaleInfo } from '../../shared/locales';
import { ASSETS_DIR, BUILDS_DIR, textOf, type OutputFiles } from '../base/output-paths';
import { holdPagefind } from './pagefind-service';
import { CACHE_IDENTITY } from '../config/package-info';
import { contentHash } from '../base/content-hash';
import type { LocaleIndex, SearchStore } from './search-store';

/** A page to be found: its URL, its locale and its HTML as written. */
export interface SearchPage {
  url: string;
  locale: Locale;
  /** The HTML, or how to read it: only the pages of a locale Pagefind indexes are read. */
  html: string | (() => Promise<string>);
  /** `contentHash` of its bytes, when the build knows it: a locale's key is made without reading its pages. */
  hash?: string;
}

/** The pages a search finds, by where the build put them: what `indexLater` indexes. */
export interface SearchLater {
  pages: ReadonlyArray<{ url: string; locale: Locale; outputPath: string }>;
  locales: readonly LocaleInfo[];
}

/**
 * The index of a build made with `searchLater` (`sitegen watch`), from its files; and those
 * files with it: the index's folders added (an earlier index's not kept) and `latest.json`
 * naming them, as a build that indexed would have written it.
 */
export async function indexLater(files: OutputFiles, later: SearchLater, store?: SearchStore): Promise<SearchIndexes> {
  async function* pages(): AsyncGenerator<SearchPage> {
    for (const { url, locale, outputPath } of later.pages) {
      const html = files.get(outputPath);
      if (html === undefined) continue;
      yield { url, locale, html: textOf(html) };
    }
  }
  return buildSearchIndexes(pages, later.locales, store);
}

/** `files` with the index in: its folders added, and `latest.json` naming them. */
export function withSearchIndex(files: OutputFiles, index: Pick<SearchIndexes, 'files' | 'bundles'>): OutputFiles {
  const next: OutputFiles = new Map([...files].filter(([name]) => !SEARCH_FOLDER.test(name)));
  for (const [name, bytes] of index.files) next.set(name, bytes);
  const latest = next.get(LATEST_BUILD);
  if (latest !== undefined) {
    const { search: _earlier, ...rest } = JSON.parse(textOf(latest)) as Record<string, unknown>;
    next.set(LATEST_BUILD, JSON.stringify({ ...rest, search: index.bundles }));
  }
  return next;
}

const SEARCH_FOLDER = new RegExp(`^${ASSETS_DIR}/search-`);
const LATEST_BUILD = `${BUILDS_DIR}/latest.json`;

/** Each locale's index: the URL of its folder (where `pagefind.js` is), and what it holds. */
export interface SearchIndexes {
  files: OutputFiles;
  /** Locale -> URL of its bundle's folder (`/_sitegen/assets/search-hu-<hash>/`). */
  bundles: Record<Locale, string>;
  /** Pages indexed, and the bytes of the index a search fetches from (all files but the script and the WebAssembly), per locale. */
  stats: Record<Locale, { pages: number; bytes: number; files: number }>;
  /** The locales Pagefind indexed in this build (the others' pages were as their kept index's). */
  indexed: Locale[];
}

/**
 * The files of Pagefind's bundle a search needs: its script and worker, the entry, the
 * language's WebAssembly (with the stemmer), the metadata and the chunks. Pagefind's own UIs,
 * highlighting and playground are left out: the site has its own search box.
 */
const NEEDED = /^(pagefind\.js|pagefind-worker\.js|pagefind-entry\.json|wasm\.[a-z-]+\.pagefind|pagefind\.[^/]+\.pf_meta|(index|fragment|filter)\/[^/]+\.pf_(index|fragment|filter))$/;

/**
 * One Pagefind index per locale, each with that language's stemming (the language subtag of
 * the locale's tag: `hu` of `hu-HU`), from the pages' `<main>`. Each locale's bundle is its own
 * folder under the immutable assets path, named by the hash of all its files, so a search on a
 * Hungarian page fetches the Hungarian index only and nothing of another locale can show up.
 * Pagefind runs as a child process (its binary comes with the npm package).
 *
 * With a `store`, a locale whose pages (URLs and HTML hashes, in order) are those its kept
 * index was made from takes that index, and Pagefind indexes only the other locales: `pages`
 * is gone through once for the keys and once per locale indexed, reading that locale's HTML.
 */
export async function buildSearchIndexes(pages: () => AsyncIterable<SearchPage>, locales: readonly LocaleInfo[], store?: SearchStore): Promise<SearchIndexes> {
  return (await startSearchIndexes(pages, locales, store)).done;
}

/**
 * `buildSearchIndexes` in two halves: resolves once every page is read and sent to Pagefind,
 * with `done`, the indexes Pagefind is still making in its own process meanwhile, so the build
 * can make its other files beside it. `done` never rejects unawaited.
 */
export async function startSearchIndexes(pages: () => AsyncIterable<SearchPage>, locales: readonly LocaleInfo[], store?: SearchStore): Promise<{ done: Promise<SearchIndexes> }> {
  const keys = store ? await searchKeys(pages(), locales) : undefined;
  const indexes = new Map<Locale, LocaleIndex>();
  for (const { code } of locales) {
    const kept = keys && (await store!.get(code, keys.get(code)!));
    if (kept) indexes.set(code, kept);
  }
  const missing = locales.filter((info) => !indexes.has(info.code));
  const indexing = missing.length > 0 ? (await indexWithPagefind(pages, missing)).made : undefined;
  const done = (async () => {
    for (const [locale, index] of (await indexing) ?? []) {
      indexes.set(locale, index);
      if (keys) await store!.put(locale, keys.get(locale)!, index);
    }
    return bundlesOf(indexes, locales, missing);
  })();
  done.catch(() => undefined);
  return { done };
}

/** Each locale's bundle: its folder named by the hash of its files. */
function bundlesOf(indexes: ReadonlyMap<Locale, LocaleIndex>, locales: readonly LocaleInfo[], indexed: readonly LocaleInfo[]): SearchIndexes {
  const files: OutputFiles = new Map();
  const bundles = {} as Record<Locale, string>;
  const stats = {} as SearchIndexes['stats'];
  for (const { code } of locales) {
    const index = indexes.get(code)!;
    const hash = createHash('sha256');
    for (const [name, bytes] of index.files) hash.update(name).update('\0').update(bytes).update('\0');
    const folder = `${ASSETS_DIR}/search-${code}-${hash.digest('hex').slice(0, 10)}`;
    for (const [name, bytes] of index.files) files.set(`${folder}/${name}`, bytes);
    bundles[code] = `/${folder}/`;
    const data = index.files.filter(([name]) => !/^(pagefind\.js|pagefind-worker\.js|wasm\.)/.test(name));
    stats[code] = { pages: index.pages, bytes: data.reduce((sum, [, bytes]) => sum + bytes.length, 0), files: index.files.length };
  }
  return { files, bundles, stats, indexed: indexed.map((info) => info.code) };
}

/** Each locale's key: what its index is made from (the engine and Pagefind, the language, every page's URL and the hash of its HTML, in order). */
async function searchKeys(pages: AsyncIterable<SearchPage>, locales: readonly LocaleInfo[]): Promise<Map<Locale, string>> {
  // CACHE_IDENTITY covers Pagefind's version: the bundled engine's code hash includes the lockfile.
  const hashes = new Map(locales.map((info) => [info.code, createHash('sha256').update(`${CACHE_IDENTITY}\0${info.tag}\0`)]));
  for await (const page of pages) {
    const hash = hashes.get(page.locale);
    if (hash) hash.update(page.url).update('\0').update(page.hash ?? contentHash(await htmlOf(page))).update('\0');
  }
  return new Map([...hashes].map(([locale, hash]) => [locale, hash.digest('hex')]));
}

/**
 * Runs Pagefind over the pages of `locales`, one locale after the other: resolves once the
 * first locale's pages are sent, with `made`, each locale's files a search needs, in path
 * order, once Pagefind has made them. One locale at a time, so the service holds one index:
 * with every locale's at once it took 2.7 GB at 10,000 articles x 3.
 */
async function indexWithPagefind(pagesOf: () => AsyncIterable<SearchPage>, locales: readonly LocaleInfo[]): Promise<{ made: Promise<Map<Locale, LocaleIndex>> }> {
  const pagefind = await import('pagefind');
  const release = holdPagefind();
  const open = new Set<PagefindIndex>();
  const close = async () => {
    await Promise.all([...open].map((index) => index.deleteIndex().catch(() => null)));
    await release();
  };

  /** Sends a locale's pages to a new index of its own: resolves once they are sent, not indexed. */
  async function send(info: LocaleInfo) {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: new Intl.Locale(info.tag).language, rootSelector: 'main' });
    if (!index) throw new Error(`Pagefind could not start an index for ${info.code}: ${errors.join('; ')}`);
    open.add(index);
    // Pagefind's service works on pages while the next ones are on their way (waiting for each
    // answer before sending the next page left it idle half the time): up to PAGE_BYTES_IN_FLIGHT
    // of HTML is sent ahead, all of a small site's, so this thread can go on with the build.
    const sent = new Map<Promise<void>, number>();
    let inFlight = 0;
    let failure: Error | undefined;
    let count = 0;
    for await (const page of pagesOf()) {
      if (page.locale !== info.code) continue;
      count++;
      const html = await htmlOf(page);
      const added: Promise<void> = index
        .addHTMLFile({ url: page.url, content: html })
        .then(
          ({ errors }) => {
            if (errors.length) failure ??= new Error(`Pagefind could not index ${page.url}: ${errors.join('; ')}`);
          },
          (error: Error) => void (failure ??= error),
        )
        .finally(() => {
          inFlight -= sent.get(added)!;
          sent.delete(added);
        });
      sent.set(added, html.length);
      inFlight += html.length;
      while (inFlight > PAGE_BYTES_IN_FLIGHT) await Promise.race(sent.keys());
      if (failure) throw failure;
    }
    /** The locale's files, once Pagefind has indexed every page; its index is let go of then. */
    return async (): Promise<LocaleIndex> => {
      await Promise.all(sent.keys());
      if (failure) throw failure;
      const { files: all, errors } = await index.getFiles();
      if (errors.length) throw new Error(`Pagefind could not write the index of ${info.code}: ${errors.join('; ')}`);
      open.delete(index);
      await index.deleteIndex().catch(() => null);
      const kept = all.filter((file) => NEEDED.test(file.path)).sort((a, b) => (a.path < b.path ? -1 : 1));
      return { files: kept.map((file) => [file.path, file.content] as const), pages: count };
    };
  }

  let first: Awaited<ReturnType<typeof send>>;
  try {
    first = await send(locales[0]!);
  } catch (error) {
    await close();
    throw error;
  }
  const made = (async () => {
    try {
      const made = new Map<Locale, LocaleIndex>([[locales[0]!.code, await first()]]);
      for (const info of locales.slice(1)) made.set(info.code, await (await send(info))());
      return made;
    } finally {
      await close();
    }
  })();
  made.catch(() => undefined);
  return { made };
}

type PagefindIndex = NonNullable<Awaited<ReturnType<(typeof import('pagefind'))['createIndex']>>['index']>;

function htmlOf(page: SearchPage): string | Promise<string> {
  return typeof page.html === 'string' ? page.html : page.html();
}

/** HTML sent to Pagefind and not yet indexed, at most (UTF-16 code units): a large site's pages are not all held at once. */
const PAGE_BYTES_IN_FLIGHT = 32 * 1024 * 1024;
