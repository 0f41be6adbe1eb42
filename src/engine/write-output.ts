import { hash, randomBytes } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readlinkSync } from 'node:fs';
import { link, mkdir, readFile, rename, rm, rmdir, symlink, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BUILDS_DIR, type OutputFiles } from './build-artifacts';
import { BuildFailure, SiteError } from './errors';

const WRITE_CONCURRENCY = 64;
const SLOTS = ['a', 'b'] as const;
type Slot = (typeof SLOTS)[number];

/** The hash the output manifests keep of a file's bytes (the same MD5 object stores report). */
export function contentHash(content: string | Uint8Array): string {
  return hash('md5', content);
}

/** What a write did. */
export interface WriteStats {
  /** Files whose bytes differ from the previous output's (new ones included), and files deleted. */
  changed: number;
  written: number;
  linked: number;
  kept: number;
  deleted: number;
}

/**
 * The output folder, written so that it is always one complete build.
 *
 * `<out>` is a symbolic link to one of two copies of the site kept beside it, in
 * `.<name>.sitegen/a` and `.../b`, each with a manifest of its files' hashes. A build brings the
 * copy that is not live up to date, touching only the files whose bytes differ from what that
 * copy holds (new files are written, files unchanged since the live build are hard-linked from
 * it), and then points the link at it with one rename. Until that rename the live copy is not
 * touched, so a failed or killed build leaves the previous output whole; a killed build's copy
 * has no manifest and is rewritten by the next build.
 */
export class Output {
  private constructor(
    private readonly outDir: string,
    private readonly slotsDir: string,
    private readonly live: { slot: Slot; files: Map<string, string> } | undefined,
    private readonly target: Slot,
    private readonly targetFiles: Map<string, string> | undefined,
  ) {}

  /** Opens the output folder for a build; refuses a folder that sitegen did not write. */
  static async open(outDir: string): Promise<Output> {
    assertReplaceable(outDir);
    const slotsDir = path.join(path.dirname(outDir), `.${path.basename(outDir)}.sitegen`);
    await removeLeftovers(outDir, slotsDir);
    const liveSlot = liveSlotOf(outDir, slotsDir);
    const live = liveSlot && (await readManifest(slotsDir, liveSlot));
    const target = liveSlot === 'a' ? 'b' : 'a';
    return new Output(outDir, slotsDir, live ? { slot: liveSlot!, files: live } : undefined, target, await readManifest(slotsDir, target));
  }

  /** Whether the next output can have `file` with these bytes without them being written again. */
  holds(file: string, fileHash: string): boolean {
    return this.targetFiles?.get(file) === fileHash || this.live?.files.get(file) === fileHash;
  }

  /**
   * Brings the standby copy to exactly `files` plus `unchanged` (files the live output holds,
   * by hash, see `holds`), then makes it the live one.
   */
  async commit(files: OutputFiles, unchanged: ReadonlyMap<string, string> = new Map()): Promise<WriteStats> {
    const dir = path.join(this.slotsDir, this.target);
    const manifest = path.join(this.slotsDir, `${this.target}.json`);
    // From here the standby copy is being changed: without its manifest, a build that is stopped
    // now leaves it to be rewritten in full next time.
    await rm(manifest, { force: true });
    let known = this.targetFiles;
    if (!known) {
      await rm(dir, { recursive: true, force: true });
      known = new Map();
    }
    const next = new Map<string, string>();
    const stats: WriteStats = { changed: 0, written: 0, linked: 0, kept: 0, deleted: 0 };
    const folders = new Folders(dir, known.keys());
    const jobs: Array<() => Promise<void>> = [];
    for (const [name, content] of files) {
      const fileHash = contentHash(content);
      next.set(name, fileHash);
      if (known.get(name) === fileHash) {
        stats.kept++;
        continue;
      }
      stats.written++;
      jobs.push(async () => {
        const file = path.join(dir, name);
        await folders.ensure(path.dirname(name));
        // A new file, never a rewrite: the old one may be a hard link to the live copy.
        if (known.has(name)) await unlink(file);
        await writeFile(file, content);
      });
    }
    for (const [name, fileHash] of unchanged) {
      next.set(name, fileHash);
      if (known.get(name) === fileHash) {
        stats.kept++;
        continue;
      }
      if (this.live?.files.get(name) !== fileHash) throw new Error(`${name}: reused, but the live output does not hold it`);
      stats.linked++;
      const liveDir = path.join(this.slotsDir, this.live.slot);
      jobs.push(async () => {
        await folders.ensure(path.dirname(name));
        if (known.has(name)) await unlink(path.join(dir, name));
        await link(path.join(liveDir, name), path.join(dir, name));
      });
    }
    const stale = [...known.keys()].filter((name) => !next.has(name));
    for (const name of stale) jobs.push(() => unlink(path.join(dir, name)));
    stats.deleted = stale.length;
    await runAll(jobs, WRITE_CONCURRENCY);
    for (const [name, fileHash] of next) if (this.live?.files.get(name) !== fileHash) stats.changed++;
    if (this.live) for (const name of this.live.files.keys()) if (!next.has(name)) stats.changed++;
    await removeEmptyFolders(dir, stale);
    await writeFile(manifest, JSON.stringify(Object.fromEntries(next)));
    await this.swap(dir);
    return stats;
  }

  /** Points the output folder at `dir` with one rename. */
  private async swap(dir: string): Promise<void> {
    const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
    const temporary = `${this.outDir}.tmp-${suffix}`;
    await symlink(path.relative(path.dirname(this.outDir), dir), temporary);
    const stat = lstatSync(this.outDir, { throwIfNoEntry: false });
    if (stat && !stat.isSymbolicLink()) {
      // A folder written by an earlier version of sitegen: moved away, then deleted.
      const previous = path.join(this.slotsDir, `previous-${suffix}`);
      await rename(this.outDir, previous);
      await rename(temporary, this.outDir);
      await rm(previous, { recursive: true, force: true });
      return;
    }
    await rename(temporary, this.outDir);
  }
}

/** Creates each folder of the output once. */
class Folders {
  private readonly made = new Map<string, Promise<unknown>>();
  constructor(
    private readonly root: string,
    existing: Iterable<string>,
  ) {
    for (const name of existing) {
      for (let folder = path.dirname(name); folder !== '.'; folder = path.dirname(folder)) {
        if (this.made.has(folder)) break;
        this.made.set(folder, Promise.resolve());
      }
    }
    this.made.set('.', mkdir(root, { recursive: true }));
  }

  ensure(folder: string): Promise<unknown> {
    let made = this.made.get(folder);
    if (!made) {
      made = this.ensure(path.dirname(folder)).then(() => mkdir(path.join(this.root, folder)).catch(ignoreCode('EEXIST')));
      this.made.set(folder, made);
    }
    return made;
  }
}

/** What a stopped build left: temporary links (and staging folders of earlier versions). */
async function removeLeftovers(outDir: string, slotsDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const prefixes = [`${path.basename(outDir)}.tmp-`, `${path.basename(outDir)}.old-`];
  const stray = readdirSync(parent).filter((name) => prefixes.some((prefix) => name.startsWith(prefix))).map((name) => path.join(parent, name));
  if (existsSync(slotsDir)) stray.push(...readdirSync(slotsDir).filter((name) => name.startsWith('previous-')).map((name) => path.join(slotsDir, name)));
  await Promise.all(stray.map((file) => rm(file, { recursive: true, force: true })));
}

/** Removes the folders left empty by deleted files, deepest first. */
async function removeEmptyFolders(root: string, deleted: readonly string[]): Promise<void> {
  const folders = new Set<string>();
  for (const name of deleted) for (let folder = path.dirname(name); folder !== '.'; folder = path.dirname(folder)) folders.add(folder);
  const deepestFirst = [...folders].sort((a, b) => b.split('/').length - a.split('/').length);
  for (const folder of deepestFirst) await rmdir(path.join(root, folder)).catch(ignoreCode('ENOTEMPTY', 'EEXIST', 'ENOENT'));
}

async function runAll(jobs: ReadonlyArray<() => Promise<unknown>>, concurrency: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
}

function ignoreCode(...codes: string[]) {
  return (error: NodeJS.ErrnoException) => {
    if (!codes.includes(error.code ?? '')) throw error;
  };
}

/** The copy the output link points at, if it is one of ours. */
function liveSlotOf(outDir: string, slotsDir: string): Slot | undefined {
  const stat = lstatSync(outDir, { throwIfNoEntry: false });
  if (!stat?.isSymbolicLink()) return undefined;
  const target = path.resolve(path.dirname(outDir), readlinkSync(outDir));
  const slot = path.basename(target);
  return path.dirname(target) === slotsDir && (SLOTS as readonly string[]).includes(slot) ? (slot as Slot) : undefined;
}

/** A copy's manifest (file -> hash), or undefined when the copy is missing or was left half-written. */
async function readManifest(slotsDir: string, slot: Slot): Promise<Map<string, string> | undefined> {
  try {
    const files = JSON.parse(await readFile(path.join(slotsDir, `${slot}.json`), 'utf8')) as Record<string, string>;
    return existsSync(path.join(slotsDir, slot)) ? new Map(Object.entries(files)) : undefined;
  } catch {
    return undefined;
  }
}

/** Refuses to replace a folder that sitegen did not write: a mistyped --out must not delete anything. */
function assertReplaceable(outDir: string): void {
  const stat = lstatSync(outDir, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) {
    if (stat && !existsSync(path.join(outDir, BUILDS_DIR, 'latest.json')) && existsSync(outDir)) refuse(outDir);
    return;
  }
  const entries = readdirSync(outDir);
  if (entries.length === 0 || existsSync(path.join(outDir, BUILDS_DIR, 'latest.json'))) return;
  refuse(outDir);
}

function refuse(outDir: string): never {
  throw new BuildFailure([
    new SiteError(`the output folder ${outDir} holds files that sitegen did not write`, {
      file: outDir,
      hint: 'choose an empty or new folder with --out, or delete this one yourself',
    }),
  ]);
}
