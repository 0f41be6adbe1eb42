import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BUILDS_DIR, type OutputFiles } from './build-artifacts';
import { BuildFailure, SiteError } from './errors';

const WRITE_CONCURRENCY = 64;

/**
 * Writes a whole build into a fresh folder beside `outDir`, then swaps it in with two renames.
 * Until the swap the previous output stays untouched, so a build that fails, or is stopped,
 * leaves it as it was.
 */
export async function writeSite(outDir: string, files: OutputFiles): Promise<void> {
  assertReplaceable(outDir);
  const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const staging = `${outDir}.tmp-${suffix}`;
  try {
    await writeTree(staging, files);
    const previous = `${outDir}.old-${suffix}`;
    const hadPrevious = existsSync(outDir);
    if (hadPrevious) await rename(outDir, previous);
    await rename(staging, outDir);
    if (hadPrevious) await rm(previous, { recursive: true, force: true });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function writeTree(dir: string, files: OutputFiles): Promise<void> {
  const names = [...files.keys()].sort();
  const dirs = [...new Set(names.map((name) => path.dirname(path.join(dir, name))))];
  // Only the deepest folders: `recursive` makes their parents on the way.
  const leaves = dirs.filter((folder) => !dirs.some((other) => other.startsWith(`${folder}${path.sep}`)));
  await mkdir(dir, { recursive: true });
  await Promise.all(leaves.map((folder) => mkdir(folder, { recursive: true })));
  for (let start = 0; start < names.length; start += WRITE_CONCURRENCY) {
    await Promise.all(
      names.slice(start, start + WRITE_CONCURRENCY).map((name) => writeFile(path.join(dir, name), files.get(name)!)),
    );
  }
}

/** Refuses to replace a folder that sitegen did not write: a mistyped --out must not delete anything. */
function assertReplaceable(outDir: string): void {
  if (!existsSync(outDir)) return;
  const entries = readdirSync(outDir);
  if (entries.length === 0 || existsSync(path.join(outDir, BUILDS_DIR, 'latest.json'))) return;
  throw new BuildFailure([
    new SiteError(`the output folder ${outDir} holds files that sitegen did not write`, {
      file: outDir,
      hint: 'choose an empty or new folder with --out, or delete this one yourself',
    }),
  ]);
}
