import { describe, expect, it } from 'vitest';
import type { OutputFiles } from '../../../src/engine/base/output-paths';
import type { BuildResult } from '../../../src/engine/build';
import type { SearchIndexes, SearchLater } from '../../../src/engine/search/search-index';
import { SearchFollower } from '../../../src/engine/serve/search-follower';

const LATEST = '_sitegen/builds/latest.json';
const later: SearchLater = { pages: [{ url: '/', locale: 'en', outputPath: 'index.html' }], locales: [], shardPages: 2000 };

/** A watch build with search on: its page and latest.json. */
function built(text: string): BuildResult {
  const files: OutputFiles = new Map([
    ['index.html', text],
    [LATEST, JSON.stringify({ id: 'dev', release: 'r', timestamp: 1 })],
  ]);
  return { files, searchLater: later } as unknown as BuildResult;
}

/** An index of a build, made when the test says so. */
function controlledIndexes() {
  const asked: Array<{ page: string; done: (index: SearchIndexes) => void }> = [];
  const makeIndex = (files: OutputFiles) =>
    new Promise<SearchIndexes>((resolve) => asked.push({ page: String(files.get('index.html')), done: resolve }));
  const indexOf = (page: string): SearchIndexes => ({
    files: new Map([[`_sitegen/assets/search-en-${page}/pagefind.js`, page]]),
    bundles: { en: `/_sitegen/assets/search-en-${page}/` },
    shards: { en: [`/_sitegen/assets/search-en-${page}/`] },
    stats: {},
    indexed: ['en'],
    shardsIndexed: ['en'],
  });
  return { asked, makeIndex, indexOf };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the search index of sitegen watch', () => {
  it('serves each build at once with the last index, drops an index a newer build overtook, and indexes the newest next', async () => {
    const updates: OutputFiles[] = [];
    const { asked, makeIndex, indexOf } = controlledIndexes();
    const follower = new SearchFollower({ update: (files) => updates.push(files) }, (text) => expect.fail(text), undefined, makeIndex, 0);

    // The first build: served without an index, its index made after.
    expect([...follower.served(built('a')).keys()]).toEqual(['index.html', LATEST]);
    await tick();
    expect(asked.map((entry) => entry.page)).toEqual(['a']);
    // Two more builds while it is made: no second Pagefind beside the first.
    const b = follower.served(built('b'));
    follower.served(built('c'));
    expect(b.has('_sitegen/assets/search-en-a/pagefind.js')).toBe(false);
    asked[0]!.done(indexOf('a'));
    await tick();
    // Build a's index came too late: c is served now, so c's is made, not b's, and a's is not served.
    expect(updates).toEqual([]);
    expect(asked.map((entry) => entry.page)).toEqual(['a', 'c']);
    asked[1]!.done(indexOf('c'));
    await follower.settled();
    expect(updates).toHaveLength(1);
    expect(updates[0]!.get('_sitegen/assets/search-en-c/pagefind.js')).toBe('c');
    expect(JSON.parse(String(updates[0]!.get(LATEST)))).toEqual({ id: 'dev', release: 'r', timestamp: 1, search: { en: '/_sitegen/assets/search-en-c/' } });

    // The next build is served with c's index (and no other) while its own is made.
    const d = follower.served(built('d'));
    expect([...d.keys()].filter((name) => name.includes('search-'))).toEqual(['_sitegen/assets/search-en-c/pagefind.js']);
    expect(JSON.parse(String(d.get(LATEST))).search).toEqual({ en: '/_sitegen/assets/search-en-c/' });
    await tick();
    asked[2]!.done(indexOf('d'));
    await follower.settled();
    expect([...updates[1]!.keys()].filter((name) => name.includes('search-'))).toEqual(['_sitegen/assets/search-en-d/pagefind.js']);
  });

  it('waits until no build has run or been published for a moment: the next save of a run of edits builds without Pagefind beside it', async () => {
    const { asked, makeIndex, indexOf } = controlledIndexes();
    const follower = new SearchFollower({ update() {} }, (text) => expect.fail(text), undefined, makeIndex, 60);
    follower.served(built('a'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    // A rebuild starts before the moment passed, and runs longer than it.
    follower.rebuilding(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).toHaveLength(0);
    follower.served(built('b'));
    follower.rebuilding(false);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(asked).toHaveLength(0);
    await expect.poll(() => asked.length, { interval: 5 }).toBe(1);
    // Only the last build published is indexed.
    expect(asked[0]!.page).toBe('b');
    asked[0]!.done(indexOf('b'));
    await follower.settled();
  });

  it('reads no page while a rebuild runs, and stops an index a newer build overtook at its next page', async () => {
    const read: string[] = [];
    const made: string[] = [];
    const PAGES = 50;
    // Reads its pages one by one, as `indexLater` does, pausing before each.
    const makeIndex = async (files: OutputFiles, _later: SearchLater, pause: () => Promise<void>) => {
      const page = String(files.get('index.html'));
      for (let at = 0; at < PAGES; at++) {
        await pause();
        read.push(page);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      made.push(page);
      return controlledIndexes().indexOf(page);
    };
    const updates: OutputFiles[] = [];
    const follower = new SearchFollower({ update: (files) => updates.push(files) }, (text) => expect.fail(text), undefined, makeIndex, 20);
    follower.served(built('a'));
    await expect.poll(() => read.length, { interval: 2 }).toBeGreaterThan(3);
    // A rebuild starts: a's index reads no further page while it runs.
    follower.rebuilding(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const before = read.length;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(read.length).toBe(before);
    // It serves b: a's index stops, unfinished, without an error, and b's is made.
    follower.served(built('b'));
    follower.rebuilding(false);
    await follower.settled();
    expect(made).toEqual(['b']);
    expect(read.filter((page) => page === 'a').length).toBe(before);
    expect(read.filter((page) => page === 'b')).toHaveLength(PAGES);
    expect(updates).toHaveLength(1);
    expect(updates[0]!.get('_sitegen/assets/search-en-b/pagefind.js')).toBe('b');
  });

  // Reading pages is a loop of promises: without a turn given back, a watcher's event or a
  // request waits for the whole of it (half a second at 5,000 pages).
  it('gives the event loop a turn every few milliseconds while it reads pages', async () => {
    const PAGES = 400;
    let read = 0;
    const makeIndex = async (_files: OutputFiles, _later: SearchLater, pause: () => Promise<void>) => {
      for (let at = 0; at < PAGES; at++) {
        await pause();
        const until = performance.now() + 0.1;
        while (performance.now() < until);
        read++;
      }
      return controlledIndexes().indexOf('a');
    };
    const follower = new SearchFollower({ update() {} }, (text) => expect.fail(text), undefined, makeIndex, 0);
    follower.served(built('a'));
    // A timer fires only when the event loop gets a turn.
    const readWhenFired = new Promise<number>((resolve) => setTimeout(() => resolve(read), 1));
    await follower.settled();
    expect(read).toBe(PAGES);
    expect(await readWhenFired).toBeLessThan(PAGES / 2);
  });

  it('holds the indexer still while a rebuild runs, only while an index is being made, and lets it go when the rebuild ends', async () => {
    const { asked, makeIndex, indexOf } = controlledIndexes();
    const holds: string[] = [];
    const holdStill = () => {
      holds.push('held');
      return () => holds.push('let go');
    };
    const follower = new SearchFollower({ update() {} }, (text) => expect.fail(text), undefined, makeIndex, 0, holdStill);
    // No index being made: nothing to hold.
    follower.rebuilding(true);
    follower.rebuilding(false);
    expect(holds).toEqual([]);
    follower.served(built('a'));
    await tick();
    expect(asked).toHaveLength(1);
    follower.rebuilding(true);
    expect(holds).toEqual(['held']);
    follower.rebuilding(false);
    expect(holds).toEqual(['held', 'let go']);
    // A second call of either changes nothing.
    follower.rebuilding(false);
    follower.rebuilding(true);
    follower.rebuilding(true);
    follower.rebuilding(false);
    expect(holds).toEqual(['held', 'let go', 'held', 'let go']);
    asked[0]!.done(indexOf('a'));
    await follower.settled();
    follower.rebuilding(true);
    expect(holds).toHaveLength(4);
    follower.rebuilding(false);
  });
});
