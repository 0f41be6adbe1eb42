import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LocaleInfo } from '../../../src/shared/locales';
import { buildSearchIndexes, type SearchIndexes, type SearchPage } from '../../../src/engine/search/search-index';
import { folderSearchStore, memorySearchStore } from '../../../src/engine/search/search-store';
import { tempDir } from '../../helpers/site';
import { contentHash } from '../../../src/engine/base/content-hash';

const LOCALES = [
  { code: 'en', tag: 'en-GB' },
  { code: 'hu', tag: 'hu-HU' },
] as unknown as LocaleInfo[];

function page(url: string, locale: string, text: string): SearchPage {
  return { url, locale, html: `<html><body><main><h1>${text}</h1><p>${text} ${text}</p></main></body></html>` } as SearchPage;
}

const PAGES = [page('/a', 'en', 'Cloud migration'), page('/b', 'en', 'Managed services'), page('/hu/a', 'hu', 'Felhőbe költözés'), page('/hu/b', 'hu', 'Üzemeltetés')];

/** The pages as a build gives them (their HTML read when asked for, as from the output), counting each page's reads. */
function source(pages: readonly SearchPage[]) {
  const reads = new Map<string, number>();
  const pagesOf = () =>
    (async function* () {
      for (const one of pages) {
        yield {
          ...one,
          html: async () => {
            reads.set(one.url, (reads.get(one.url) ?? 0) + 1);
            return one.html as string;
          },
        };
      }
    })();
  return { pagesOf, reads };
}

describe('search indexes kept between builds', () => {
  it('index only the locale whose pages changed, and give the same files for the others', async () => {
    const store = memorySearchStore();
    const first = await buildSearchIndexes(source(PAGES).pagesOf, LOCALES, store);
    expect(first.indexed).toEqual(['en', 'hu']);

    const again = await buildSearchIndexes(source(PAGES).pagesOf, LOCALES, store);
    expect(again.indexed).toEqual([]);
    expect(again.bundles).toEqual(first.bundles);
    expect([...again.files]).toEqual([...first.files]);
    expect(again.stats).toEqual(first.stats);

    const edited = PAGES.map((one) => (one.url === '/hu/b' ? page('/hu/b', 'hu', 'Üzemeltetés és felügyelet') : one));
    const afterEdit = await buildSearchIndexes(source(edited).pagesOf, LOCALES, store);
    expect(afterEdit.indexed).toEqual(['hu']);
    expect(afterEdit.bundles).toEqual(first.bundles);
    const entryOf = (indexes: SearchIndexes, locale: string) => indexes.files.get(`${indexes.bundles[locale]!.slice(1)}pagefind-entry.json`);
    expect(entryOf(afterEdit, 'en')).toEqual(entryOf(first, 'en'));
    expect(entryOf(afterEdit, 'hu')).not.toEqual(entryOf(first, 'hu'));
    // What Pagefind makes of the edited locale is what it makes without any store.
    const fresh = await buildSearchIndexes(source(edited).pagesOf, LOCALES);
    expect([...fresh.files].sort()).toEqual([...afterEdit.files].sort());
  }, 60_000);

  it('a page moved to another URL, or one more page, is a change', async () => {
    const store = memorySearchStore();
    await buildSearchIndexes(source(PAGES).pagesOf, LOCALES, store);
    const moved = PAGES.map((one) => (one.url === '/a' ? { ...one, url: '/a-moved' } : one));
    expect((await buildSearchIndexes(source(moved).pagesOf, LOCALES, store)).indexed).toEqual(['en']);
    const more = [...moved, page('/hu/c', 'hu', 'Pályázatok')];
    expect((await buildSearchIndexes(source(more).pagesOf, LOCALES, store)).indexed).toEqual(['hu']);
  }, 60_000);

  it('reads each page once without a store, and a known page with its hash given not at all', async () => {
    const { pagesOf, reads } = source(PAGES);
    const indexes = await buildSearchIndexes(pagesOf, LOCALES);
    expect(indexes.indexed).toEqual(['en', 'hu']);
    expect([...reads.values()]).toEqual(PAGES.map(() => 1));

    // With a store and the pages' hashes (as the output's manifest gives them), an unchanged locale's pages are not read.
    const store = memorySearchStore();
    const hashed = () => source(PAGES.map((one) => ({ ...one, hash: contentHash(one.html as string) })));
    await buildSearchIndexes(hashed().pagesOf, LOCALES, store);
    const again = hashed();
    expect((await buildSearchIndexes(again.pagesOf, LOCALES, store)).indexed).toEqual([]);
    expect(again.reads.size).toBe(0);
  }, 60_000);

  it('in a folder: kept across processes, one file per locale, and a damaged file is indexed again, never served', async () => {
    const dir = path.join(await tempDir(), 'search');
    const first = await buildSearchIndexes(source(PAGES).pagesOf, LOCALES, folderSearchStore(dir));
    expect(readdirSync(dir).sort()).toEqual(['en.bin', 'hu.bin']);
    // A new store on the same folder, as the next build has.
    const again = await buildSearchIndexes(source(PAGES).pagesOf, LOCALES, folderSearchStore(dir));
    expect(again.indexed).toEqual([]);
    expect(again.bundles).toEqual(first.bundles);

    writeFileSync(path.join(dir, 'hu.bin'), 'not a sealed file');
    const repaired = await buildSearchIndexes(source(PAGES).pagesOf, LOCALES, folderSearchStore(dir));
    expect(repaired.indexed).toEqual(['hu']);
    expect(repaired.bundles).toEqual(first.bundles);
    // An edit replaces the locale's entry: the folder does not grow.
    const edited = PAGES.map((one) => (one.url === '/b' ? page('/b', 'en', 'Managed services, edited') : one));
    await buildSearchIndexes(source(edited).pagesOf, LOCALES, folderSearchStore(dir));
    expect(readdirSync(dir).sort()).toEqual(['en.bin', 'hu.bin']);
  }, 60_000);
});
