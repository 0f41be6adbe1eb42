import { readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/engine';
import { PageCache } from '../../../src/engine/cache/cached-pages';
import type { PageInputs } from '../../../src/engine/cache/page-inputs';
import type { ReusablePage } from '../../../src/engine/cache/page-reuse';
import { smallSite } from '../../helpers/small-site';
import { snapshotTree, tempDir, withEnv } from '../../helpers/site';

const EPOCH = { SOURCE_DATE_EPOCH: '1767225600' };

/** A page cache in `dir` whose reuse keeps copies: the output holds nothing. */
function cacheIn(dir: string, saved?: Map<string, ReusablePage>) {
  const cache = new PageCache(new Map(), dir);
  const lost = saved ? cache.restore(saved) : false;
  const reuse = cache.pageReuse({ routes: [] } as unknown as PageInputs, 'everything', () => false, () => undefined);
  return { cache, reuse, lost };
}

const packsIn = async (dir: string) => (await readdir(dir)).filter((name) => name.startsWith('pages-')).sort();

describe('the copies of the pages in the build cache', () => {
  it('gives back the bytes of each page kept, after the cache is written and read again', async () => {
    const dir = await tempDir();
    const { cache, reuse } = cacheIn(dir);
    const pages = ['<p>Árvíztűrő tükörfúrógép</p>', `<main>${'a long page '.repeat(5000)}</main>`, ''].map((html, index) => {
      const page: ReusablePage = { fingerprint: `f${index}`, deps: [], hash: `h${index}` };
      reuse.keepHtml!(page, html);
      cache.pages.set(`page-${index}.html`, page);
      return { page, html };
    });
    const named = cache.packed();
    cache.keepPacks(named);
    expect(await packsIn(dir)).toEqual([...named].map((pack) => `pages-${pack}.bin`));
    // Compressed: the long page takes a small part of its 60 KB.
    const [pack] = await packsIn(dir);
    expect((await readFile(path.join(dir, pack!))).length).toBeLessThan(5_000);

    const again = cacheIn(dir, new Map(pages.map(({ page }, index) => [`page-${index}.html`, structuredClone(page)])));
    expect(again.lost).toBe(false);
    for (const [index, { html }] of pages.entries()) {
      expect(Buffer.from(again.reuse.storedHtml!(again.cache.pages.get(`page-${index}.html`)!)!).toString('utf8')).toBe(html);
    }
  });

  it('keeps no copy whose pack is gone or cut short, and says so', async () => {
    const dir = await tempDir();
    const { cache, reuse } = cacheIn(dir);
    const page: ReusablePage = { fingerprint: 'f', deps: [], hash: 'h' };
    reuse.keepHtml!(page, '<p>kept</p>');
    cache.pages.set('page.html', page);
    cache.keepPacks(cache.packed());
    const [pack] = await packsIn(dir);
    await truncate(path.join(dir, pack!), 3);
    const again = cacheIn(dir, new Map([['page.html', structuredClone(page)]]));
    expect(again.lost).toBe(true);
    expect(again.reuse.storedHtml!(again.cache.pages.get('page.html')!)).toBeUndefined();
  });

  it('writes the live copies into one pack once most of the packs are dead, and deletes the others', async () => {
    const dir = await tempDir();
    let saved = new Map<string, ReusablePage>();
    for (let round = 0; round < 6; round++) {
      const { cache, reuse } = cacheIn(dir, saved);
      // One page rendered again each round: its earlier copy is dead weight.
      const page: ReusablePage = { fingerprint: `f${round}`, deps: [], hash: `h${round}` };
      reuse.keepHtml!(page, `<p>round ${round} ${'text '.repeat(200 + round)}</p>`);
      cache.pages.set('page.html', page);
      if (round === 0) {
        const other: ReusablePage = { fingerprint: 'g', deps: [], hash: 'g' };
        reuse.keepHtml!(other, '<p>the other page</p>');
        cache.pages.set('other.html', other);
      }
      cache.keepPacks(cache.packed());
      saved = new Map([...cache.pages].map(([file, kept]) => [file, structuredClone(kept)]));
    }
    expect((await packsIn(dir)).length).toBeLessThanOrEqual(2);
    const { cache, reuse } = cacheIn(dir, saved);
    expect(Buffer.from(reuse.storedHtml!(cache.pages.get('other.html')!)!).toString()).toBe('<p>the other page</p>');
    expect(Buffer.from(reuse.storedHtml!(cache.pages.get('page.html')!)!).toString()).toMatch(/^<p>round 5 /);
  });
});

describe('a build with the cache but not the output (a CI job restores only the cache)', { timeout: 120_000 }, () => {
  let root: string;
  let first: Map<string, string>;
  let pages: number;
  const outDir = () => path.join(root, 'dist');
  const removeOutput = async () => {
    await rm(outDir(), { recursive: true, force: true });
    await rm(path.join(root, '.dist.sitegen'), { recursive: true, force: true });
  };
  const buildIt = () => withEnv(EPOCH, () => build({ root, out: outDir() }));

  beforeAll(async () => {
    root = await smallSite();
    const result = await buildIt();
    pages = result.pages.length;
    expect(result.pageCounts).toEqual({ rendered: pages, copied: 0, kept: 0 });
    first = await snapshotTree(outDir());
  });

  it('writes every page from its copy, renders none, and writes the same bytes', async () => {
    await removeOutput();
    const result = await buildIt();
    expect(result.pageCounts).toEqual({ rendered: 0, copied: pages, kept: 0 });
    expect(await snapshotTree(outDir())).toEqual(first);
    // With the output there again, nothing is written either.
    expect((await buildIt()).pageCounts).toEqual({ rendered: 0, copied: 0, kept: pages });
  });

  it('notices a damaged copy when it reads it, and builds again without the cache', async () => {
    const cacheDir = path.join(root, '.sitegen-cache');
    const [pack] = await packsIn(cacheDir);
    const file = path.join(cacheDir, pack!);
    const bytes = await readFile(file);
    bytes[bytes.length >> 1]! ^= 0xff;
    await writeFile(file, bytes);
    await removeOutput();
    const result = await buildIt();
    expect(result.warnings.map((warning) => warning.code)).toContain('cache/damaged');
    expect(result.pageCounts.rendered).toBe(pages);
    expect(await snapshotTree(outDir())).toEqual(first);
  });
});
