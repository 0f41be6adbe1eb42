import { cp, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../../src/engine';
import { copySite, edit, runCli, snapshotTree, tempDir } from '../../helpers/site';

describe('reproducible builds', () => {
  it('gives byte-identical output for the same sources', async () => {
    const root = await copySite();
    const out = await tempDir();
    const first = await build({ root, out: path.join(out, 'a') });
    const second = await build({ root, out: path.join(out, 'b') });
    expect(second.id).toBe(first.id);
    const [a, b] = [await snapshotTree(path.join(out, 'a')), await snapshotTree(path.join(out, 'b'))];
    expect(a.size).toBeGreaterThan(250);
    expect(b).toEqual(a);
  });

  it('gives the same output, asset names and build id from any folder', async () => {
    // A CI job may check the site out into a new path each run: that must not rename assets,
    // change the release, or make a publish upload everything again.
    const first = await copySite();
    const second = path.join(await tempDir(), 'checkouts', 'run-2', 'site');
    await mkdir(path.dirname(second), { recursive: true });
    await cp(first, second, { recursive: true });
    const env = { SOURCE_DATE_EPOCH: '1767225600' };
    const runs = [await runCli(['build'], { cwd: first, env }), await runCli(['build'], { cwd: second, env })];
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const ids = runs.map((run) => /build ([0-9a-f]{12})/.exec(run.stdout)?.[1]);
    expect(ids[0]).toMatch(/^[0-9a-f]{12}$/);
    expect(ids[1]).toBe(ids[0]);
    const [a, b] = [await snapshotTree(path.join(first, 'dist')), await snapshotTree(path.join(second, 'dist'))];
    expect([...a.keys()].filter((file) => file.startsWith('_sitegen/assets/')).length).toBeGreaterThan(5);
    expect(b).toEqual(a);
  });

  it('derives the build id from the content', async () => {
    const root = await copySite();
    const before = await build({ root, write: false });
    await edit(root, 'content/en/contact.md', (text) => `${text}\nOne more sentence.\n`);
    const after = await build({ root, write: false });
    expect(after.id).not.toBe(before.id);
    expect(after.id).toMatch(/^[0-9a-f]{12}$/);
  });

  it('keeps the release, and every page that does not show the edit, when only content changed', async () => {
    const root = await copySite();
    // A fixed build time: otherwise it follows the newest source, and the sitemap's dates of undated pages would change too.
    const previous = process.env.SOURCE_DATE_EPOCH;
    process.env.SOURCE_DATE_EPOCH = '1767225600';
    const before = await build({ root, write: false });
    await edit(root, 'content/en/contact.md', (text) => `${text}\nOne more sentence.\n`);
    const after = await build({ root, write: false });
    if (previous === undefined) delete process.env.SOURCE_DATE_EPOCH;
    else process.env.SOURCE_DATE_EPOCH = previous;
    expect(after.release).toBe(before.release);
    const bytes = (content: string | Uint8Array | undefined) => Buffer.from(content ?? '');
    const changed = [...after.files.keys()].filter((file) => !bytes(after.files.get(file)).equals(bytes(before.files.get(file))));
    // The payloads carry front matter and headings, not the body: they stay too. The English
    // search index changed in its folder (its entry names new metadata); the other locales' stay.
    const english = after.search!.bundles.en!.slice(1);
    expect(english).toBe(before.search!.bundles.en!.slice(1));
    expect(changed).toContain(`${english}pagefind-entry.json`);
    expect(changed.filter((file) => !file.startsWith(english)).sort()).toEqual(['_sitegen/builds/latest.json', 'contact/index.html', 'en/contact/index.html']);
    expect([after.search!.bundles.hu, after.search!.bundles.de]).toEqual([before.search!.bundles.hu, before.search!.bundles.de]);
  });

  it('changes the release when a message changes', async () => {
    const root = await copySite();
    const before = await build({ root, write: false });
    await edit(root, 'locales/de.json', (text) => text.replace('"Blog"', '"Das Blog"'));
    const after = await build({ root, write: false });
    expect(after.release).not.toBe(before.release);
  });

  it('takes the timestamp from SOURCE_DATE_EPOCH, not the clock', async () => {
    const root = await copySite();
    const previous = process.env.SOURCE_DATE_EPOCH;
    process.env.SOURCE_DATE_EPOCH = '1741132800';
    try {
      const result = await build({ root, write: false });
      expect(result.timestamp).toBe(1741132800_000);
      expect(JSON.parse(result.files.get('_sitegen/builds/latest.json') as string)).toEqual({
        id: result.id,
        release: result.release,
        timestamp: 1741132800_000,
        search: result.search!.bundles,
      });
    } finally {
      if (previous === undefined) delete process.env.SOURCE_DATE_EPOCH;
      else process.env.SOURCE_DATE_EPOCH = previous;
    }
  });
});
