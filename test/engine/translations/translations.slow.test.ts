import { execFile } from 'node:child_process';
import { readFile, rename, rm, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { smallSite } from '../../helpers/small-site';
import { copySite, edit, lineOf, REPO, runCli, tempDir } from '../../helpers/site';

/**
 * Translations that fall behind their English source, as users meet them: `sitegen
 * translations`, `translations mark`, and the warnings of `build` and `check`, through the
 * bundled CLI on copies of the site (which marks its translations up to date), with and without
 * a git repository.
 */

interface Item {
  kind: 'content' | 'message';
  id: string;
  locale: string;
  state: string;
  file: string;
  line?: number;
  record?: { source: string; marked: string };
  change?: { found: boolean; reason?: string; changed?: { commit: string } | null; diff?: Array<{ text: string; change?: string }> };
}
interface Status {
  source: string;
  summary: Record<'current' | 'outdated' | 'missing' | 'unmarked', number>;
  items: Item[];
}

async function status(root: string, ...flags: string[]): Promise<Status> {
  const run = await runCli(['translations', '--json', '--root', root, ...flags]);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Status;
}

/** `content about-us hu`, `message nav.blog de`: what is not up to date. */
function notCurrent(report: Status, state = 'outdated'): string[] {
  return report.items.filter((item) => item.state === state).map((item) => `${item.kind} ${item.id} ${item.locale}`);
}

async function mark(root: string, ...targets: string[]) {
  const run = await runCli(['translations', 'mark', '--root', root, ...targets]);
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
}

/** The time a content file's record says it was marked. */
const recordOf = (text: string) => /^translation: .*marked: "([^"]+)"/m.exec(text)![1];

const changeEnglishBody = (root: string) => edit(root, 'content/en/about-us.md', (text) => text.replace('We reply within one working day.', 'We reply within two working days.'));

async function git(root: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: root });
  return stdout;
}

async function gitSite(): Promise<string> {
  const root = await copySite();
  await git(root, 'init', '-q');
  await git(root, 'add', '-A');
  await git(root, 'commit', '-qm', 'site');
  return root;
}

describe('sitegen translations', { timeout: 120_000 }, () => {
  it('reports nothing outdated, missing or unmarked for the site in this repository', async () => {
    const report = await status(REPO, '--strict', '--no-history');
    expect(report.source).toBe('en');
    expect(report.summary).toMatchObject({ outdated: 0, missing: 0, unmarked: 0 });
    // Every route in both translated locales, every message too.
    expect(report.items.filter((item) => item.kind === 'content').length).toBeGreaterThan(60);
    expect(report.items.filter((item) => item.kind === 'message').length).toBeGreaterThan(200);
  });

  it('marks the hu and de files outdated, and nothing else, when an English body changes; marking clears it', async () => {
    const root = await copySite();
    const before = { hu: await readFile(path.join(root, 'content/hu/about-us.md'), 'utf8'), de: await readFile(path.join(root, 'content/de/about-us.md'), 'utf8') };
    await changeEnglishBody(root);
    expect(notCurrent(await status(root))).toEqual(['content about-us hu', 'content about-us de']);
    const strict = await runCli(['translations', '--strict', '--root', root]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/^content\/hu\/about-us\.md:\d+: outdated, marked /m);
    expect(strict.stdout).toContain('no diff: the site folder is not in a git checkout');
    expect(strict.stdout).toMatch(/sitegen: 2 outdated, 0 missing, 0 never marked, \d+ of \d+ translations up to date/);

    // The translator updated the Hungarian text and marks it: only its record changes.
    expect(await mark(root, 'content/hu/about-us.md')).toMatch(/^marked content\/hu\/about-us\.md \(was outdated\)\nsitegen: marked 1 translation \(1 file written\)\n$/);
    const hu = await readFile(path.join(root, 'content/hu/about-us.md'), 'utf8');
    const changed = hu.split('\n').filter((line, index) => line !== before.hu.split('\n')[index]);
    expect(changed).toEqual([expect.stringMatching(/^translation: \{ source: "[0-9a-f]{12}", marked: "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ" \}$/)]);
    expect(hu.length).toBe(before.hu.length);
    expect(notCurrent(await status(root))).toEqual(['content about-us de']);

    // Naming the source marks all its translations; marking again changes nothing.
    await mark(root, 'content/en/about-us.md');
    expect((await status(root)).summary.outdated).toBe(0);
    expect(await readFile(path.join(root, 'content/de/about-us.md'), 'utf8')).not.toBe(before.de);
    expect(await mark(root, 'content/hu/about-us.md')).toBe('sitegen: marked 0 translations (0 files written); 1 was up to date already\n');
    expect((await runCli(['translations', '--strict', '--root', root])).code).toBe(0);
  });

  it('marks nothing for a change of whitespace or of front matter that is not translated; a translated field counts', async () => {
    const root = await copySite();
    await edit(root, 'content/en/about-us.md', (text) =>
      text.replace('Most of our partnerships start with a short conversation.', 'Most of our partnerships\nstart   with a short conversation.  ').replace(/\n*$/, '\n\n\n'),
    );
    await edit(root, 'content/en/blog/four-day-week-1.md', (text) => text.replace('date: 2025-04-15', 'date: 2025-04-16\nupdated: 2025-05-02').replace('title: "The four-day working week, part 1"', "title: 'The four-day working week,   part 1'"));
    expect((await status(root)).summary.outdated).toBe(0);
    await edit(root, 'content/en/blog/four-day-week-1.md', (text) => text.replace('and the fifth free"', 'and the fifth day free"'));
    expect(notCurrent(await status(root))).toEqual(['content article-four-day-week-1 hu', 'content article-four-day-week-1 de']);
  });

  it('marks only that key when a message changes in en.json, at its line in the locale files', async () => {
    const root = await copySite();
    const records = await readFile(path.join(root, 'locales/hu.translations.json'), 'utf8');
    await edit(root, 'locales/en.json', (text) => text.replace('"blog": "Blog"', '"blog": "Journal"'));
    const report = await status(root);
    expect(notCurrent(report)).toEqual(['message nav.blog hu', 'message nav.blog de']);
    const hu = await readFile(path.join(root, 'locales/hu.json'), 'utf8');
    expect(report.items.find((item) => item.kind === 'message' && item.state === 'outdated')!).toMatchObject({ file: 'locales/hu.json', line: lineOf(hu, '"blog"') });

    expect(await mark(root, 'hu:nav.blog')).toContain('marked 1 message of locales/hu.json in locales/hu.translations.json: nav.blog');
    const after = await readFile(path.join(root, 'locales/hu.translations.json'), 'utf8');
    expect(after.split('\n').filter((line, index) => line !== records.split('\n')[index])).toEqual([expect.stringMatching(/^ {2}"nav\.blog": \{ "source": "[0-9a-f]{12}", "marked": ".*" \},$/)]);
    expect(notCurrent(await status(root))).toEqual(['message nav.blog de']);
    await mark(root, 'nav.blog');
    expect((await status(root)).summary.outdated).toBe(0);
  });

  it('keeps the state of files and routes that are renamed', async () => {
    const root = await copySite();
    await changeEnglishBody(root);
    // The route gets another id, its files another name and folder.
    await edit(root, 'content/routes.yaml', (text) => text.replace('  - id: about-us\n    template: about\n    content: about-us', '  - id: company\n    template: about\n    content: company/about'));
    for (const locale of ['en', 'hu', 'de']) {
      await mkdir(path.join(root, 'content', locale, 'company'));
      await rename(path.join(root, 'content', locale, 'about-us.md'), path.join(root, 'content', locale, 'company/about.md'));
    }
    const report = await status(root);
    expect(notCurrent(report)).toEqual(['content company hu', 'content company de']);
    expect(report.summary.unmarked).toBe(0);
    await mark(root, 'content/hu/company/about.md', path.join(root, 'content/de/company/about.md'));
    expect((await status(root)).summary.outdated).toBe(0);
  });

  it('shows a word diff of what changed in the source since the translation was made, from git', async () => {
    const root = await gitSite();
    await changeEnglishBody(root);
    await edit(root, 'locales/en.json', (text) => text.replace('"blog": "Blog"', '"blog": "Journal"'));
    // The changes are not committed yet.
    let report = await status(root);
    const about = report.items.find((item) => item.id === 'about-us' && item.locale === 'hu')!;
    expect(about.change).toMatchObject({ found: true, changed: null });
    expect(about.change!.diff!.filter((part) => part.change).map((part) => `${part.change} ${part.text.trim()}`)).toEqual(['removed one', 'added two', 'removed day', 'added days']);
    // Committed, it names the commit; a later edit is diffed against the same translated version.
    await git(root, 'commit', '-qam', 'Reply time');
    const commit = (await git(root, 'rev-parse', 'HEAD')).trim();
    await edit(root, 'content/en/about-us.md', (text) => text.replace('Take a look at', 'Have a look at'));
    report = await status(root);
    expect(report.items.find((item) => item.id === 'about-us' && item.locale === 'de')!.change).toMatchObject({ found: true, changed: { commit } });
    const text = await runCli(['translations', '--root', root]);
    expect(text.stdout).toContain(`content/en/about-us.md changed in ${commit.slice(0, 10)}`);
    expect(text.stdout).toMatch(/\[-Take-\]\{\+Have\+\} a look at/);
    expect(text.stdout).toContain('We reply within [-one-]{+two+} working [-day-]{+days+}.');
    expect(text.stdout).toMatch(new RegExp(`^locales/hu\\.json:\\d+: message "nav\\.blog" outdated, marked .*\\n {2}locales/en\\.json changed in ${commit.slice(0, 10)} \\(.*\\) since [0-9a-f]{10}:\\n {4}\\[-Blog-\\]\\{\\+Journal\\+\\}$`, 'm'));
    // A record of a version git never had: no diff, said so.
    await edit(root, 'content/hu/about-us.md', (t) => t.replace(/source: "[0-9a-f]{12}"/, 'source: "000000000000"'));
    report = await status(root);
    expect(report.items.find((item) => item.id === 'about-us' && item.locale === 'hu')!.change).toEqual({ found: false, reason: 'not-in-history' });
  });

  it('follows a source file renamed in git', async () => {
    const root = await gitSite();
    await git(root, 'mv', 'content/en/about-us.md', 'content/en/about.md');
    for (const locale of ['hu', 'de']) await git(root, 'mv', `content/${locale}/about-us.md`, `content/${locale}/about.md`);
    await edit(root, 'content/routes.yaml', (text) => text.replace('content: about-us', 'content: about'));
    await git(root, 'commit', '-qam', 'Rename');
    await edit(root, 'content/en/about.md', (text) => text.replace('We reply within one working day.', 'We reply within two working days.'));
    const report = await status(root);
    expect(notCurrent(report)).toEqual(['content about-us hu', 'content about-us de']);
    expect(report.items.find((item) => item.state === 'outdated')!.change).toMatchObject({ found: true });
  });

  it('adopts records on a site that has none: never marked, no warnings, until mark --all', async () => {
    const root = await copySite();
    for (const locale of ['hu', 'de']) {
      await rm(path.join(root, `locales/${locale}.translations.json`));
      for (const file of ['about-us.md', 'blog/clickup-as-erp.md']) await edit(root, `content/${locale}/${file}`, (text) => text.replace(/^translation: .*\n/m, ''));
    }
    await changeEnglishBody(root);
    const report = await status(root);
    expect(notCurrent(report, 'unmarked')).toEqual(expect.arrayContaining(['content about-us hu', 'content article-clickup-as-erp de', 'message nav.blog hu']));
    expect(report.summary.outdated).toBe(0);
    expect(await mark(root, '--all')).toMatch(/marked \d+ messages of locales\/hu\.json in locales\/hu\.translations\.json\n/);
    expect((await status(root)).summary).toMatchObject({ outdated: 0, unmarked: 0, missing: 0 });
    expect(await mark(root, '--all')).toMatch(/^sitegen: marked 0 translations \(0 files written\); \d+ were up to date already\n$/);
  });

  it('refuses targets that are no translation, and writes nothing', async () => {
    const root = await copySite();
    await changeEnglishBody(root);
    const run = await runCli(['translations', 'mark', '--root', root, 'content/hu/about-us.md', 'content/hu/no-such-page.md', 'hu:no.such.key']);
    expect(run.code).toBe(1);
    expect(run.stderr.match(/\[translations\/unknown-target\]/g)).toHaveLength(2);
    expect(notCurrent(await status(root))).toEqual(['content about-us hu', 'content about-us de']);
    expect((await runCli(['translations', 'mark', '--root', root])).code).toBe(1);
  });

  it('takes the translated fields and the source locale from content/site.yaml', async () => {
    const root = await copySite();
    await edit(root, 'content/site.yaml', (text) => text.replace('translations:\n  source: en', 'translations:\n  source: en\n  fields: [title]'));
    await mark(root, '--all');
    await edit(root, 'content/en/about-us.md', (text) => text.replace('description: "Who we are:', 'description: "Who are we:'));
    expect((await status(root)).summary.outdated).toBe(0);
    await edit(root, 'content/en/about-us.md', (text) => text.replace('title: "About us"', 'title: "About Kestrelbyte"'));
    expect(notCurrent(await status(root))).toEqual(['content about-us hu', 'content about-us de']);
    await edit(root, 'content/site.yaml', (text) => text.replace('source: en', 'source: xx'));
    const run = await runCli(['translations'], { cwd: root });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^content\/site\.yaml:\d+:\d+: error: .* \[config\/translation-source\]$/m);
  });
});

describe('outdated translations in build, check and watch', { timeout: 180_000 }, () => {
  it('build and check print one warning per outdated file or key, at its line; the pages carry no marker', async () => {
    const root = await smallSite();
    await changeEnglishBody(root);
    await edit(root, 'locales/en.json', (text) => text.replace('"blog": "Blog"', '"blog": "Journal"'));
    const warm = await runCli(['build'], { cwd: root });
    expect(warm.code, warm.stderr).toBe(0);
    const hu = await readFile(path.join(root, 'content/hu/about-us.md'), 'utf8');
    const huMessages = await readFile(path.join(root, 'locales/hu.json'), 'utf8');
    const warnings = warm.stderr.split('\n').filter((line) => line.includes('[translations/outdated]'));
    expect(warnings).toEqual([
      `content/hu/about-us.md:${lineOf(hu, 'translation:')}:1: warning: the hu translation is outdated: content/en/about-us.md changed since it was marked (marked ${recordOf(hu)}) [translations/outdated]`,
      expect.stringMatching(/^content\/de\/about-us\.md:\d+:1: warning: the de translation is outdated: .* \[translations\/outdated\]$/),
      expect.stringMatching(new RegExp(`^locales/hu\\.json:${lineOf(huMessages, '"blog"')}:5: warning: message "nav\\.blog" is outdated: .* \\[translations/outdated\\]$`)),
      expect.stringMatching(/^locales\/de\.json:\d+:5: warning: message "nav\.blog" is outdated: .* \[translations\/outdated\]$/),
    ]);
    expect(warm.stdout).toMatch(/, 4 warnings\n$/);
    // Never a marker in what a build writes.
    const page = await readFile(path.join(root, 'dist/hu/rolunk/index.html'), 'utf8');
    expect(page).not.toContain('sitegen-dev');
    expect(page).not.toContain('outdated');

    // The same warnings with and without the cache, and from check, which does not fail on them.
    const cold = await runCli(['build', '--no-cache', '--out', path.join(await tempDir(), 'out')], { cwd: root });
    expect(cold.stderr.split('\n').filter((line) => line.includes('[translations/outdated]'))).toEqual(warnings);
    const check = await runCli(['check'], { cwd: root });
    expect(check.code, check.stderr).toBe(0);
    expect(check.stderr.match(/warning: .*\[translations\/outdated\]/g)).toHaveLength(4);
    expect(check.stdout).toMatch(/: no problems, 4 warnings\n$/);

    await mark(root, 'content/en/about-us.md', 'nav.blog');
    const clean = await runCli(['build', '--root', root]);
    expect(clean.stderr).toBe('');
  });

  it('watch lists the warnings and marks the page of an outdated translation, only in the dev server', async () => {
    const { watch } = await import('../../../src/engine');
    const root = await smallSite();
    await changeEnglishBody(root);
    const logged: string[] = [];
    const watcher = await watch({ root, port: 0, log: () => {}, error: (text) => logged.push(text) });
    try {
      const hu = await (await fetch(`${watcher.url}/hu/rolunk`)).text();
      expect(hu).toMatch(/<body[^>]*><div id="sitegen-dev-marker" role="note">The hu translation is outdated: content\/en\/about-us\.md changed/);
      expect(await (await fetch(`${watcher.url}/about-us`)).text()).not.toContain('sitegen-dev-marker');
      expect(await (await fetch(`${watcher.url}/hu/kapcsolat`)).text()).not.toContain('sitegen-dev-marker');
      expect(logged.join('\n').match(/\[translations\/outdated\]/g)).toHaveLength(2);
      // Marked, the marker goes with a rebuild (the file watcher may report the write in more than one event).
      await mark(root, 'content/en/about-us.md');
      const marked = async () => (await (await fetch(`${watcher.url}/hu/rolunk`)).text()).includes('sitegen-dev-marker');
      for (let tries = 0; tries < 30 && (await marked()); tries++) await Promise.race([watcher.nextBuild(), new Promise((resolve) => setTimeout(resolve, 1000))]);
      expect(await marked()).toBe(false);
    } finally {
      await watcher.close();
    }
  });
});

describe('translation records in front matter', () => {
  it('are no page data, and a record that is not one is an error at its line', async () => {
    const root = await smallSite();
    const built = await runCli(['build', '--root', root]);
    expect(built.code, built.stderr).toBe(0);
    const payload = await readFile(path.join(root, 'dist/hu/rolunk/_payload.json'), 'utf8');
    expect(payload).not.toContain('"translation"');
    const text = await edit(root, 'content/hu/about-us.md', (t) => t.replace(/^translation: .*$/m, 'translation: { source: "abc", when: "now" }'));
    const failed = await runCli(['build', '--root', root]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`content/hu/about-us.md:${lineOf(text, 'translation:')}:`);
    expect(failed.stderr).toMatch(/\[yaml\/(unknown-key|missing-field)\]/);
    await writeFile(path.join(root, 'locales/de.translations.json'), '{ "nav.blog": "yes" }\n');
    await edit(root, 'content/hu/about-us.md', (t) => t.replace(/^translation: .*$/m, 'translation: { source: "abc", marked: "now" }'));
    const records = await runCli(['build'], { cwd: root });
    expect(records.code).toBe(1);
    expect(records.stderr).toMatch(/^locales\/de\.translations\.json:1:3: error: the record of "nav\.blog" is not .* \[translations\/invalid-records\]$/m);
  });
});
