import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../../src/engine';
import { errorPageFiles } from '../../../src/engine/render/error-pages';
import { smallSiteWithOwnCode } from '../../helpers/own-code-site';
import { edit, snapshotTree, tempDir, withEnv } from '../../helpers/site';

const EPOCH = { SOURCE_DATE_EPOCH: '1767225600' };
const COUNTER = '__sitegenErrorPageRenders';
const renders = () => ((globalThis as Record<string, unknown>)[COUNTER] as number | undefined) ?? 0;

describe('the error pages with the persistent cache', () => {
  it('are rendered again only when what they show may have changed, and are the same bytes either way', { timeout: 300_000 }, async () => {
    const root = await smallSiteWithOwnCode(['article-clickup-as-erp']);
    // The site's own ErrorPage counts its renders (the build runs in this process).
    await edit(root, 'src/templates/index.ts', (text) =>
      text.replace(
        'export const ErrorPage: TemplateModule[\'ErrorPage\'] = ErrorPages;',
        `export const ErrorPage: TemplateModule['ErrorPage'] = (props) => {\n  (globalThis as Record<string, unknown>).${COUNTER} = (((globalThis as Record<string, unknown>).${COUNTER} as number | undefined) ?? 0) + 1;\n  return ErrorPages(props);\n};`,
      ),
    );
    const out = await tempDir();
    await withEnv(EPOCH, () => build({ root, out }));
    const files = errorPageFiles({ default: 'en', all: [{ code: 'en' }, { code: 'hu' }, { code: 'de' }] } as never);
    expect(renders()).toBe(files.length);

    // An article edited: what the error pages show is as it was, so they come from the cache.
    let before = renders();
    await edit(root, 'content/en/blog/clickup-as-erp.md', (text) => `${text}\nOne more sentence.\n`);
    await withEnv(EPOCH, () => build({ root, out }));
    expect(renders()).toBe(before);
    const kept = await snapshotTree(out);

    // Their copies are written when the output lacks them (the cache restored into a fresh checkout)...
    const fresh = await tempDir();
    before = renders();
    await withEnv(EPOCH, () => build({ root, out: fresh }));
    expect(renders()).toBe(before);
    // ...and are what a build without the cache writes.
    const uncached = await tempDir();
    await withEnv(EPOCH, () => build({ root, out: uncached, cache: false }));
    const [expected, written] = [await snapshotTree(uncached), await snapshotTree(fresh)];
    for (const file of files) {
      expect(kept.get(file), file).toBe(expected.get(file));
      expect(written.get(file), file).toBe(expected.get(file));
    }

    // A message every page shows changed: rendered again, with it.
    before = renders();
    await edit(root, 'locales/en.json', (text) => text.replace('"skipToContent": "Skip to content"', '"skipToContent": "Jump to the content"'));
    await withEnv(EPOCH, () => build({ root, out }));
    expect(renders()).toBe(before + files.length);
    expect(await readFile(path.join(out, '404.html'), 'utf8')).toContain('Jump to the content');

    // The cache lost: rendered again.
    await rm(path.join(root, '.sitegen-cache'), { recursive: true, force: true });
    before = renders();
    await withEnv(EPOCH, () => build({ root, out }));
    expect(renders()).toBe(before + files.length);
  });
});
