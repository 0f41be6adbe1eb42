/**
 * The search box with each locale's index in shards (SITEGEN_SEARCH_SHARD_PAGES=16: the real
 * site's ~60 found pages of a locale in 4), in Chromium under the build's security policy: it
 * merges the shards into the first and finds what the one index of the real site's build
 * finds, with one Pagefind script and WebAssembly.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext } from '../helpers/browser';
import { realSite } from '../helpers/real-site';
import { foundWithOwnBundle } from '../helpers/search-site';
import { serveDist, type StaticServer } from '../helpers/static-server';
import { browserSuite } from './setup';

const sharded = browserSuite({ env: () => ({ SITEGEN_SEARCH_SHARD_PAGES: '16' }) });
/** The real site as this test run built it: one index per locale. */
let whole: StaticServer;
beforeAll(async () => {
  whole = await serveDist((await realSite()).out);
});
afterAll(async () => {
  await whole?.close();
});

/** What the search box shows (the count, the links) and fetches (the search files and their bytes) for `term` on `url`. */
async function searchBox(server: StaticServer, url: string, term: string) {
  const context = await newContext(sharded.browser);
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy|violates/i.test(message.text())) violations.push(message.text());
  });
  const fetched: Array<Promise<[string, number]>> = [];
  const onResponse = (response: Response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/_sitegen/assets/search-')) fetched.push(response.body().then((body) => [path, body.length]));
  };
  page.on('response', onResponse);
  await page.goto(`${server.url}${url}`, { waitUntil: 'networkidle' });
  // The box hydrates on interaction (focus), then opens with Enter, as in search.test.ts.
  await page.locator('.site-search summary').focus();
  await page.waitForSelector('sitegen-island[data-island="SiteSearch"][data-hydrated]');
  await page.keyboard.press('Enter');
  await page.locator('.site-search input').fill(term);
  const status = page.getByRole('status');
  await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/\d|Nincs|No |Kein/);
  const count = Number((await status.textContent())!.match(/\d+/)?.[0] ?? 0);
  const links = (await page.locator('.site-search__results a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!))).sort();
  await page.waitForLoadState('networkidle');
  // What the box fetched, every body read before the context closes. The files Pagefind's own
  // search fetches below are not the box's, and a body still being read when the context
  // closed would be a rejection nobody awaits.
  page.off('response', onResponse);
  const files = await Promise.all(fetched);
  const all = server === sharded.server ? [] : (await foundWithOwnBundle(page, term)).sort();
  await context.close();
  return { count, links, all, files, bytes: files.reduce((sum, [, bytes]) => sum + bytes, 0), violations };
}


describe('the search box with an index in shards', () => {
  it('finds in its shards what the one index finds, by stem and in its locale only, under the security policy', async () => {
    const latest = JSON.parse(await readFile(path.join(sharded.out, '_sitegen/builds/latest.json'), 'utf8')) as { searchShards: Record<string, string[]> };
    expect(Object.values(latest.searchShards).map((shards) => shards.length)).toEqual([3, 3, 3]);
    for (const [url, term] of [
      ['/hu/kapcsolat', 'ügyfélportálokat'],
      // On one page: a shard without the word would find "adat…" pages by its prefix (17 more).
      ['/hu/kapcsolat', 'adatkezelés'],
      // Pages with both words only; and none when no page has both.
      ['/hu/kapcsolat', 'ügyfélportálokat ClickUp'],
      ['/hu/kapcsolat', 'ügyfélportálokat adatkezelés'],
      ['/de/kontakt', 'Kundenportals'],
      ['/contact', 'portal'],
      ['/contact', 'cloud'],
    ] as const) {
      const [inShards, inOne] = [await searchBox(sharded.server, url, term), await searchBox(whole, url, term)];
      expect(inShards.count, term).toBe(inOne.all.length);
      expect(inShards.count, term).toBe(inOne.count);
      // The links shown (8 at most) are pages the one index finds; all of them when there are no more.
      expect(inShards.links.filter((link) => !inOne.all.includes(link)), term).toEqual([]);
      if (inOne.count <= 8) expect(inShards.links, term).toEqual(inOne.all);
      expect(inShards.violations).toEqual([]);
    }
  });

  it("fetches one Pagefind script and WebAssembly, from the locale's first shard, and nothing of another locale", async () => {
    const { files, bytes } = await searchBox(sharded.server, '/hu/kapcsolat', 'ügyfélportálokat');
    const one = await searchBox(whole, '/hu/kapcsolat', 'ügyfélportálokat');
    const names = files.map(([path]) => path);
    expect(names.filter((path) => path.endsWith('/pagefind.js'))).toHaveLength(1);
    expect(names.filter((path) => /\/wasm\.[a-z]+\.pagefind$/.test(path))).toHaveLength(1);
    expect(names.filter((path) => !path.includes('/search-hu-'))).toEqual([]);
    // What the shards cost a visitor: each shard's entry, metadata and chunks (printed for docs/performance.md).
    console.log(`search for "ügyfélportálokat" on /hu/kapcsolat: 1 index ${one.files.length} files ${one.bytes} bytes; 4 shards ${files.length} files ${bytes} bytes`);
    expect(bytes).toBeGreaterThan(0);
  });
});
