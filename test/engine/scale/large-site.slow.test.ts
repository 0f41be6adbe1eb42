import { cp, readdir, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { build } from '../../../src/engine';
import { edit, lineOf, REPO, runCli, snapshotTree, tempDir, withEnv } from '../../helpers/site';

/**
 * What only a large site does, as users run it (the bundled CLI): Markdown and pages on a
 * worker per core, bodies read by the workers from their files. Slow (a generated site of
 * over 1,000 pages, built several times), so in `npm run test:all`; every execution mode is
 * also forced on a small site in `execution-modes.test.ts`, which `npm test` runs.
 */
describe('a large site', () => {
  it('renders a site of over 1,000 pages (Markdown and pages on a worker per core) the same as the API does', { timeout: 360_000 }, async () => {
    const root = await tempDir('sitegen-large-');
    const { generateSite } = (await import(pathToFileURL(path.join(REPO, 'bench/generate-site.mjs')).href)) as {
      generateSite: (repo: string, root: string, count: number) => void;
    };
    // 350 articles in three locales: over 1,000 bodies to render, a large build.
    generateSite(REPO, root, 350);
    const out = await tempDir();
    const cli = await runCli(['build', '--root', root, '--out', path.join(out, 'cli'), '--verbose'], { env: { SOURCE_DATE_EPOCH: '1767225600' } });
    expect(cli.code).toBe(0);
    // On a machine of two cores or more, Markdown and pages render on workers; over 1,000
    // bodies, the workers read them from their files.
    if (availableParallelism() >= 2) expect(cli.stdout + cli.stderr).toMatch(/render pages \(on \d+ workers\)/);
    expect(cli.stdout + cli.stderr).toContain('read sources (large build)');
    await withEnv({ SOURCE_DATE_EPOCH: '1767225600' }, () => build({ root, out: path.join(out, 'api'), cache: false }));
    expect(await snapshotTree(path.join(out, 'cli'))).toEqual(await snapshotTree(path.join(out, 'api')));
    // What the workers recorded of each page's inputs lets the next build render only what an
    // edit changed: the article, and the pages that list it (its title shows on the blog hub).
    await edit(root, 'content/de/generated/article-7.md', (text) => text.replace(/^title: .*$/m, 'title: "Ein neuer Titel"'));
    const warm = await runCli(['build', '--root', root, '--out', path.join(out, 'cli')], { env: { SOURCE_DATE_EPOCH: '1767225600' } });
    expect(warm.code).toBe(0);
    await withEnv({ SOURCE_DATE_EPOCH: '1767225600' }, () => build({ root, out: path.join(out, 'api'), cache: false }));
    expect(await snapshotTree(path.join(out, 'cli'))).toEqual(await snapshotTree(path.join(out, 'api')));
    // The blog lists its articles on numbered pages, newest first, and per tag the same way: the
    // edited one is on one numbered page of the blog and one of each of its tags' listings.
    const listings = (await readdir(path.join(out, 'cli/de/blog'), { recursive: true })).filter((file) => file.endsWith('index.html'));
    const shown = await Promise.all(listings.map(async (file) => (await readFile(path.join(out, 'cli/de/blog', file), 'utf8')).includes('Ein neuer Titel')));
    const listed = listings.filter((_, index) => shown[index]).map((file) => file.split(path.sep).join('/'));
    expect(listed.filter((file) => !file.startsWith('schlagwort/'))).toHaveLength(1);
    expect(listed.filter((file) => file.startsWith('schlagwort/')).map((file) => file.split('/')[1]).sort()).toEqual(['automation', 'it-services']);
  });

  // A site of this size renders its pages on workers (the test above).
  it('reports a template that throws on a page worker at the template line, and leaves the output alone', { timeout: 240_000 }, async () => {
    const root = await tempDir('sitegen-large-');
    const { generateSite } = (await import(pathToFileURL(path.join(REPO, 'bench/generate-site.mjs')).href)) as {
      generateSite: (repo: string, root: string, count: number) => void;
    };
    generateSite(REPO, root, 300);
    for (const folder of ['templates', 'shared', 'widgets']) await cp(path.join(REPO, 'src', folder), path.join(root, 'src', folder), { recursive: true });
    const out = path.join(await tempDir(), 'site');
    expect((await runCli(['build', '--root', root, '--out', out])).code).toBe(0);
    const before = await snapshotTree(out);
    const file = 'src/templates/pages/ArticlePage.tsx';
    const changed = await edit(root, file, (text) =>
      text.replace('  const { data } = content;\n', "  const { data } = content;\n  if (page.url === '/de/generiert/artikel-250') throw new Error('article template broke');\n"),
    );
    // Without the cache, the Markdown fills the cores again, so the pages render on workers.
    const run = await runCli(['build', '--root', root, '--out', out, '--verbose', '--no-cache'], { env: { NODE_ENV: 'production' } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${file}:${lineOf(changed, "throw new Error('article template broke')")}:`);
    expect(run.stderr).toContain('article template broke (rendering /de/generiert/artikel-250)');
    // --verbose shows where it was thrown.
    expect(run.stderr).toMatch(/^\s+at ArticlePage /m);
    expect(await snapshotTree(out)).toEqual(before);
  });
});
