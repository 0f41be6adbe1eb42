import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../../src/engine';
import { frontMatterOnly, splitContent } from '../../../src/engine/markdown/split-content';
import { Problems } from '../../../src/engine/diagnostics/diagnostic';
import { inThreadStage } from '../../../src/engine/markdown/in-thread-stage';
import type { LinkData, MarkdownJob } from '../../../src/engine/markdown/markdown-stage';
import { deferredFileJob, fileJob, type FileJob } from '../../../src/engine/scale/file-jobs';
import { readSources, withoutContentTexts } from '../../../src/engine/read/read-sources';
import { copySite, edit, LOCALE_CODES, REPO, snapshotTree, tempDir, withEnv } from '../../helpers/site';


const NO_LINKS: LinkData = { urls: {}, owners: {} };
const EPOCH = { SOURCE_DATE_EPOCH: '1767225600' };

describe('a large build keeps no Markdown text on the main thread', () => {
  it('builds the same bytes (and build id) as a small one, cold and after an edit with the cache', { timeout: 120_000 }, async () => {
    const root = await copySite();
    const out = await tempDir();
    // The large build uses the persistent cache (the second one reads it: page inputs are then
    // hashed without the texts); the small one builds without, from the same sources.
    // \`parallel: always\` takes a large site's path (thousands of bodies) with the real site.
    const both = async (name: string) => {
      const big = await withEnv(EPOCH, () => build({ root, out: path.join(out, `${name}-large`), parallel: 'always' }));
      const small = await withEnv(EPOCH, () => build({ root, out: path.join(out, `${name}-small`), cache: false, parallel: 'off' }));
      expect(big.id).toBe(small.id);
      expect(await snapshotTree(path.join(out, `${name}-large`))).toEqual(await snapshotTree(path.join(out, `${name}-small`)));
    };
    await both('cold');
    await edit(root, 'content/hu/blog/sustainable-it.md', (text) => text.replace(/^title: .*$/m, 'title: "Fenntartható IT, másképp"'));
    await both('edited');
    expect(await snapshotTree(path.join(out, 'edited-large'))).not.toEqual(await snapshotTree(path.join(out, 'cold-large')));
  });

  it('lets the content texts go and copies the front matter out of them', async () => {
    const sources = await readSources(REPO, LOCALE_CODES, new Problems());
    const released = withoutContentTexts(sources);
    const [name, file] = [...released.content][0]!;
    expect(file.path).toBe(sources.content.get(name)!.path);
    expect(() => file.text).toThrow(`the text of content/${name} was released after it was split`);
    expect(released.routes).toBe(sources.routes);
    const split = splitContent(sources.content, LOCALE_CODES, new Problems());
    const kept = frontMatterOnly(split);
    for (const [key, entry] of split) expect(kept.get(key)).toEqual({ file: entry.file, frontMatter: entry.frontMatter });
  });

  it('renders bodies read from their files, in a worker or kept for a failed one, and reports one that changed since', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'page.md');
    const text = '---\ntitle: Page\n---\n# A heading\n\nSome *text*.\n';
    await writeFile(file, text);
    const job: MarkdownJob = { key: 'en/page.md', file, body: '# A heading\n\nSome *text*.\n', lineOffset: 3, locale: 'en' };
    const expected = (await renderAs('parse', job))!;
    expect(expected.problems).toEqual([]);
    expect(expected.markdown.html).toContain('<em>text</em>');

    // Read from the file: the same HTML, whether parsed (a worker) or kept (the fallback).
    const fromFile = fileJob(job);
    expect(fromFile).not.toHaveProperty('body');
    for (const way of ['parse', 'keep'] as const) expect(await renderAs(way, fromFile)).toEqual(expected);

    // The file changed after the build read it: reported, not rendered from the new text.
    await writeFile(file, text.replace('Some', 'Other'));
    for (const way of ['parse', 'keep'] as const) {
      const changed = (await renderAs(way, fromFile))!;
      expect(changed.problems).toEqual([expect.objectContaining({ file, message: `${file} changed or went away during the build` })]);
      expect(changed.markdown.html).not.toContain('Other');
    }
    await rm(file);
    expect((await renderAs('parse', fromFile))!.problems).toHaveLength(1);

    // A body parsed early (a turn of the event loop after it was sent) is not read again.
    await writeFile(file, text);
    const stage = inThreadStage();
    stage.parse([deferredFileJob(fromFile)]);
    await new Promise((turn) => setImmediate(turn));
    await writeFile(file, text.replace('Some', 'Other'));
    expect((await stage.render([job.key], NO_LINKS))[0]).toEqual(expected);
  });
});

async function renderAs(way: 'parse' | 'keep', job: MarkdownJob | FileJob) {
  const stage = inThreadStage();
  stage[way](['digest' in job ? deferredFileJob(job) : job]);
  return (await stage.render([job.key], NO_LINKS))[0];
}
