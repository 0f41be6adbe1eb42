/**
 * A locale's search index in shards (`search-shards.ts`): what only a large site's build does,
 * on a few pages, with a small count of pages per shard (`SITEGEN_SEARCH_SHARD_PAGES`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { LocaleInfo } from '../../../src/shared/locales';
import { build } from '../../../src/engine';
import { buildSearchIndexes, indexLater, latestSearch, withSearchIndex, type KnownPageHashes, type SearchIndexes, type SearchPage } from '../../../src/engine/search/search-index';
import { contentHash } from '../../../src/engine/base/content-hash';
import { folderSearchStore, memorySearchStore } from '../../../src/engine/search/search-store';
import { shardCount, shardOf } from '../../../src/engine/search/search-shards';
import { DEFAULT_SEARCH_SHARD_PAGES, resolveOptions, SEARCH_SHARD_PAGES_ENV } from '../../../src/engine/config/options';
import { BuildFailure } from '../../../src/engine/diagnostics/diagnostic';
import { tempDir, withEnv } from '../../helpers/site';
import { siteWithSearch } from '../../helpers/search-site';

const LOCALES = [
  { code: 'en', tag: 'en-GB' },
  { code: 'hu', tag: 'hu-HU' },
] as unknown as LocaleInfo[];

const TOPICS = ['cloud', 'backup', 'network', 'printer', 'laptop', 'server', 'mailbox', 'firewall', 'database', 'website', 'invoice', 'helpdesk'];

function page(url: string, locale: string, text: string): SearchPage {
  return { url, locale, html: `<html><body><main><h1>${text}</h1><p>${text} ${text}</p></main></body></html>` } as SearchPage;
}

/** 12 English pages (4 shards of at most 4 pages each on average) and 3 Hungarian ones (one index). */
const PAGES = [...TOPICS.map((topic) => page(`/${topic}`, 'en', `All about ${topic}s`)), page('/hu/a', 'hu', 'Felhőbe költözés'), page('/hu/b', 'hu', 'Üzemeltetés'), page('/hu/c', 'hu', 'Pályázatok')];
const EN_URLS = TOPICS.map((topic) => `/${topic}`);

const pagesOf = (pages: readonly SearchPage[]) => () =>
  (async function* () {
    yield* pages;
  })();

/** The URLs of the pages in a bundle's folder, from its files: Pagefind's fragments are gzipped JSON, one per page. */
function urlsIn(files: ReadonlyMap<string, string | Uint8Array>, folder: string): string[] {
  return [...files]
    .filter(([name]) => name.startsWith(`${folder.slice(1)}fragment/`))
    .map(([, bytes]) => (JSON.parse(gunzipSync(bytes as Uint8Array).toString('utf8').replace(/^[^{]*/, '')) as { url: string }).url)
    .sort();
}

const namesIn = (indexes: SearchIndexes, folder: string) => [...indexes.files.keys()].filter((name) => name.startsWith(folder.slice(1))).map((name) => name.slice(folder.length - 1));

describe('the shards of a locale', () => {
  it('are one up to the limit, then the power of two that holds the pages at the limit or fewer on average', () => {
    expect([0, 1, 2000, 2001, 4000, 4001, 13_000].map((pages) => shardCount(pages, 2000))).toEqual([1, 1, 1, 2, 2, 4, 8]);
  });

  it('take a page by its URL alone: the same shard whatever the other pages, spread over all of them', () => {
    // Fixed values: a change of the hash moves every page of a large site to another shard (and indexes it again).
    expect([shardOf('/blog/a', 2), shardOf('/blog/a', 4), shardOf('/blog/a', 8), shardOf('/hu/blog/a', 8)]).toEqual([0, 2, 6, 3]);
    expect(shardOf('/blog/a', 1)).toBe(0);
    const counts = new Array(8).fill(0);
    for (let n = 0; n < 4000; n++) counts[shardOf(`/blog/article-${n}`, 8)]++;
    for (const count of counts) expect(count).toBeGreaterThan(400);
  });

  it(`hold ${DEFAULT_SEARCH_SHARD_PAGES} pages by default, ${SEARCH_SHARD_PAGES_ENV} when set, and a wrong value is an error naming the variable`, () => {
    const shardPages = (value?: string) => resolveOptions({ env: value === undefined ? {} : { [SEARCH_SHARD_PAGES_ENV]: value } }).overrides.searchShardPages;
    expect([shardPages(), shardPages(''), shardPages('300')]).toEqual([DEFAULT_SEARCH_SHARD_PAGES, DEFAULT_SEARCH_SHARD_PAGES, 300]);
    for (const wrong of ['many', '0', '-5', '2.5']) {
      const failure = (() => {
        try {
          shardPages(wrong);
        } catch (error) {
          return error;
        }
      })();
      expect(failure).toBeInstanceOf(BuildFailure);
      expect((failure as BuildFailure).errors.map((error) => [error.code, error.file, error.message])).toEqual([['config/env-search-shard-pages', SEARCH_SHARD_PAGES_ENV, `${SEARCH_SHARD_PAGES_ENV} is "${wrong}", not a whole number of pages`]]);
    }
  });
});

describe('a locale indexed in shards', () => {
  it("is a folder per shard, each page in one of them; the first with Pagefind's script and WebAssembly, the others' with the index only", async () => {
    const indexes = await buildSearchIndexes(pagesOf(PAGES), LOCALES, undefined, 4);
    const en = indexes.shards.en!;
    expect(en).toHaveLength(4);
    expect(indexes.bundles.en).toBe(en[0]);
    for (const [n, folder] of en.entries()) expect(folder).toMatch(new RegExp(`^/_sitegen/assets/search-en-${n + 1}-[0-9a-f]{10}/$`));
    // Under the limit: one index, named as without shards.
    expect(indexes.shards.hu).toEqual([indexes.bundles.hu]);
    expect(indexes.bundles.hu).toMatch(/^\/_sitegen\/assets\/search-hu-[0-9a-f]{10}\/$/);
    expect(urlsIn(indexes.files, indexes.bundles.hu!)).toEqual(['/hu/a', '/hu/b', '/hu/c']);

    expect(namesIn(indexes, en[0]!)).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-worker.js', 'wasm.en.pagefind', 'pagefind-entry.json']));
    const found: string[] = [];
    for (const [n, folder] of en.entries()) {
      if (n > 0) {
        expect(namesIn(indexes, folder).filter((name) => /^(pagefind\.js|pagefind-worker\.js|wasm\.)/.test(name))).toEqual([]);
        expect(namesIn(indexes, folder)).toContain('pagefind-entry.json');
      }
      const urls = urlsIn(indexes.files, folder);
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(shardOf(url, 4)).toBe(n);
      found.push(...urls);
    }
    expect(found.sort()).toEqual([...EN_URLS].sort());
    expect(indexes.stats.en).toMatchObject({ pages: 12, shards: 4 });
    expect(indexes.stats.hu).toMatchObject({ pages: 3, shards: 1 });
    expect(indexes.shardsIndexed).toEqual(['en.1-of-4', 'en.2-of-4', 'en.3-of-4', 'en.4-of-4', 'hu']);
    expect(latestSearch(indexes)).toEqual({ search: indexes.bundles, searchShards: { en: en.slice(1) } });
  }, 60_000);

  it('after an edit, indexes only the shard of the edited page (the others from the store), as a build without the store would', async () => {
    const store = memorySearchStore();
    const first = await buildSearchIndexes(pagesOf(PAGES), LOCALES, store, 4);
    const again = await buildSearchIndexes(pagesOf(PAGES), LOCALES, store, 4);
    expect(again.shardsIndexed).toEqual([]);
    expect(again.shards).toEqual(first.shards);

    const editedUrl = '/printer';
    const shard = shardOf(editedUrl, 4);
    const edited = PAGES.map((one) => (one.url === editedUrl ? page(editedUrl, 'en', 'All about printers and toner') : one));
    const afterEdit = await buildSearchIndexes(pagesOf(edited), LOCALES, store, 4);
    expect(afterEdit.shardsIndexed).toEqual([`en.${shard + 1}-of-4`]);
    expect(afterEdit.indexed).toEqual(['en']);
    // Each shard keeps its folder; only the edited page's shard has a new entry.
    expect(afterEdit.shards).toEqual(first.shards);
    const entryOf = (indexes: SearchIndexes, n: number) => indexes.files.get(`${indexes.shards.en![n]!.slice(1)}pagefind-entry.json`);
    for (let n = 0; n < 4; n++) {
      if (n === shard) expect(entryOf(afterEdit, n)).not.toEqual(entryOf(first, n));
      else expect(entryOf(afterEdit, n)).toEqual(entryOf(first, n));
    }
    expect(afterEdit.shards.hu).toEqual(first.shards.hu);
    const fresh = await buildSearchIndexes(pagesOf(edited), LOCALES, undefined, 4);
    expect(fresh.shards).toEqual(afterEdit.shards);
    expect([...fresh.files].sort()).toEqual([...afterEdit.files].sort());
  }, 60_000);

  it("in a watch session, hashes again only the pages whose HTML is not the value it hashed, and makes the same index", async () => {
    const outputPath = (url: string) => `${url.slice(1)}/index.html`;
    const filesOf = (pages: readonly SearchPage[]) => new Map(pages.map((one) => [outputPath(one.url), one.html as string]));
    const later = (pages: readonly SearchPage[]) => ({ pages: pages.map(({ url, locale }) => ({ url, locale, outputPath: outputPath(url) })), locales: LOCALES, shardPages: 4 });
    const store = memorySearchStore();
    const known: KnownPageHashes = new Map();
    await indexLater(filesOf(PAGES), later(PAGES), store, undefined, known);
    expect([...known.keys()].sort()).toEqual(PAGES.map((one) => outputPath(one.url)).sort());
    const before = new Map(known);

    // One page edited (new HTML), one gone: the others keep the entry they had, unhashed.
    const editedUrl = '/printer';
    const edited = PAGES.filter((one) => one.url !== '/hu/c').map((one) => (one.url === editedUrl ? page(editedUrl, 'en', 'All about printers and toner') : one));
    const afterEdit = await indexLater(filesOf(edited), later(edited), store, undefined, known);
    expect(afterEdit.shardsIndexed).toEqual([`en.${shardOf(editedUrl, 4) + 1}-of-4`, 'hu']);
    expect(known.has(outputPath('/hu/c'))).toBe(false);
    for (const one of edited) {
      const entry = known.get(outputPath(one.url))!;
      if (one.url === editedUrl) expect(entry).toEqual({ html: one.html, hash: contentHash(one.html as string) });
      else expect(entry).toBe(before.get(outputPath(one.url)));
    }
    const fresh = await buildSearchIndexes(pagesOf(edited), LOCALES, undefined, 4);
    expect([...afterEdit.files].sort()).toEqual([...fresh.files].sort());
  }, 60_000);

  it('is kept in a folder store one file per shard', async () => {
    const dir = path.join(await tempDir(), 'search');
    const first = await buildSearchIndexes(pagesOf(PAGES), LOCALES, folderSearchStore(dir), 4);
    expect(readdirSync(dir).sort()).toEqual(['en.1-of-4.bin', 'en.2-of-4.bin', 'en.3-of-4.bin', 'en.4-of-4.bin', 'hu.bin']);
    const again = await buildSearchIndexes(pagesOf(PAGES), LOCALES, folderSearchStore(dir), 4);
    expect(again.shardsIndexed).toEqual([]);
    expect(again.shards).toEqual(first.shards);
  }, 60_000);
});

describe('latest.json of a site in shards', () => {
  it("names each locale's first shard in `search` and its other shards in `searchShards`, as the build wrote them", async () => {
    const root = await siteWithSearch();
    const out = await tempDir();
    const result = await withEnv({ [SEARCH_SHARD_PAGES_ENV]: '8' }, () => build({ root, out }));
    const { bundles, shards, stats } = result.search!;
    const latest = JSON.parse(readFileSync(path.join(out, '_sitegen/builds/latest.json'), 'utf8')) as { search: Record<string, string>; searchShards: Record<string, string[]> };
    expect(latest.search).toEqual(bundles);
    for (const [locale, folders] of Object.entries(shards)) {
      expect(folders.length).toBeGreaterThan(1);
      expect(folders.length).toBe(stats[locale]!.shards);
      expect(latest.searchShards[locale]).toEqual(folders.slice(1));
      for (const folder of folders) expect(readdirSync(path.join(out, folder))).toContain('pagefind-entry.json');
      expect(readdirSync(path.join(out, folders[0]!))).toContain('pagefind.js');
      const pages = result.pages.filter((one) => one.locale === locale && one.url === one.canonical).map((one) => one.url);
      const found = folders.flatMap((folder) => urlsIn(result.files, folder));
      // Each page found once, in one shard; all of them are pages of the locale.
      expect(new Set(found).size).toBe(found.length);
      expect(found.length).toBe(stats[locale]!.pages);
      expect(found.filter((url) => !pages.includes(url))).toEqual([]);
    }
  }, 120_000);

  it('is rewritten by the index of a watch session: the shards named, or no longer named once a locale is one index again', () => {
    const files = new Map<string, string | Uint8Array>([['_sitegen/builds/latest.json', JSON.stringify({ id: 'dev', release: 'dev', timestamp: 1 })], ['_sitegen/assets/search-en-1-old/pagefind.js', 'old']]);
    const inShards = { files: new Map([['_sitegen/assets/search-en-1-aaa/pagefind.js', 'a'], ['_sitegen/assets/search-en-2-bbb/pagefind-entry.json', 'b']]), bundles: { en: '/_sitegen/assets/search-en-1-aaa/' }, shards: { en: ['/_sitegen/assets/search-en-1-aaa/', '/_sitegen/assets/search-en-2-bbb/'] } };
    const withShards = withSearchIndex(files, inShards);
    expect(JSON.parse(withShards.get('_sitegen/builds/latest.json') as string)).toEqual({ id: 'dev', release: 'dev', timestamp: 1, search: { en: '/_sitegen/assets/search-en-1-aaa/' }, searchShards: { en: ['/_sitegen/assets/search-en-2-bbb/'] } });
    expect([...withShards.keys()].filter((name) => name.includes('search-')).sort()).toEqual(['_sitegen/assets/search-en-1-aaa/pagefind.js', '_sitegen/assets/search-en-2-bbb/pagefind-entry.json']);
    const whole = { files: new Map([['_sitegen/assets/search-en-ccc/pagefind.js', 'c']]), bundles: { en: '/_sitegen/assets/search-en-ccc/' }, shards: { en: ['/_sitegen/assets/search-en-ccc/'] } };
    const latest = JSON.parse(withSearchIndex(withShards, whole).get('_sitegen/builds/latest.json') as string);
    expect(latest).toEqual({ id: 'dev', release: 'dev', timestamp: 1, search: { en: '/_sitegen/assets/search-en-ccc/' } });
  });
});
