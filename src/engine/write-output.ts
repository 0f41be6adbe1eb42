import { hash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { existsSync, lstatSync, readdirSync, readlinkSync } from 'node:fs';
import { mkdir, readFile, rename, rm, rmdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { BUILDS_DIR, type OutputFiles } from './build-artifacts';
import { BuildFailure, SiteError } from './errors';

const WRITE_CONCURRENCY = 64;

// The output's files go through the callback API: `fs/promises` wraps every file in a FileHandle
// and costs the rendering thread about half as much again per file (measured).
const writeFileQuickly = promisify(fs.writeFile);
const mkdirQuickly = promisify(fs.mkdir);
const linkQuickly = promisify(fs.link);
const unlinkQuickly = promisify(fs.unlink);
const SLOTS = ['a', 'b'] as const;
type Slot = (typeof SLOTS)[number];

/**
 * The hash the output manifests and the build cache keep of a file's bytes. SHA-1: it only tells
 * changed bytes from unchanged ones, and with the CPU's SHA instructions it is well over twice
 * as fast as MD5 (every page is hashed once per build). Publishing computes the MD5 that object
 * stores report itself, from the files.
 */
export function contentHash(content: string | Uint8Array): string {
  return hash('sha1', content);
}

/** What a write did. */
export interface WriteStats {
  /** Files in the new output. */
  files: number;
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

  private writing: { dir: string; known: Map<string, string>; folders: Folders; queue: Queue } | undefined;
  private readonly next = new Map<string, string>();
  private readonly stats: WriteStats = { files: 0, changed: 0, written: 0, linked: 0, kept: 0, deleted: 0 };

  /**
   * Starts changing the standby copy. From here it has no manifest: a build stopped before
   * `commit` leaves it to be rewritten in full by the next one.
   */
  async begin(): Promise<void> {
    const dir = path.join(this.slotsDir, this.target);
    await rm(this.manifestOf(this.target), { force: true });
    if (!this.targetFiles) await rm(dir, { recursive: true, force: true });
    const known = this.targetFiles ?? new Map<string, string>();
    this.writing = { dir, known, folders: new Folders(dir, known.keys()), queue: new Queue(WRITE_CONCURRENCY) };
  }

  /**
   * One file of the new output; written unless the standby copy holds these bytes. Waits while
   * the queue is full. `fileHash`, when the caller has it, is `contentHash(content)`.
   */
  put(name: string, content: string | Uint8Array, fileHash = contentHash(content)): Promise<void> {
    const { dir, known, folders, queue } = this.writing!;
    this.next.set(name, fileHash);
    if (known.get(name) === fileHash) {
      this.stats.kept++;
      return Promise.resolve();
    }
    this.stats.written++;
    return queue.add(async () => {
      const file = path.join(dir, name);
      await folders.ensure(path.dirname(name));
      // A new file, never a rewrite: the old one may be a hard link to the live copy.
      if (known.has(name)) await unlinkQuickly(file);
      await writeFileQuickly(file, content);
    });
  }

  /** A file the new output has with the same bytes as before (see `holds`): linked, never written. */
  keep(name: string, fileHash: string): Promise<void> {
    const { dir, known, folders, queue } = this.writing!;
    this.next.set(name, fileHash);
    if (known.get(name) === fileHash) {
      this.stats.kept++;
      return Promise.resolve();
    }
    if (this.live?.files.get(name) !== fileHash) throw new Error(`${name}: kept, but the live output does not hold it`);
    this.stats.linked++;
    const liveFile = path.join(this.slotsDir, this.live.slot, name);
    return queue.add(async () => {
      await folders.ensure(path.dirname(name));
      if (known.has(name)) await unlinkQuickly(path.join(dir, name));
      await linkQuickly(liveFile, path.join(dir, name));
    });
  }

  /** Deletes what the new output no longer has, records the copy's manifest and makes it live. */
  async commit(): Promise<WriteStats> {
    const { dir, known, queue } = this.writing!;
    await queue.drain();
    const stale = [...known.keys()].filter((name) => !this.next.has(name));
    for (const name of stale) await queue.add(() => unlinkQuickly(path.join(dir, name)));
    await queue.drain();
    this.stats.deleted = stale.length;
    this.stats.files = this.next.size;
    await removeEmptyFolders(dir, stale);
    for (const [name, fileHash] of this.next) if (this.live?.files.get(name) !== fileHash) this.stats.changed++;
    if (this.live) for (const name of this.live.files.keys()) if (!this.next.has(name)) this.stats.changed++;
    await writeFile(this.manifestOf(this.target), JSON.stringify(Object.fromEntries(this.next)));
    await this.swap(dir);
    return this.stats;
  }

  /**
   * A build that failed after `begin`: waits for the writes under way and records what the
   * standby copy now holds, so the next build need not rewrite it all. The live copy stays.
   */
  async abandon(): Promise<void> {
    if (!this.writing) return;
    const { known, queue } = this.writing;
    await queue.drain().catch(() => undefined);
    if (queue.failed) return;
    const holds = new Map(known);
    for (const [name, fileHash] of this.next) holds.set(name, fileHash);
    await writeFile(this.manifestOf(this.target), JSON.stringify(Object.fromEntries(holds)));
  }

  private manifestOf(slot: Slot): string {
    return path.join(this.slotsDir, `${slot}.json`);
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
      made = this.ensure(path.dirname(folder)).then(() => mkdirQuickly(path.join(this.root, folder)).catch(ignoreCode('EEXIST')));
      this.made.set(folder, made);
    }
    return made;
  }
}

/** What a stopped build left: temporary links (and staging folders of earlier versions). */
async function removeLeftovers(outDir: string, slotsDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  if (!existsSync(parent)) return;
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

/**
 * Runs file operations a few dozen at a time; `add` waits while that many are under way. A
 * finished operation hands its place to the longest waiting `add`, so each costs the same
 * whatever the number under way (waiting with `Promise.race` over them all costs one reaction
 * per operation under way for every file: half a second of this thread per 40,000 files).
 */
export class Queue {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly idle: Array<() => void> = [];
  private error: unknown;
  failed = false;

  constructor(private readonly concurrency: number) {}

  async add(job: () => Promise<unknown>): Promise<void> {
    if (this.active < this.concurrency) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    if (this.failed) {
      this.release();
      throw this.error;
    }
    job().then(
      () => this.release(),
      (error: unknown) => {
        if (!this.failed) {
          this.failed = true;
          this.error = error;
        }
        this.release();
      },
    );
  }

  /** Waits for every job; throws the first failure. */
  async drain(): Promise<void> {
    if (this.active > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
    if (this.failed) throw this.error;
  }

  /** A job is over: its place goes to the next waiting `add`, or is free. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) return next();
    this.active--;
    if (this.active === 0) for (const resolve of this.idle.splice(0)) resolve();
  }
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
