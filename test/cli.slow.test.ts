import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../src/engine';
import { openCacheFile } from '../src/engine/cache/cache-file';
import { copySite, edit, lineOf, REPO, runCli, snapshotTree, tempDir, withEnv } from './helpers/site';

describe('the sitegen command', () => {
  it('prints help with every command and option', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('build [options]');
    const buildHelp = await runCli(['build', '--help']);
    expect(buildHelp.stdout).toMatch(/--root <dir>/);
    expect(buildHelp.stdout).toMatch(/--out <dir>/);
    expect(buildHelp.stdout).toMatch(/--verbose/);
    expect(help.stdout).toContain('publish [options]');
    const publishHelp = await runCli(['publish', '--help']);
    for (const option of ['--target <url>', '--root <dir>', '--out <dir>', '--endpoint <url>', '--region <region>', '--dry-run', '--max-deletes <n>', '--force', '--concurrency <n>', '--keep-builds <n>', '--verbose']) {
      expect(publishHelp.stdout).toContain(option);
    }
  });

  it('prints its version', async () => {
    const pkg = JSON.parse(await readFile(path.join(import.meta.dirname, '../package.json'), 'utf8'));
    expect((await runCli(['--version'])).stdout.trim()).toBe(pkg.version);
  });

  it('builds a site from --root into dist/ under the root by default', async () => {
    const root = await copySite();
    const run = await runCli(['build', '--root', root]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/built 228 pages \(\d+ files, \d+ changed\) into .*dist in \d+ ms, build [0-9a-f]{12}/);
    expect(existsSync(path.join(root, 'dist/hu/karrier/index.html'))).toBe(true);
    // The bundled engine keys its cache on the code it was bundled from, not the version alone.
    const pkg = JSON.parse(await readFile(path.join(REPO, 'package.json'), 'utf8'));
    const cache = openCacheFile(await readFile(path.join(root, '.sitegen-cache/build.bin')));
    expect(typeof cache === 'object' && cache.stamp.version).toMatch(new RegExp(`^sitegen ${pkg.version.replaceAll('.', '\\.')}\\+[0-9a-f]{16} on Node\\.js ${process.version.replaceAll('.', '\\.')} \\(ICU [\\d.]+\\)$`));
  });

  it('builds with its cache the same bytes as without, and says how many files changed', { timeout: 240_000 }, async () => {
    const root = await copySite();
    const out = await tempDir();
    const cached = path.join(out, 'cached');
    expect((await runCli(['build', '--root', root, '--out', cached])).code).toBe(0);
    const before = await snapshotTree(cached);
    await edit(root, 'content/hu/blog/clickup-as-erp.md', (text) => `${text}\nMég egy mondat.\n`);
    // Saved a minute ago: a source saved just before a build is not trusted to be what it read (see below).
    const aMinuteAgo = new Date(Date.now() - 60_000);
    await utimes(path.join(root, 'content/hu/blog/clickup-as-erp.md'), aMinuteAgo, aMinuteAgo);
    const warm = await runCli(['build', '--root', root, '--out', cached]);
    const after = await snapshotTree(cached);
    const changed = [...after.keys()].filter((file) => after.get(file) !== before.get(file));
    // The Hungarian page (it has one URL) and the latest-build document, at least.
    expect(changed).toEqual(expect.arrayContaining(['hu/clickup-vallalat-iranyitasi-rendszer/index.html', '_sitegen/builds/latest.json']));
    // Changed: new or different bytes, and deleted: of the Hungarian search index, the files Pagefind
    // named by the content it replaced (the page's fragment, index chunks, metadata); its folder stays.
    const deleted = [...before.keys()].filter((file) => !after.has(file));
    expect(deleted.length).toBeGreaterThan(0);
    expect(deleted.every((file) => /^_sitegen\/assets\/search-hu-[0-9a-f]{10}\/((fragment|index)\/[^/]+|pagefind\.[^/]+\.pf_meta)$/.test(file))).toBe(true);
    expect(changed.length + deleted.length).toBeLessThan(30);
    expect(warm.stdout).toContain(`(${after.size} files, ${changed.length + deleted.length} changed)`);
    // Nothing changed since: the output stands, no file of it written, and the command says so.
    const times = await modificationTimes(cached);
    const again = await runCli(['build', '--root', root, '--out', cached]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(new RegExp(`^sitegen: up to date 228 pages \\(${after.size} files, 0 changed\\) in .*cached in \\d+ ms, build [0-9a-f]{12}, policy [0-9a-f]{12}$`, 'm'));
    expect(again.stdout.match(/build ([0-9a-f]{12}), policy ([0-9a-f]{12})/)!.slice(1)).toEqual(warm.stdout.match(/build ([0-9a-f]{12}), policy ([0-9a-f]{12})/)!.slice(1));
    expect(await modificationTimes(cached)).toEqual(times);
    expect((await runCli(['build', '--root', root, '--out', path.join(out, 'fresh'), '--no-cache'])).code).toBe(0);
    expect(await snapshotTree(cached)).toEqual(await snapshotTree(path.join(out, 'fresh')));
  });

  it('renders the same bytes with its Markdown worker as the API does on the main thread', { timeout: 180_000 }, async () => {
    const root = await copySite();
    const out = await tempDir();
    expect((await runCli(['build', '--root', root, '--out', path.join(out, 'cli')], { env: { SOURCE_DATE_EPOCH: '1767225600' } })).code).toBe(0);
    // The built engine bundles zod; its templates import that copy rather than a second one.
    const templates = path.join(root, '.sitegen-cache/templates');
    const [module] = (await readdir(templates)).filter((name) => name.endsWith('.mjs'));
    const bundled = await readFile(path.join(templates, module!), 'utf8');
    expect(bundled).toContain(`from ${JSON.stringify(path.join(REPO, 'lib', 'zod.js'))}`);
    // htmlparser2 too: the engine's bundled copy, not the package's thirty modules loaded anew.
    expect(bundled).toContain(`from ${JSON.stringify(path.join(REPO, 'lib', 'htmlparser2.js'))}`);
    // And its hyphenation patterns from lib/hyphen (the trie flattened), faster to load than the package's own.
    for (const language of ['en-us', 'hu', 'de']) expect(bundled).toContain(`require(${JSON.stringify(path.join(REPO, 'lib', 'hyphen', `${language}.cjs`))})`);
    await withEnv({ SOURCE_DATE_EPOCH: '1767225600' }, () => build({ root, out: path.join(out, 'api') }));
    expect(await snapshotTree(path.join(out, 'cli'))).toEqual(await snapshotTree(path.join(out, 'api')));
  });

  it('fails with file:line:column, a hint and exit code 1, without a stack trace, leaving the output alone', async () => {
    const root = await copySite();
    const out = path.join(await tempDir(), 'site');
    expect((await runCli(['build', '--root', root, '--out', out])).code).toBe(0);
    const before = await snapshotTree(out);
    const routes = await edit(root, 'content/routes.yaml', (text) => text.replace('template: career', 'template: carer'));
    const run = await runCli(['build', '--out', out], { cwd: root });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`content/routes.yaml:${lineOf(routes, 'template: carer')}:15: error: unknown template "carer"`);
    expect(run.stderr).toMatch(/\n {2}hint: use one of: .*career/);
    expect(run.stderr).toContain('the output folder was not changed');
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(await snapshotTree(out)).toEqual(before);
  });

  it('reports a Markdown error from its worker together with a front matter error, and writes nothing', async () => {
    const root = await copySite();
    const out = path.join(await tempDir(), 'site');
    const about = await edit(root, 'content/en/about-us.md', (text) => text.replace('(route:blog)', '(route:blogg)'));
    const career = await edit(root, 'content/de/career.md', (text) => text.replace(/^title: .*$/m, 'title: ""'));
    const run = await runCli(['build', '--root', root, '--out', out]);
    expect(run.code).toBe(1);
    // The front matter stops the build before its pages render; the worker's findings come too.
    expect(run.stderr).toContain(`content/en/about-us.md:${lineOf(about, '(route:blogg)')}:`);
    expect(run.stderr).toContain('link to unknown route "blogg"');
    expect(run.stderr).toContain(`content/de/career.md:${lineOf(career, 'title: ""')}:`);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses to replace a folder it did not write', async () => {
    const root = await copySite();
    const run = await runCli(['build', '--root', root, '--out', path.join(root, 'content')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/holds files that sitegen did not write/);
    expect(existsSync(path.join(root, 'content/routes.yaml'))).toBe(true);
  });

  it('watch serves the site and stops cleanly on Ctrl-C', { timeout: 180_000 }, async () => {
    const root = await copySite();
    const child = spawn(process.execPath, [path.join(REPO, 'bin/sitegen.js'), 'watch', '--root', root, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      await expect.poll(() => /serving (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1], { timeout: 120_000 }).toBeDefined();
      const url = /serving (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
      expect((await fetch(`${url}/hu/karrier`)).status).toBe(200);
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
  });
});

/** Every file of a folder with its modification time. */
async function modificationTimes(dir: string): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) times.set(path.relative(dir, path.join(entry.parentPath, entry.name)), (await stat(path.join(entry.parentPath, entry.name))).mtimeMs);
  }
  return times;
}
