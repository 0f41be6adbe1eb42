import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDist, type StaticServer } from './helpers/static-server';
import { copySite, edit, runCli, tempDir } from './helpers/site';

const ARTICLE = /\n {2}- id: article-eu-energy-policy\n(?: {4}.*\n)+/;
const ENV = { SOURCE_DATE_EPOCH: '1767225600' };

/** The listings of the tag only the removed article had. */
const LOST_TAG_LISTINGS: ReadonlyArray<[string, string]> = [
  ['/blog/tag/eu-regulation', '/blog'],
  ['/de/blog/schlagwort/eu-regulation', '/de/blog'],
  ['/en/blog/tag/eu-regulation', '/en/blog'],
  ['/hu/blog/cimke/eu-regulation', '/hu/blog'],
];

describe('sitegen build and check with a renamed slug and a removed article', () => {
  let root: string;
  let server: StaticServer;

  beforeAll(async () => {
    root = await copySite();
    expect((await runCli(['build'], { cwd: root, env: ENV })).code).toBe(0);
    // The published site, as a fresh CI clone would find it.
    const published = path.join(await tempDir('sitegen-published-'), 'site');
    await cp(path.join(root, 'dist'), published, { recursive: true, dereference: true });
    server = await serveDist(published);
    await edit(root, 'content/routes.yaml', (text) => text.replace('paths: { en: /career, hu: /karrier,', 'paths: { en: /career, hu: /állások,').replace(ARTICLE, '\n'));
    await Promise.all(['en', 'hu', 'de'].map((locale) => rm(path.join(root, 'content', locale, 'blog/eu-energy-policy.md'))));
  }, 120_000);

  afterAll(() => server?.close());

  it('builds with a warning for each lost URL (exit 0); sitegen check then fails with them', async () => {
    const run = await runCli(['build'], { cwd: root, env: ENV });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^\/hu\/eu-energiapolitika: warning: .* \[redirects\/lost-url\]\n  hint: .*content\/redirects\.yaml/m);
    expect(run.stderr.match(/: warning: /g)).toHaveLength(4);
    expect(run.stdout).toMatch(/^sitegen: built 220 pages, 5 redirects \(\d+ files, \d+ changed\) into .* build \w+, policy [0-9a-f]{12}, 4 warnings\n$/);

    const checked = await runCli(['check'], { cwd: root });
    expect(checked.code).toBe(1);
    expect(checked.stderr).toMatch(/^\/de\/eu-energiepolitik: error: .* \[check\/lost-url\]$/m);
    expect(checked.stderr).toMatch(/check found 4 problems/);
  }, 120_000);

  it('--previous reads the published site by URL, for a build into an empty folder', async () => {
    const fresh = path.join(await tempDir('sitegen-fresh-'), 'out');
    const run = await runCli(['build', '--out', fresh, '--previous', server.url], { cwd: root, env: ENV });
    expect(run.code).toBe(0);
    expect(run.stderr.match(/: warning: /g)).toHaveLength(4);
    // The removed article was the only one tagged eu-regulation: that tag's listings go to the blog.
    expect(await readFile(path.join(fresh, '_redirects'), 'utf8')).toBe(
      [...LOST_TAG_LISTINGS.map(([from, to]) => `${from} ${to} 301\n`), `/hu/karrier ${encodeURI('/hu/állások')} 301\n`].join(''),
    );
    // Without --previous an empty folder has no earlier build to compare with.
    const alone = await runCli(['build', '--out', path.join(path.dirname(fresh), 'alone')], { cwd: root, env: ENV });
    expect(alone.stderr).toBe('');
    expect(await readFile(path.join(path.dirname(fresh), 'alone', '_redirects'), 'utf8')).toBe('');
  }, 120_000);

  it('--previous naming no build is an error with a hint', async () => {
    const run = await runCli(['build', '--out', path.join(await tempDir(), 'out'), '--previous', path.join(root, 'content')], { cwd: root, env: ENV });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^sitegen: error: .*content.* \[redirects\/previous-build\]\n {2}hint: /m);
  }, 60_000);
});
