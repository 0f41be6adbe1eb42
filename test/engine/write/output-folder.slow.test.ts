import { execFile } from 'node:child_process';
import { cp, lstat, mkdir, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { build } from '../../../src/engine';
import { writeManifest } from '../../../src/engine/write/copy-manifest';
import { folderKey, layoutOf, repairOutput, swapSteps, writeSwap } from '../../../src/engine/write/output-folder';
import { smallSite } from '../../helpers/small-site';
import { edit, runCli, snapshotTree, tempDir, withEnv } from '../../helpers/site';

const run = promisify(execFile);
const EPOCH = { SOURCE_DATE_EPOCH: '1767225600' };

/** A small site built twice (so a standby copy exists), and the output's snapshot. */
async function builtTwice(): Promise<{ root: string; out: string; snapshot: Map<string, string> }> {
  const root = await smallSite();
  const out = path.join(root, 'dist');
  await withEnv(EPOCH, () => build({ root, out }));
  await withEnv(EPOCH, () => build({ root, out }));
  return { root, out, snapshot: await snapshotTree(out) };
}

describe('the output folder', { timeout: 120_000 }, () => {
  it('is a plain folder that cp -r, tar and fs.cp copy whole', async () => {
    const root = await smallSite();
    const built = await runCli(['build', '--root', root], { env: EPOCH });
    expect(built.code, built.stderr).toBe(0);
    const out = path.join(root, 'dist');
    expect((await lstat(out)).isDirectory()).toBe(true);
    const reference = await snapshotTree(out);
    expect(reference.size).toBeGreaterThan(100);
    // No link anywhere in it: every entry is a file or a folder.
    const entries = await readdir(out, { recursive: true, withFileTypes: true });
    expect(entries.filter((entry) => !entry.isFile() && !entry.isDirectory())).toEqual([]);

    const copies = await tempDir();
    await run('cp', ['-r', out, path.join(copies, 'cp')]);
    await run('tar', ['-cf', path.join(copies, 'site.tar'), '-C', root, 'dist']);
    await mkdir(path.join(copies, 'untarred'));
    await run('tar', ['-xf', path.join(copies, 'site.tar'), '-C', path.join(copies, 'untarred')]);
    await cp(out, path.join(copies, 'fs-cp'), { recursive: true });
    for (const copy of ['cp', 'untarred/dist', 'fs-cp']) expect(await snapshotTree(path.join(copies, copy))).toEqual(reference);
  });

  it('after an edit, holds the new build and keeps the old one as the standby copy', async () => {
    const { root, out, snapshot } = await builtTwice();
    await edit(root, 'content/en/about-us.md', (text) => `${text}\nOne more sentence.\n`);
    const result = await withEnv(EPOCH, () => build({ root, out }));
    // The about page (two URL forms), latest.json and the sitemap at most, and the English search
    // index: a new folder (named by its files) in place of the old one.
    const now = await snapshotTree(out);
    const english = [...now.keys()].filter((file) => file.startsWith(result.search!.bundles.en!.slice(1))).length;
    expect(result.written!.changed).toBeLessThanOrEqual(6 + 2 * english);
    expect(now).not.toEqual(snapshot);
    const { standby, slotsDir } = layoutOf(out);
    expect(await snapshotTree(standby)).toEqual(snapshot);
    expect((await readdir(slotsDir)).sort()).toEqual(['manifests', 'standby']);
  });

  it('finishes a swap that a kill interrupted after any step, on the next command', async () => {
    const steps = swapSteps(layoutOf('/x')).length;
    for (let done = 0; done <= steps; done++) {
      const { root, out, snapshot } = await builtTwice();
      await edit(root, 'content/en/about-us.md', (text) => `${text}\nOne more sentence.\n`);
      // A build up to the swap: the standby copy holds the new build, and the state says so.
      const layout = layoutOf(out);
      await withEnv(EPOCH, () => build({ root, out: path.join(root, 'next') }));
      const next = await snapshotTree(path.join(root, 'next'));
      // Exactly the new build, as a build leaves it (the old search index's folder deleted).
      await rm(layout.standby, { recursive: true, force: true });
      await cp(path.join(root, 'next'), layout.standby, { recursive: true, force: true });
      const standbyKey = folderKey(layout.standby)!;
      writeManifest(layout, standbyKey, next, true);
      writeSwap(layout, { next: standbyKey, previous: folderKey(out) });
      // Killed after `done` steps of the swap.
      for (const step of swapSteps(layout).slice(0, done)) step();
      repairOutput(out);
      const now = await snapshotTree(out);
      // Before the first rename the old build stays; after it, the new one is finished.
      expect(now, `after ${done} steps`).toEqual(done === 0 ? snapshot : next);
      expect((await readdir(layout.slotsDir)).sort()).toEqual(['manifests', 'standby']);
      // And the next build works from there.
      await withEnv(EPOCH, () => build({ root, out }));
      expect(await snapshotTree(out)).toEqual(next);
    }
  });

  it('turns the link layout of earlier versions into a plain folder', async () => {
    const { root, out, snapshot } = await builtTwice();
    // What an earlier sitegen left: dist -> .dist.sitegen/b, with a second copy in a/.
    const slots = path.join(root, '.dist.sitegen');
    await rename(out, path.join(slots, 'b-copy'));
    await rename(path.join(slots, 'standby'), path.join(slots, 'a'));
    await rename(path.join(slots, 'b-copy'), path.join(slots, 'b'));
    await writeFile(path.join(slots, 'a.json'), '{}');
    await writeFile(path.join(slots, 'b.json'), '{}');
    await symlink('.dist.sitegen/b', out);
    await withEnv(EPOCH, () => build({ root, out }));
    expect((await lstat(out)).isDirectory()).toBe(true);
    expect(await snapshotTree(out)).toEqual(snapshot);
    expect((await readdir(slots)).sort()).toEqual(['manifests', 'standby']);
  });

  it('does not trust a manifest for a folder put in place of the output', async () => {
    const { root, out, snapshot } = await builtTwice();
    // Someone replaces the output with a copy and changes a page in it: the copy is another
    // folder, so the build writes what differs instead of trusting the old manifest.
    const copy = path.join(root, 'copy');
    await cp(out, copy, { recursive: true });
    await writeFile(path.join(copy, 'career/index.html'), 'changed by hand');
    await run('rm', ['-rf', out]);
    await rename(copy, out);
    await withEnv(EPOCH, () => build({ root, out }));
    expect(await snapshotTree(out)).toEqual(snapshot);
    expect(await readFile(path.join(out, 'career/index.html'), 'utf8')).not.toBe('changed by hand');
  });
});
