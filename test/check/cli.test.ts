import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copySite, edit, lineOf, REPO, runCli, tempDir } from '../helpers/site';
import { brokenCopy, buildRealSite, editOutput, linkedCopy, removeOutput } from './helpers';

let out: string;
beforeAll(async () => {
  out = await buildRealSite();
});

describe('sitegen check', () => {
  it('is listed in the help with its options', async () => {
    expect((await runCli(['--help'])).stdout).toContain('check [options]');
    const help = (await runCli(['check', '--help'])).stdout;
    expect(help).toMatch(/--root <dir>/);
    expect(help).toMatch(/--out <dir>/);
    expect(help).toMatch(/--verbose/);
  });

  it('passes the real site with one line and exit code 0', async () => {
    const run = await runCli(['check', '--root', REPO, '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^sitegen: checked 228 pages \\(\\d+ files\\) in ${out} in \\d+ ms: no problems\\n$`));
  });

  it('checks dist/ under the root by default', async () => {
    // The real site's sources with this run's build of them where `sitegen build` writes it.
    const root = await copySite();
    await linkedCopy(out, path.join(root, 'dist'));
    const run = await runCli(['check'], { cwd: root });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`in ${path.join(root, 'dist')} in`);
  });

  it('lists every problem with its page and a hint, and exits with 1', async () => {
    const dir = await brokenCopy(out, async (d) => {
      await removeOutput(d, 'images/error-404.svg');
      await editOutput(d, 'de/kontakt/index.html', (text) => text.replace('</main>', '<a href="/hu/kapcsolat">ungarisch</a></main>'));
    });
    const run = await runCli(['check', '--root', REPO, '--out', dir], { cwd: path.dirname(dir) });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')).toEqual([
      expect.stringMatching(/^\/de\/kontakt: error: .* \[check\/foreign-locale-link\]$/),
      expect.stringMatching(/^ {2}hint: /),
      // The error page of every locale shows the image.
      expect.stringMatching(/^dist\/404\.html: error: .* \[check\/broken-link\]$/),
      expect.stringMatching(/^ {2}hint: /),
      expect.stringMatching(/^dist\/de\/404\.html: error: .* \[check\/broken-link\]$/),
      expect.stringMatching(/^ {2}hint: /),
      expect.stringMatching(/^dist\/hu\/404\.html: error: .* \[check\/broken-link\]$/),
      expect.stringMatching(/^ {2}hint: /),
      expect.stringMatching(new RegExp(`^sitegen: check found 4 problems in 228 pages \\(\\d+ files\\) in ${dir} \\(\\d+ ms\\)$`)),
      '',
    ]);
  });

  it('points at the line and column of a locale file, relative to the working folder', async () => {
    const root = await copySite();
    const text = await edit(root, 'locales/de.json', (t) => t.replace(/"byline": "[^"]*"/, '"byline": "Von {autor}"'));
    const run = await runCli(['check', '--out', out], { cwd: root });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^locales/de\\.json:${lineOf(text, '"byline"')}:5: error: .* \\[messages/placeholder-mismatch\\]\\n  hint: `, 'm'));
    expect(run.stderr).toMatch(/check found 1 problem in/);
  });

  it('says what to do when there is no build to check', async () => {
    const missing = path.join(await tempDir(), 'dist');
    const run = await runCli(['check', '--root', REPO, '--out', missing]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${missing} does not exist`);
    expect(run.stderr).toContain('hint: run `sitegen build` first, or name the built folder with --out');
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});
