import { readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, unchangedBuild, type UserOptions } from '../../../src/engine';
import { smallSiteWithOwnCode } from '../../helpers/own-code-site';

/** A time well before the build: sources this old are trusted (a source saved just before a build is not). */
const AN_HOUR_AGO = new Date(Date.now() - 3_600_000);

let root: string;
let outDir: string;
let pages: number;

/** Every file under `dir` set to one time, in whole milliseconds, which a test can set again exactly. */
async function age(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) await utimes(path.join(entry.parentPath, entry.name), AN_HOUR_AGO, AN_HOUR_AGO);
  }
}

const answer = async (options: UserOptions = {}) => unchangedBuild({ root, ...options });

type Undo = () => Promise<unknown>;

/** Makes a change (which gives back its undo), expects the check to name it, undoes it, expects nothing changed again. */
async function noticed(change: () => Promise<Undo>, reason: RegExp) {
  const undo = await change();
  const changed = await answer();
  expect(changed.unchanged).toBe(false);
  if (!changed.unchanged) expect(changed.reason).toMatch(reason);
  await undo();
  expect(await answer()).toMatchObject({ unchanged: true });
}

/** Writes new bytes into a file, and the undo that puts its bytes and time back. */
async function rewrite(file: string, change: (bytes: Buffer) => Buffer | string): Promise<() => Promise<void>> {
  const before = await readFile(file);
  const { mtimeMs } = await stat(file);
  await writeFile(file, change(before));
  return async () => {
    await writeFile(file, before);
    // In seconds, half a millisecond in: the conversion to the file system's nanoseconds may round down.
    const time = (Math.floor(mtimeMs) + 0.5) / 1000;
    await utimes(file, time, time);
  };
}

/** Removes a file; the undo puts it back as it was. */
async function remove(file: string): Promise<Undo> {
  const undo = await rewrite(file, (bytes) => bytes);
  await rm(file);
  return undo;
}

/** Adds a file; the undo removes it. */
async function add(file: string, text: string): Promise<Undo> {
  await writeFile(file, text);
  return () => rm(file);
}

describe('a build with nothing changed (cache/build-record.ts)', () => {
  beforeAll(async () => {
    // With its own templates and widgets: a change to them is a change to the site.
    root = await smallSiteWithOwnCode();
    await age(root);
    const result = await build({ root });
    outDir = result.outDir;
    pages = result.pages.length;
  }, 120_000);

  it('finds the output up to date, with the summary of the build that made it', async () => {
    const found = await answer();
    expect(found.unchanged).toBe(true);
    if (!found.unchanged) return;
    expect(found.outDir).toBe(outDir);
    expect(found.summary.pages).toBe(pages);
    expect(found.summary.files).toBe((await readdir(outDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length);
    expect(found.summary.id).toMatch(/^[0-9a-f]{12}$/);
    expect(found.summary.headers.map(([name]) => name)).toContain('Content-Security-Policy');
  });

  it('finds every kind of source change: edited, added, removed, in content, locales and public', async () => {
    for (const [file, reason] of [
      ['content/en/blog/four-day-week-1.md', /four-day-week-1\.md changed/],
      ['locales/de.json', /de\.json changed/],
      ['public/images/logo.png', /logo\.png changed/],
    ] as const) {
      await noticed(() => rewrite(path.join(root, file), (bytes) => Buffer.concat([bytes, Buffer.from('\n')])), reason);
    }
    await noticed(() => add(path.join(root, 'content/en/draft-notes.md'), '# notes\n'), /draft-notes\.md is new/);
    await noticed(() => add(path.join(root, 'public/robots-extra.txt'), 'x'), /robots-extra\.txt is new/);
    await noticed(() => remove(path.join(root, 'locales/hu.translations.json')), /hu\.translations\.json is gone/);
  });

  it('finds the templates and widgets changed: a file they were bundled from, a new island, the templates given up', async () => {
    for (const [file, reason] of [
      ['src/templates/site.css', /site\.css changed/],
      ['src/widgets/runtime/loader.ts', /loader\.ts changed/],
    ] as const) {
      await noticed(() => rewrite(path.join(root, file), (bytes) => `${bytes}\n`), reason);
    }
    await noticed(() => add(path.join(root, 'src/widgets/islands/Banner.tsx'), 'export default function Banner() { return null; }\n'), /Banner\.tsx is new/);
    // Without its own index.ts the site would take sitegen's templates.
    await noticed(() => remove(path.join(root, 'src/templates/index.ts')), /index\.ts is gone/);
  });

  it('finds the output changed: a file edited, removed or added', async () => {
    const page = path.join(outDir, 'index.html');
    await noticed(() => rewrite(page, (bytes) => `${bytes}<!-- -->`), /the output's index\.html changed/);
    await noticed(() => remove(page), /the output's index\.html is gone/);
    await noticed(() => add(path.join(outDir, 'stray.html'), 'x'), /the output's stray\.html is new/);
  });

  it('builds when the options or the environment ask for other output', async () => {
    const other = async (options: UserOptions) => {
      const found = await answer(options);
      expect(found.unchanged, JSON.stringify(options)).toBe(false);
      return found.unchanged ? '' : found.reason;
    };
    expect(await other({ env: { ...process.env, SOURCE_DATE_EPOCH: '1700000000' } })).toMatch(/build time/);
    expect(await other({ env: { ...process.env, SITEGEN_POCKETBASE_URL: 'http://127.0.0.1:9' } })).toMatch(/options/);
    expect(await other({ drafts: true, out: outDir })).toMatch(/options/);
    expect(await other({ now: true })).toMatch(/--now/);
    expect(await other({ cache: false })).toMatch(/cache is off/);
    expect(await other({ previous: 'https://www.kestrelbyte.example' })).toMatch(/--previous/);
    expect((await answer()).unchanged).toBe(true);
  });

  it('does not trust a source saved just before the build: the next build builds', async () => {
    const article = path.join(root, 'content/en/blog/four-day-week-1.md');
    await utimes(article, new Date(), new Date());
    await build({ root });
    const found = await answer();
    expect(found.unchanged).toBe(false);
    if (!found.unchanged) expect(found.reason).toMatch(/four-day-week-1\.md changed/);
    await utimes(article, AN_HOUR_AGO, AN_HOUR_AGO);
    await build({ root });
    expect((await answer()).unchanged).toBe(true);
  });

  it('builds when the record is damaged or missing', async () => {
    const record = path.join(root, '.sitegen-cache/last-build.bin');
    await noticed(() => rewrite(record, (bytes) => bytes.subarray(0, bytes.length - 10)), /no intact record/);
    await noticed(() => remove(record), /no record/);
  });
});
