import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedPhoto } from '../../../bench/generated-photo.mjs';
import { stepsOf } from '../../../bench/verbose-steps.mjs';
import { build as buildApi } from '../../../src/engine';
import { smallSite } from '../../helpers/small-site';
import { edit, runCli, snapshotTree, tempDir, withEnv } from '../../helpers/site';

/**
 * Every way the bundled engine can run, on a small site and on every test run: what only a
 * large site would take (a Markdown worker per core, page workers, bodies read from their
 * files, content read ahead) is forced with `--parallel always`, and must give the bytes of a
 * build on one thread, cold and warm, before and after an edit. The one-thread builds run in
 * this process from the sources (the API with `parallel: 'off'`, no cache), without starting a
 * process each: the bundled CLI and the API give the same bytes (test/cli.slow.test.ts).
 */
const EPOCH = { SOURCE_DATE_EPOCH: '1767225600' };

describe('execution modes of the bundled engine', () => {
  it('gives the same bytes on every worker as on one thread, cold and with the cache', { timeout: 240_000 }, async () => {
    const root = await smallSite();
    // A photo an English page shows: encoded once the pages (rendered on workers) name it, and
    // taken from the cache for that page reused unrendered in the warm build below.
    await writeFile(path.join(root, 'public/images/team-photo.jpg'), await generatedPhoto({ width: 320, height: 200, seed: 3 }));
    await edit(root, 'content/en/about-us.md', (text) => `${text}\n![The team at work](/images/team-photo.jpg)\n`);
    const out = await tempDir();
    const build = async (parallel: string, name: string) => {
      const result = await runCli(['build', '--root', root, '--out', path.join(out, name), '--parallel', parallel, '--verbose'], { env: EPOCH });
      expect(result.code, result.stderr).toBe(0);
      return result.stdout;
    };
    const oneThread = async (name: string) => {
      const result = await withEnv(EPOCH, () => buildApi({ root, out: path.join(out, name), parallel: 'off', cache: false }));
      expect(result.threads).toEqual({ markdownWorkers: 0, readAhead: false, largeBuild: false, pageWorkers: 0 });
    };
    const compare = async (a: string, b: string) => expect(await snapshotTree(path.join(out, a))).toEqual(await snapshotTree(path.join(out, b)));

    // Cold: no cache yet, so the first worker reads the content ahead. It writes the cache the
    // warm build below starts from.
    const cold = await build('always', 'always');
    // The bench reads these lines to say where a missed case's time goes (bench/verbose-steps.mjs).
    const steps = stepsOf(cold);
    expect(steps.map(([step]) => step)).toEqual(expect.arrayContaining(['read sources (large build)', 'render pages (on 2 workers)', 'write', 'record for the next build']));
    const total = Number(/ in (\d+) ms, build /.exec(cold)?.[1]);
    expect(steps.reduce((sum, [, ms]) => sum + ms, 0)).toBeLessThan(total);
    expect(cold).toMatch(/threads: Markdown on 2 workers \(content read ahead\), pages on 2 workers, large-build path \(--parallel always\)/);
    // The photo at its own width (narrower than every configured one), as AVIF and WebP.
    expect(cold).toMatch(/images: 2 encoded, 0 from the cache/);
    await oneThread('off');
    await compare('always', 'off');

    // Warm, after an edit: the cache's pages and bodies, and the workers for what changed.
    await edit(root, 'content/hu/about-us.md', (text) => `${text}\nMég egy bekezdés a változásról.\n`);
    await edit(root, 'locales/de.json', (text) => text.replace('"readMore": "Weiterlesen"', '"readMore": "Mehr lesen"'));
    const warm = await build('always', 'always');
    expect(warm).toMatch(/images: 0 encoded, 1 from the cache/);
    // Both builds kept their cache after the output was swapped in, as a large site does
    // (`keepCache`), not beside the search index.
    for (const output of [cold, warm]) expect(output).toMatch(/\n {2}search index \([^)]*\), beside error pages, feeds {2,}\d/);
    await oneThread('off');
    await compare('always', 'off');
    // An English body edited: the cache the warm build kept after its output knows every other
    // page, so only the page and its /en/ copy render again.
    await edit(root, 'content/en/about-us.md', (text) => `${text}\nOne more paragraph about the change.\n`);
    expect(await build('always', 'always')).toMatch(/pages: 2 rendered, 0 written from the cache, \d+ unchanged in the output/);
    await oneThread('off');
    await compare('always', 'off');
    // And the default, by the site's size: one Markdown worker, pages here, the cache kept
    // beside the search index.
    const auto = await build('auto', 'auto');
    expect(auto).toMatch(/threads: Markdown on 1 worker, pages on the main thread \(--parallel auto\)/);
    expect(auto).toMatch(/\n {2}search index \([^)]*\), beside error pages, feeds and the cache {2,}\d/);
    await compare('auto', 'off');
  });
});
