import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { seal, unseal } from '../../../src/engine/base/sealed-file';
import { smallSite } from '../../helpers/small-site';
import { runCli, snapshotTree, tempDir } from '../../helpers/site';

/**
 * A cache restored by CI (into another folder, from another machine), cut short, damaged, or
 * written by another sitegen: the build either uses it correctly or says in one line that it
 * does not, and never writes a wrong page. Through the bundled CLI, as users run it.
 */
const EPOCH = { SOURCE_DATE_EPOCH: '1767225600' };

async function builtSite(): Promise<{ root: string; cacheDir: string }> {
  const root = await smallSite();
  const first = await runCli(['build', '--root', root], { env: EPOCH });
  expect(first.code, first.stderr).toBe(0);
  return { root, cacheDir: path.join(root, '.sitegen-cache') };
}

/** Builds with the cache into a fresh folder and without it into another; both must agree. */
async function expectCorrectBuild(root: string): Promise<string> {
  const out = await tempDir();
  const warm = await runCli(['build', '--root', root, '--out', path.join(out, 'warm')], { env: EPOCH });
  const cold = await runCli(['build', '--root', root, '--out', path.join(out, 'cold'), '--no-cache'], { env: EPOCH });
  expect(warm.code, warm.stderr).toBe(0);
  expect(cold.code, cold.stderr).toBe(0);
  expect(await snapshotTree(path.join(out, 'warm'))).toEqual(await snapshotTree(path.join(out, 'cold')));
  // An edit of the English leaves its translations outdated, which both builds say the same way.
  const translations = (stderr: string) => stderr.match(/^.*\[translations\/outdated\]\n {2}hint: .*\n/gm) ?? [];
  expect(translations(warm.stderr)).toEqual(translations(cold.stderr));
  return translations(warm.stderr).reduce((rest, warning) => rest.replace(warning, ''), warm.stderr);
}

async function rewrite(file: string, change: (bytes: Buffer) => Buffer): Promise<void> {
  await writeFile(file, change(await readFile(file)));
}

describe('a build cache from elsewhere', { timeout: 120_000 }, () => {
  it('is used correctly in another folder, as CI restores it into a fresh checkout', async () => {
    const { root } = await builtSite();
    const moved = path.join(await tempDir(), 'site');
    await cp(root, moved, { recursive: true });
    await rewrite(path.join(moved, 'content/en/about-us.md'), (bytes) => Buffer.concat([bytes, Buffer.from('\nOne more sentence.\n')]));
    const stderr = await expectCorrectBuild(moved);
    expect(stderr).toBe('');
  });

  it('is discarded with a one-line warning when its index is cut short', async () => {
    const { root, cacheDir } = await builtSite();
    await rewrite(path.join(cacheDir, 'build.bin'), (bytes) => bytes.subarray(0, bytes.length >> 1));
    const stderr = await expectCorrectBuild(root);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^sitegen: warning: the build cache .*build\.bin is damaged or cut short: building without it.* \[cache\/discarded\]$/)]);
  });

  it('is discarded with a one-line warning when a byte of its index changed', async () => {
    const { root, cacheDir } = await builtSite();
    await rewrite(path.join(cacheDir, 'build.bin'), (bytes) => {
      const damaged = Buffer.from(bytes);
      damaged[damaged.length - 40]! ^= 0x20;
      return damaged;
    });
    const stderr = await expectCorrectBuild(root);
    expect(stderr).toMatch(/^sitegen: warning: the build cache .* is damaged or cut short/);
  });

  it('notices a damaged rendered body when it reads it, and builds again without the cache', async () => {
    const { root, cacheDir } = await builtSite();
    const [pack] = (await readdir(cacheDir)).filter((name) => /^bodies-[0-9a-f]+\.bin$/.test(name));
    // A letter of the first body flips case: the same length, other bytes.
    await rewrite(path.join(cacheDir, pack!), (bytes) => {
      const damaged = Buffer.from(bytes);
      const at = damaged.indexOf('<p>') + 3;
      damaged[at]! ^= 0x20;
      return damaged;
    });
    // Another page lists the body's page: the next build reads it to render that page again.
    await rewrite(path.join(root, 'locales/en.json'), (bytes) => Buffer.from(bytes.toString('utf8').replace('"readMore": "', '"readMore": "Please ')));
    const stderr = await expectCorrectBuild(root);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^sitegen: warning: the build cache was damaged \(.*checksum\): built without it, and wrote it again \[cache\/damaged\]$/)]);
  });

  it('bundles the templates again when the bundled module it names was damaged', async () => {
    const { root, cacheDir } = await builtSite();
    const templates = path.join(cacheDir, 'templates');
    for (const name of await readdir(templates)) await rewrite(path.join(templates, name), (bytes) => bytes.subarray(0, 200));
    expect(await expectCorrectBuild(root)).toBe('');
  });

  it('is discarded with a one-line warning when another sitegen or Node.js wrote it', async () => {
    const { root, cacheDir } = await builtSite();
    await rewrite(path.join(cacheDir, 'build.bin'), (bytes) => {
      // The file: the stamp's length, the stamp (format and engine), the cache.
      const payload = unseal(bytes)!;
      const stampEnd = 4 + payload.readUInt32BE(0);
      const stamp = deserialize(payload.subarray(4, stampEnd)) as { version: string };
      stamp.version = 'sitegen 0.0.1+0123456789abcdef on Node.js v18.0.0 (ICU 72.1)';
      const serialized = serialize(stamp);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(serialized.length);
      return Buffer.concat(seal(length, serialized, payload.subarray(stampEnd)));
    });
    const stderr = await expectCorrectBuild(root);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^sitegen: warning: the build cache .* was written by sitegen 0\.0\.1\+0123456789abcdef on Node\.js v18\.0\.0 \(ICU 72\.1\), not sitegen .*: building without it.* \[cache\/discarded\]$/)]);
  });
});
