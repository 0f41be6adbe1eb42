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
});
