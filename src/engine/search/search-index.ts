import { createHash } from 'node:crypto';
import type { Locale, LocaleInfo } from '../../shared/locales';
import { ASSETS_DIR, BUILDS_DIR, textOf, type OutputFiles } from '../base/output-paths';

/** A page to be found: its URL, its locale and its HTML as written. */
export interface SearchPage {
  url: string;
  locale: Locale;
  html: string;
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
export async function indexLater(files: OutputFiles, later: SearchLater): Promise<SearchIndexes> {
  async function* pages(): AsyncGenerator<SearchPage> {
    for (const { url, locale, outputPath } of later.pages) {
      const html = files.get(outputPath);
      if (html === undefined) continue;
      yield { url, locale, html: textOf(html) };
    }
  }
  return buildSearchIndexes(pages(), later.locales);
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
 */
export async function buildSearchIndexes(pages: AsyncIterable<SearchPage>, locales: readonly LocaleInfo[]): Promise<SearchIndexes> {
  const pagefind = await import('pagefind');
  const indexes = new Map<Locale, { index: NonNullable<Awaited<ReturnType<typeof pagefind.createIndex>>['index']>; pages: number }>();
  pagefindUsers++;
  try {
    for (const info of locales) {
      const { index, errors } = await pagefind.createIndex({ forceLanguage: new Intl.Locale(info.tag).language, rootSelector: 'main' });
      if (!index) throw new Error(`Pagefind could not start an index for ${info.code}: ${errors.join('; ')}`);
      indexes.set(info.code, { index, pages: 0 });
    }
    for await (const page of pages) {
      const entry = indexes.get(page.locale);
      if (!entry) continue;
      const { errors } = await entry.index.addHTMLFile({ url: page.url, content: page.html });
      if (errors.length) throw new Error(`Pagefind could not index ${page.url}: ${errors.join('; ')}`);
      entry.pages++;
    }
    const files: OutputFiles = new Map();
    const bundles = {} as Record<Locale, string>;
    const stats = {} as SearchIndexes['stats'];
    for (const [locale, { index, pages: count }] of indexes) {
      const { files: all, errors } = await index.getFiles();
      if (errors.length) throw new Error(`Pagefind could not write the index of ${locale}: ${errors.join('; ')}`);
      const kept = all.filter((file) => NEEDED.test(file.path)).sort((a, b) => (a.path < b.path ? -1 : 1));
      const hash = createHash('sha256');
      for (const file of kept) hash.update(file.path).update('\0').update(file.content).update('\0');
      const folder = `${ASSETS_DIR}/search-${locale}-${hash.digest('hex').slice(0, 10)}`;
      for (const file of kept) files.set(`${folder}/${file.path}`, file.content);
      bundles[locale] = `/${folder}/`;
      const data = kept.filter((file) => !/^(pagefind\.js|pagefind-worker\.js|wasm\.)/.test(file.path));
      stats[locale] = { pages: count, bytes: data.reduce((sum, file) => sum + file.content.length, 0), files: kept.length };
    }
    return { files, bundles, stats };
  } finally {
    await Promise.all([...indexes.values()].map(({ index }) => index.deleteIndex().catch(() => null)));
    // The last one out stops the service: closing it under another build's indexes loses them.
    if (--pagefindUsers === 0) await pagefind.close();
  }
}

/**
 * Indexings under way in this process. Pagefind runs one service (a child process) for the
 * whole process, which `close()` stops: two builds at once (the API, a watch session's index
 * beside a build) share it.
 */
let pagefindUsers = 0;
