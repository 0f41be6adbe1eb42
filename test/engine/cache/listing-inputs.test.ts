import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../../src/engine';
import { openCacheFile } from '../../../src/engine/cache/cache-file';
import { smallSite } from '../../helpers/small-site';
import { tempDir } from '../../helpers/site';

describe('what the cache records of a listing', () => {
  it("records a hub's children as one input, however many it lists: a large blog's index stays small", { timeout: 120_000 }, async () => {
    // Two articles, so that a listing of one input per article would show.
    const root = await smallSite(['article-clickup-as-erp']);
    await build({ root, out: await tempDir() });
    const opened = openCacheFile(await readFile(path.join(root, '.sitegen-cache/build.bin')));
    if (typeof opened === 'string') throw new Error(`the cache is ${opened}`);
    const saved = opened.cache() as unknown as { pages: Map<string, { deps: string[] }> };
    for (const [file, hub] of [
      ['blog/index.html', 'blog'],
      ['blog/tag/clickup/index.html', 'blog'],
      ['de/blog/schlagwort/clickup/index.html', 'blog'],
      ['index.html', 'blog'],
    ] as const) {
      const { deps } = saved.pages.get(file)!;
      const locale = file.startsWith('de/') ? 'de' : 'en';
      expect(deps, file).toContain(`children:${hub}:${locale}`);
      // Not one input per article: a thousand articles made each listing page's fingerprint a
      // thousand lines long (the index of 1,000 articles x 3 locales grew to 113 MB).
      expect(deps.filter((dep) => dep.startsWith('summary:article-')), file).toEqual([]);
    }
  });
});
