import { cp, lstat, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, BuildFailure } from '../../../src/engine';
import { copySite, edit, REPO, snapshotTree, tempDir } from '../../helpers/site';

// A fixed build time: otherwise it follows the newest source, and an edit would change the
// sitemap's dates of undated pages as well.
const previousEpoch = process.env.SOURCE_DATE_EPOCH;
beforeAll(() => {
  process.env.SOURCE_DATE_EPOCH = '1767225600';
});
afterAll(() => {
  if (previousEpoch === undefined) delete process.env.SOURCE_DATE_EPOCH;
  else process.env.SOURCE_DATE_EPOCH = previousEpoch;
});

describe('the persistent build cache and the double-buffered output', { timeout: 240_000 }, () => {
  it('gives byte-identical output with and without the cache, after an edit', async () => {
    const root = await copySite();
    const out = await tempDir();
    const cached = path.join(out, 'cached');
    await build({ root, out: cached });
    await edit(root, 'content/hu/blog/clickup-as-erp.md', (text) => text.replace(/\n## /, '\n## Új bevezető szakasz\n\nEgy új bekezdés.\n\n## '));
    await edit(root, 'content/de/services/it-outsourcing.md', (text) => text.replace(/^title: .*$/m, 'title: "IT-Outsourcing, neu gedacht"'));
    const warm = await build({ root, out: cached });
    expect(warm.unchanged.size).toBeGreaterThan(0);
    const fresh = await build({ root, out: path.join(out, 'fresh'), cache: false });
    expect(fresh.unchanged.size).toBe(0);
    expect(await snapshotTree(cached)).toEqual(await snapshotTree(path.join(out, 'fresh')));
  });

  it('renders and writes nothing again when nothing changed', async () => {
    const root = await copySite();
    const out = path.join(await tempDir(), 'dist');
    const first = await build({ root, out });
    const second = await build({ root, out });
    expect(second.unchanged.size).toBe(first.pages.length);
    expect(second.written?.changed).toBe(0);
    // The third build updates the copy the first one wrote: it already holds every file.
    const third = await build({ root, out });
    expect(first.written!.files).toBeGreaterThan(first.pages.length);
    expect(third.written).toMatchObject({ files: first.written!.files, changed: 0, written: 0, linked: 0, deleted: 0 });
  });

  it('does not write the cache again when a build changed nothing, and does after an edit', async () => {
    const root = await copySite();
    const out = path.join(await tempDir(), 'dist');
    const cacheFile = path.join(root, '.sitegen-cache', 'build.bin');
    await build({ root, out });
    const written = (await stat(cacheFile)).mtimeMs;
    await build({ root, out });
    expect((await stat(cacheFile)).mtimeMs).toBe(written);
    await edit(root, 'content/en/blog/clickup-as-erp.md', (text) => `${text}\nOne more sentence.\n`);
    await build({ root, out });
    expect((await stat(cacheFile)).mtimeMs).toBeGreaterThan(written);
  });

  it('keeps the route table it read, and still locates an error in it', async () => {
    const root = await copySite();
    const out = path.join(await tempDir(), 'dist');
    await build({ root, out });
    // The route table is unchanged, so it comes from the cache; a missing content file is
    // reported at the route's "content" key all the same, as a build without the cache does.
    await rm(path.join(root, 'content/hu/career.md'));
    const located = async (cache: boolean) => {
      const failure = (await build({ root, out, cache }).catch((error: unknown) => error)) as BuildFailure;
      expect(failure).toBeInstanceOf(BuildFailure);
      return failure.errors.map((error) => [error.file, error.line, error.column, error.message]);
    };
    const cached = await located(true);
    const routes = (await readFile(path.join(root, 'content/routes.yaml'), 'utf8')).split('\n');
    expect(cached).toEqual([[path.join(root, 'content/routes.yaml'), routes.indexOf('    content: career') + 1, 14, expect.stringContaining('content/hu/career.md')]]);
    expect(cached).toEqual(await located(false));
  });

  it('writes only the pages that show an edited article', async () => {
    const root = await copySite();
    const out = path.join(await tempDir(), 'dist');
    await build({ root, out });
    await build({ root, out });
    const before = await snapshotTree(out);
    await edit(root, 'content/en/blog/clickup-as-erp.md', (text) => `${text}\nOne more sentence.\n`);
    const result = await build({ root, out });
    const after = await snapshotTree(out);
    const changed = [...after.keys()].filter((file) => after.get(file) !== before.get(file));
    // The English search index keeps its folder: new are the files Pagefind names by their
    // content (the page's fragment, index chunks, metadata), and its entry changed; the files
    // they replace are gone. The other locales' indexes stay as they were.
    const english = result.search!.bundles.en!.slice(1);
    expect(before.has(`${english}pagefind.js`)).toBe(true);
    const index = changed.filter((file) => file.startsWith(english));
    expect(index).toContain(`${english}pagefind-entry.json`);
    const data = new RegExp(`^${english}((fragment|index)/[^/]+|pagefind\\.[^/]+\\.pf_meta)$`);
    expect(index.filter((file) => !file.endsWith('/pagefind-entry.json')).every((file) => data.test(file) && !before.has(file))).toBe(true);
    expect(index.length).toBeLessThan(10);
    expect(changed.filter((file) => !file.startsWith(english)).sort()).toEqual(['_sitegen/builds/latest.json', 'clickup-as-erp/index.html', 'en/clickup-as-erp/index.html']);
    const replaced = [...before.keys()].filter((file) => file.startsWith('_sitegen/assets/search-') && !after.has(file));
    expect(replaced.every((file) => data.test(file))).toBe(true);
    expect(replaced.length).toBe(index.length - 1);
    // Changed: the files whose bytes differ or are new, and those deleted.
    expect(result.written?.changed).toBe(3 + index.length + replaced.length);
    // Only they were written: the other files are links to the previous copy, or were there.
    expect(result.written?.written).toBeLessThan(20 + index.length);
  });

  it('swaps a complete copy in, and rewrites a copy a stopped build left', async () => {
    const root = await copySite();
    const out = path.join(await tempDir(), 'dist');
    await build({ root, out });
    const reference = await snapshotTree(out);
    await build({ root, out });
    const slots = path.join(path.dirname(out), '.dist.sitegen');
    const standby = path.join(slots, 'standby');
    // A build stopped while it changed the standby copy: its manifest is gone, a page is half-written.
    // (It writes new files, never into the old ones, which may be links to the live copy.)
    const manifest = path.join(slots, 'manifests', `${(await stat(standby, { bigint: true })).dev}-${(await stat(standby, { bigint: true })).ino}.json`);
    expect(JSON.parse(await readFile(manifest, 'utf8')).complete).toBe(true);
    await rm(manifest);
    await rm(path.join(standby, 'career/index.html'));
    await writeFile(path.join(standby, 'career/index.html'), '<!DOCTYPE html><html><bo');
    await build({ root, out });
    expect((await lstat(out)).isDirectory()).toBe(true);
    expect(await snapshotTree(out)).toEqual(reference);
  });

  it('creates an output folder whose parents do not exist yet', async () => {
    const root = await copySite();
    const out = path.join(await tempDir(), 'not', 'yet', 'dist');
    const result = await build({ root, out });
    expect(result.written!.files).toBeGreaterThan(result.pages.length);
    expect((await snapshotTree(out)).size).toBe(result.written!.files);
  });

  it('bundles the templates and widgets again when one of their files changed, and only then', async () => {
    const root = await copySite();
    for (const dir of ['src/templates', 'src/shared', 'src/widgets']) await cp(path.join(REPO, dir), path.join(root, dir), { recursive: true });
    const out = path.join(await tempDir(), 'dist');
    await build({ root, out });
    const bundles = async () => Promise.all(['templates.bin', 'widgets.bin'].map(async (file) => (await stat(path.join(root, '.sitegen-cache', file))).mtimeMs));
    const first = await bundles();
    await build({ root, out });
    expect(await bundles()).toEqual(first);
    await edit(root, 'src/templates/pages/CareerPage.tsx', (text) => text.replace('<h2 id="open-positions">', '<h2 id="open-positions" data-edited="yes">'));
    await edit(root, 'src/widgets/islands/RetryLink.tsx', (text) => text.replace('export default function RetryLink({ fallbackUrl }: { fallbackUrl: string }) {', "$&\n  console.info('widget edited');"));
    await build({ root, out });
    expect(await readFile(path.join(out, 'hu/karrier/index.html'), 'utf8')).toContain('data-edited="yes"');
    const assets = await readdir(path.join(out, '_sitegen/assets'));
    const retry = assets.find((file) => file.startsWith('RetryLink-'))!;
    expect(await readFile(path.join(out, '_sitegen/assets', retry), 'utf8')).toContain('widget edited');
    const fresh = await build({ root, out: path.join(await tempDir(), 'dist'), cache: false });
    expect(await snapshotTree(out)).toEqual(await snapshotTree(fresh.outDir));
  });

  it('bundles the widgets again when an island file is added', async () => {
    const root = await copySite();
    for (const dir of ['src/templates', 'src/shared', 'src/widgets']) await cp(path.join(REPO, dir), path.join(root, dir), { recursive: true });
    const out = path.join(await tempDir(), 'dist');
    await build({ root, out });
    await cp(path.join(root, 'src/widgets/islands/RetryLink.tsx'), path.join(root, 'src/widgets/islands/RetryLinkCopy.tsx'));
    await build({ root, out });
    expect((await readdir(path.join(out, '_sitegen/assets'))).some((file) => file.startsWith('RetryLinkCopy-'))).toBe(true);
    const fresh = await build({ root, out: path.join(await tempDir(), 'dist'), cache: false });
    expect(await snapshotTree(out)).toEqual(await snapshotTree(fresh.outDir));
  });

  it('ignores a damaged cache', async () => {
    const root = await copySite();
    const out = path.join(await tempDir(), 'dist');
    await build({ root, out });
    const reference = await snapshotTree(out);
    await writeFile(path.join(root, '.sitegen-cache/build.bin'), (await readFile(path.join(root, '.sitegen-cache/build.bin'))).subarray(0, 100));
    const result = await build({ root, out });
    expect(result.unchanged.size).toBe(0);
    expect(await snapshotTree(out)).toEqual(reference);
  });

  it('keeps the rendered Markdown in packs beside the index, and rebuilds what a lost pack held', async () => {
    const root = await copySite();
    const out = path.join(await tempDir(), 'dist');
    const cacheDir = path.join(root, '.sitegen-cache');
    const packs = async () => (await readdir(cacheDir)).filter((name) => name.startsWith('bodies-')).sort();
    await build({ root, out });
    const reference = await snapshotTree(out);
    const [first] = await packs();
    expect(await packs()).toEqual([expect.stringMatching(/^bodies-[0-9a-f]{20}\.bin$/)]);
    // The index does not hold the HTML: the pack has the bodies' headings, the index none (in
    // either of the encodings V8 writes strings in).
    const index = await readFile(path.join(cacheDir, 'build.bin'));
    expect((await readFile(path.join(cacheDir, first!))).includes('<h2 id=')).toBe(true);
    expect(index.includes('<h2 id=') || index.includes(Buffer.from('<h2 id=', 'utf16le'))).toBe(false);

    // A pack cut short: its bodies are rendered again (the same bytes: a pack of the same name),
    // and the output is the same.
    const whole = await readFile(path.join(cacheDir, first!));
    await writeFile(path.join(cacheDir, first!), whole.subarray(0, 1000));
    const again = await build({ root, out });
    expect(await snapshotTree(out)).toEqual(reference);
    expect(again.unchanged.size).toBe(again.pages.length);
    expect(await packs()).toEqual([first]);
    expect(await readFile(path.join(cacheDir, first!))).toEqual(whole);

    // Edits one at a time add one small pack each, up to a bound, then the live bodies are packed into one.
    for (let round = 0; round < 20; round++) {
      await edit(root, 'content/en/blog/clickup-as-erp.md', (text) => `${text}\nSentence number ${round}.\n`);
      await build({ root, out });
      expect((await packs()).length).toBeLessThanOrEqual(16);
    }
    const fresh = await build({ root, out: path.join(await tempDir(), 'dist'), cache: false });
    expect(await snapshotTree(out)).toEqual(await snapshotTree(fresh.outDir));
  });

  it('writes the bodies into a pack as they arrive: a failed build leaves none, a killed one\'s is removed later', async () => {
    const root = await copySite();
    const out = path.join(await tempDir(), 'dist');
    const cacheDir = path.join(root, '.sitegen-cache');
    const files = async () => (await readdir(cacheDir)).filter((name) => name.startsWith('bodies-')).sort();
    await build({ root, out });
    const after = await files();
    // A new body is streamed into a pack before the build fails on a Markdown link: no trace of it.
    await edit(root, 'content/en/blog/clickup-as-erp.md', (text) => `${text}\n[A link](route:no-such-route)\n`);
    await expect(build({ root, out })).rejects.toBeInstanceOf(BuildFailure);
    expect(await files()).toEqual(after);
    // The temporary pack of a process that is gone is removed; one of a process still running is not.
    const gone = spawnSync(process.execPath, ['-e', 'process.pid']).pid;
    await writeFile(path.join(cacheDir, `bodies-stream.tmp-${gone}-00000000`), 'left by a killed build');
    await writeFile(path.join(cacheDir, `bodies-stream.tmp-${process.pid}-00000000`), 'being written');
    await edit(root, 'content/en/blog/clickup-as-erp.md', (text) => text.replace('\n[A link](route:no-such-route)\n', '\nA new last sentence.\n'));
    await build({ root, out });
    const names = await files();
    expect(names).not.toContain(`bodies-stream.tmp-${gone}-00000000`);
    expect(names).toContain(`bodies-stream.tmp-${process.pid}-00000000`);
    expect(names.filter((name) => /^bodies-[0-9a-f]{20}\.bin$/.test(name))).toHaveLength(2);
    const fresh = await build({ root, out: path.join(await tempDir(), 'dist'), cache: false });
    expect(await snapshotTree(out)).toEqual(await snapshotTree(fresh.outDir));
  });

  it('stays correct when two builds of one site run at once', async () => {
    const root = await copySite();
    const out = await tempDir();
    await build({ root, out: path.join(out, 'first') });
    await edit(root, 'content/en/blog/clickup-as-erp.md', (text) => `${text}\nA sentence for one build.\n`);
    const one = build({ root, out: path.join(out, 'one') });
    // Saved as editors save, by a rename: the running build reads the old text or the new one,
    // never a file cut short while it is written (which would be a build error of its own).
    const career = path.join(root, 'content/de/career.md');
    await writeFile(`${career}.saving`, `${await readFile(career, 'utf8')}\nEin Satz für den anderen Build.\n`);
    await rename(`${career}.saving`, career);
    const other = build({ root, out: path.join(out, 'other') });
    await Promise.all([one, other]);
    // Whatever the two left in the cache, the next build gives what a build without it gives.
    const next = await build({ root, out: path.join(out, 'next') });
    const fresh = await build({ root, out: path.join(out, 'fresh'), cache: false });
    expect(await snapshotTree(next.outDir)).toEqual(await snapshotTree(fresh.outDir));
  });
});
