import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { smallSite } from '../../helpers/small-site';
import { smallSiteWithOwnCode } from '../../helpers/own-code-site';
import { edit, lineOf, runCli, snapshotTree, type CliRun } from '../../helpers/site';

/**
 * What a user sees when a build fails, through the bundled CLI: one located error per cause, a
 * hint, exit code 1, and the output folder as it was. Each case was once a crash, a silent loss
 * or an error that named an internal file.
 */
const EPOCH = { SOURCE_DATE_EPOCH: '1767225600' };
const run = promisify(execFile);

/** The error lines (`file:line:column: error: ...`) of a failed run. */
const errorLines = (result: CliRun) => result.stderr.split('\n').filter((line) => / error: /.test(line));

async function builtSmallSite(): Promise<{ root: string; before: Map<string, string> }> {
  const root = await smallSite();
  const first = await runCli(['build', '--root', root], { env: EPOCH });
  expect(first.code, first.stderr).toBe(0);
  return { root, before: await snapshotTree(path.join(root, 'dist')) };
}

/** Builds and expects a failure that leaves the output as it was. */
async function failedBuild(root: string, before: Map<string, string>, options: { prefix?: string[] } = {}): Promise<CliRun> {
  const result = await runCli(['build', '--root', root], { env: EPOCH, ...options });
  expect(result.code, result.stdout).toBe(1);
  expect(result.stderr).toMatch(/sitegen: build failed with \d+ errors?; the output folder was not changed\n$/);
  expect(await snapshotTree(path.join(root, 'dist'))).toEqual(before);
  return result;
}

describe('a failing build', { timeout: 120_000 }, () => {
  for (const git of [false, true]) {
    it(`reports a template error once with the pages it failed on, as the first build of a fresh folder${git ? ' in git' : ''}`, async () => {
      const root = await smallSiteWithOwnCode();
      if (git) {
        await run('git', ['init', '-q'], { cwd: root });
        await run('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'add', '.'], { cwd: root });
        await run('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'site'], { cwd: root });
      }
      const file = 'src/templates/layout/Footer.tsx';
      const changed = await edit(root, file, (text) => text.replace("i18n.t('footer.explore')", "i18n.t('footer.exploree')"));
      const result = await runCli(['build', '--root', root], { env: git ? {} : EPOCH });
      expect(result.code).toBe(1);
      // One error for the one cause, though every page and both error pages render the footer.
      const lines = errorLines(result);
      expect(lines).toEqual([
        expect.stringMatching(new RegExp(`${file.replaceAll('.', '\\.')}:${lineOf(changed, "i18n.t('footer.exploree')")}:\\d+: error: .* \\(in \\d+ pages, e\\.g\\. /, /en, /hu\\) \\[templates/unknown-message-key\\]$`)),
      ]);
      expect(Number(/in (\d+) pages/.exec(lines[0]!)![1])).toBeGreaterThanOrEqual(80);
      expect(result.stderr).not.toMatch(/ENOENT|\.sitegen\b|\.json'/);
      expect(existsSync(path.join(root, 'dist'))).toBe(false);
    });
  }

  it('reports a YAML alias bomb in front matter at its first alias', async () => {
    const { root, before } = await builtSmallSite();
    const file = 'content/en/contact.md';
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]', 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]', 'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]', 'd: [*c, *c, *c, *c, *c, *c, *c, *c, *c]'];
    const changed = await edit(root, file, (text) => text.replace(/^---\n/, `---\n${bomb.join('\n')}\n`));
    const result = await failedBuild(root, before);
    const column = bomb[1]!.indexOf('*a') + 1;
    expect(errorLines(result)).toEqual([expect.stringMatching(new RegExp(`${file}:${lineOf(changed, '*a, *a')}:${column}: error: .* \\[yaml/alias-bomb\\]$`))]);
  });

  it('reports a content file it may not read, with what to do', async () => {
    const { root, before } = await builtSmallSite();
    const file = path.join(root, 'content/hu/contact.md');
    await chmod(file, 0o000);
    // Root reads any file: the build runs without that privilege.
    const prefix = process.getuid?.() === 0 ? ['setpriv', '--bounding-set=-dac_override,-dac_read_search'] : [];
    const result = await failedBuild(root, before, { prefix });
    expect(errorLines(result)).toEqual([expect.stringMatching(/content\/hu\/contact\.md:1:1: error: .* \[read\/unreadable\]$/)]);
    expect(result.stderr).toContain('chmod a+r contact.md');
  });

  it('reports a content file that is a symbolic link', async () => {
    const { root, before } = await builtSmallSite();
    const file = path.join(root, 'content/de/contact.md');
    await rename(file, path.join(root, 'elsewhere.md'));
    await symlink(path.join(root, 'elsewhere.md'), file);
    const result = await failedBuild(root, before);
    expect(errorLines(result)).toEqual([expect.stringMatching(/content\/de\/contact\.md:1:1: error: .* \[read\/symbolic-link\]$/)]);
  });

  it('reports a body that is not UTF-8 at the first byte that is not', async () => {
    const { root, before } = await builtSmallSite();
    const file = path.join(root, 'content/de/contact.md');
    // "Grüße" in Latin-1, on a line of its own at the end.
    const text = await readFile(file);
    const lines = text.toString('utf8').split('\n').length;
    await writeFile(file, Buffer.concat([text, Buffer.from('Viele Gr'), Buffer.from([0xfc, 0xdf]), Buffer.from('e\n')]));
    const result = await failedBuild(root, before);
    expect(errorLines(result)).toEqual([expect.stringMatching(new RegExp(`content/de/contact\\.md:${lines}:9: error: .*0xFC.* \\[read/not-utf8\\]$`))]);
  });

  it('fails on a Markdown file over the size limit and warns above the warning size, both configurable', async () => {
    const { root, before } = await builtSmallSite();
    const paragraph = `${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(20)}\n\n`;
    const grow = (bytes: number) => (text: string) => text + paragraph.repeat(Math.ceil(bytes / paragraph.length));
    await edit(root, 'content/en/contact.md', grow(10_100_000));
    const failed = await failedBuild(root, before);
    expect(errorLines(failed)).toEqual([expect.stringMatching(/content\/en\/contact\.md:1:1: error: .* \[content\/too-large\]$/)]);
    expect(failed.stderr).toContain('limits.markdownMaxSize');

    // Raised in site.yaml, it builds, with a warning above the (lowered) warning size.
    await edit(root, 'content/site.yaml', (text) => `${text}\nlimits:\n  markdownWarnSize: 512 KB\n  markdownMaxSize: 20 MB\n`);
    await edit(root, 'content/hu/contact.md', grow(600_000));
    const built = await runCli(['build', '--root', root], { env: EPOCH });
    expect(built.code, built.stderr).toBe(0);
    // (The English file grew: its translations are outdated too, `docs/translations.md`.)
    expect(built.stderr.split('\n').filter((line) => line.includes('warning') && !line.includes('[translations/outdated]'))).toEqual([
      expect.stringMatching(/content\/en\/contact\.md:1:1: warning: .* \[content\/large\]$/),
      expect.stringMatching(/content\/hu\/contact\.md:1:1: warning: .* \[content\/large\]$/),
    ]);
  });

  it('fails after it kept what it learned for the next build, and the next build writes what a build without the cache does', async () => {
    // What a build learned is kept while Pagefind indexes (write-step.ts, keepForNextBuild),
    // before the checks of step 7b, which find public/_headers: the edited article's new page
    // is in the cache then, but not in the output.
    const { root, before } = await builtSmallSite();
    await edit(root, 'content/en/blog/four-day-week-1.md', (text) => `${text}\nA sentence the failed build rendered.\n`);
    await writeFile(path.join(root, 'public/_headers'), '/*\n  X-Frame-Options: DENY\n');
    const failed = await failedBuild(root, before);
    expect(errorLines(failed)).toEqual([expect.stringMatching(/public\/_headers:1:1: error: .*\[output\/public-collision\]$/)]);

    await rm(path.join(root, 'public/_headers'));
    const next = await runCli(['build', '--root', root], { env: EPOCH });
    expect(next.code, next.stderr).toBe(0);
    const uncached = await runCli(['build', '--root', root, '--no-cache', '--out', path.join(root, 'dist-uncached')], { env: EPOCH });
    expect(uncached.code, uncached.stderr).toBe(0);
    const [output, expected] = await Promise.all([snapshotTree(path.join(root, 'dist')), snapshotTree(path.join(root, 'dist-uncached'))]);
    expect(output).toEqual(expected);
    expect(output).not.toEqual(before);
    // And its record says so: the build after it finds nothing changed.
    await new Promise((resolve) => setTimeout(resolve, 2_100)); // past the window in which a source's stamp is not trusted
    await runCli(['build', '--root', root], { env: EPOCH });
    expect((await runCli(['build', '--root', root], { env: EPOCH })).stdout).toMatch(/^sitegen: up to date /m);
  });

  it('warns of raw HTML it leaves out, at its line, on cold and warm builds alike', async () => {
    const { root } = await builtSmallSite();
    const file = 'content/en/contact.md';
    const changed = await edit(root, file, (text) => `${text}\n<div class="note">Call us first.</div>\n`);
    const expected = new RegExp(`${file}:${lineOf(changed, '<div class="note">')}:1: warning: .*<div class.* \\[markdown/raw-html\\]\\n  hint: `);
    const cold = await runCli(['build', '--root', root], { env: EPOCH });
    expect(cold.code).toBe(0);
    expect(cold.stderr).toMatch(expected);
    // The raw HTML, and the two translations of the English file, outdated by the edit.
    expect(cold.stdout).toMatch(/, 3 warnings$/m);
    expect(cold.stderr.match(/\[translations\/outdated\]/g)).toHaveLength(2);
    const warm = await runCli(['build', '--root', root], { env: EPOCH });
    expect(warm.stderr).toBe(cold.stderr);
  });
});

describe('sitegen watch on a busy port', () => {
  it('says which port is taken and how to pick another', { timeout: 60_000 }, async () => {
    const root = await smallSite();
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as { port: number };
    try {
      const result = await runCli(['watch', '--root', root, '--port', String(port)]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(new RegExp(`^sitegen: error: port ${port} .*127\\.0\\.0\\.1:${port} \\[serve/port-in-use\\]\\n  hint: .*--port ${port + 1}.*--port 0`, 'm'));
    } finally {
      busy.close();
    }
  });
});

