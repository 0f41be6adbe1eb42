import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../../src/engine';
import { edit, tempDir } from '../../helpers/site';
import { siteWithSearch } from '../../helpers/search-site';

/** The locales the build indexed (`--verbose` says the same). */
function indexed(result: BuildResult): string[] {
  return result.search!.indexed;
}

/** Each file of the locales' bundles with its modification time. */
function bundleFiles(out: string, result: BuildResult): Map<string, number> {
  const files = new Map<string, number>();
  for (const [name] of result.files) {
    if (name.startsWith('_sitegen/assets/search-')) files.set(name, statSync(path.join(out, name)).mtimeMs);
  }
  return files;
}

describe('the search index with the build cache', () => {
  it('is made by no locale when no page changed, and by the edited locale only after an edit, as a build without the cache makes it', async () => {
    const root = await siteWithSearch();
    const out = path.join(await tempDir(), 'dist');
    const cold = await build({ root, out });
    expect(indexed(cold)).toEqual(['en', 'hu', 'de']);

    const warm = await build({ root, out });
    expect(indexed(warm)).toEqual([]);
    expect(warm.search!.bundles).toEqual(cold.search!.bundles);
    // Not rewritten: the output already holds these bytes.
    const before = bundleFiles(out, warm);
    expect(before).toEqual(bundleFiles(out, cold));

    const article = (await import('node:fs')).readdirSync(path.join(root, 'content/hu/blog')).find((name) => name.endsWith('.md'))!;
    await edit(root, `content/hu/blog/${article}`, (text) => `${text}\nEgy új bekezdés a kvarcóra-javításról.\n`);
    const edited = await build({ root, out });
    expect(indexed(edited)).toEqual(['hu']);
    expect(edited.search!.bundles.en).toBe(cold.search!.bundles.en);
    expect(edited.search!.bundles.de).toBe(cold.search!.bundles.de);
    // The Hungarian folder stays (it is named by Pagefind's version, the locale and the shard):
    // only the edited page's fragment, the index chunks, the metadata and the entry are new.
    expect(edited.search!.bundles.hu).toBe(cold.search!.bundles.hu);
    const after = bundleFiles(out, edited);
    const hu = edited.search!.bundles.hu!.slice(1);
    const added = [...after.keys()].filter((name) => !before.has(name));
    const removed = [...before.keys()].filter((name) => !after.has(name));
    for (const name of [...added, ...removed]) expect(name).toMatch(new RegExp(`^${hu}((fragment|index)/[^/]+|pagefind\\.[^/]+\\.pf_meta)$`));
    const fragments = (names: Iterable<string>) => [...names].filter((name) => name.startsWith(`${hu}fragment/`));
    expect(fragments(added).length).toBeGreaterThanOrEqual(1);
    expect(fragments(added).length).toBe(fragments(removed).length);
    expect(fragments(added).length).toBeLessThan(fragments(after.keys()).length / 4);
    // The output's count of changed files says so: the two pages, the index's few files, and what lists the page.
    expect(edited.written!.changed).toBeLessThan(30);

    const uncached = await build({ root, out: path.join(await tempDir(), 'dist'), cache: false });
    expect(uncached.search!.bundles).toEqual(edited.search!.bundles);
  }, 600_000);
});
