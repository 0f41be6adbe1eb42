import { contentHash } from '../base/content-hash';
import { Queue } from '../base/queue';
import * as fs from 'node:fs';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { forgetManifest, keepManifests, manifestOf, sharingHashes, writeManifest } from './copy-manifest';
import { assertReplaceable, clearSwap, folderKey, layoutOf, repairOutput, swapSteps, writeSwap, type OutputLayout } from './output-folder';

const WRITE_CONCURRENCY = 64;

// The output's files go through the callback API: `fs/promises` wraps every file in a FileHandle
// and costs the rendering thread about half as much again per file (measured).
const writeFileQuickly = promisify(fs.writeFile);
const mkdirQuickly = promisify(fs.mkdir);
const linkQuickly = promisify(fs.link);
const unlinkQuickly = promisify(fs.unlink);

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
 * The output folder, written so that it is always one complete build (output-folder.ts: a
 * plain folder, a standby copy beside it, swapped in by renames). A build brings the standby
 * copy up to date, touching only the files whose bytes differ from what that copy holds (new
 * files are written, files unchanged since the live build are hard-linked from it), and then
 * swaps it in. Until the swap the live output is not touched.
 */
export class Output {
  private constructor(
    private readonly layout: OutputLayout,
    private readonly live: Map<string, string> | undefined,
    private readonly standbyFiles: Map<string, string> | undefined,
  ) {}

  /** Opens the output folder for a build; refuses a folder that sitegen did not write. */
  static async open(outDir: string): Promise<Output> {
    const layout = layoutOf(outDir);
    repairOutput(outDir);
    assertReplaceable(outDir);
    await removeLeftovers(outDir);
    const live = manifestOf(layout, outDir, true);
    return new Output(layout, live, sharingHashes(manifestOf(layout, layout.standby, false), live));
  }

  /** Whether the next output can have `file` with these bytes without them being written again. */
  holds(file: string, fileHash: string): boolean {
    return this.standbyFiles?.get(file) === fileHash || this.live?.get(file) === fileHash;
  }

  private writing: { known: Map<string, string>; folders: Folders; queue: Queue } | undefined;
  private readonly next = new Map<string, string>();
  private readonly stats: WriteStats = { files: 0, changed: 0, written: 0, linked: 0, kept: 0, deleted: 0 };

  /**
   * Starts changing the standby copy. From here the state has no manifest of it: a build
   * stopped before `commit` or `abandon` leaves it to be rewritten in full by the next one.
   */
  async begin(): Promise<void> {
    const { standby, slotsDir } = this.layout;
    await mkdir(slotsDir, { recursive: true });
    this.forgetStandby();
    if (!this.standbyFiles) await rm(standby, { recursive: true, force: true });
    const known = this.standbyFiles ?? new Map<string, string>();
    this.writing = { known, folders: new Folders(standby, known.keys()), queue: new Queue(WRITE_CONCURRENCY) };
  }

  /**
   * One file of the new output; written unless the standby copy holds these bytes. Returns a
   * promise to wait for while the queue is full, nothing when the file is held already (the
   * most files of a large build: a promise each would only be garbage).
   * `fileHash`, when the caller has it, is `contentHash(content)`.
   */
  put(name: string, content: string | Uint8Array, fileHash = contentHash(content)): Promise<void> | undefined {
    const { known, folders, queue } = this.writing!;
    const knownHash = known.get(name);
    // The standby copy's string when it is the same hash: one copy of it held, not two.
    this.next.set(name, knownHash === fileHash ? knownHash : fileHash);
    if (knownHash === fileHash) {
      this.stats.kept++;
      return undefined;
    }
    this.stats.written++;
    return queue.add(async () => {
      const file = path.join(this.layout.standby, name);
      await folders.ensure(path.dirname(name));
      // A new file, never a rewrite: the old one may be a hard link to the live copy.
      if (known.has(name)) await unlinkQuickly(file);
      await writeFileQuickly(file, content);
    });
  }

  /** A file the new output has with the same bytes as before (see `holds`): linked, never written. */
  keep(name: string, fileHash: string): Promise<void> {
    const { known, folders, queue } = this.writing!;
    this.next.set(name, fileHash);
    if (known.get(name) === fileHash) {
      this.stats.kept++;
      return Promise.resolve();
    }
    if (this.live?.get(name) !== fileHash) throw new Error(`${name}: kept, but the live output does not hold it`);
    this.stats.linked++;
    const liveFile = path.join(this.layout.outDir, name);
    return queue.add(async () => {
      await folders.ensure(path.dirname(name));
      if (known.has(name)) await unlinkQuickly(path.join(this.layout.standby, name));
      await linkQuickly(liveFile, path.join(this.layout.standby, name));
    });
  }

  /** The hash of what this build put or kept at `name` so far. */
  hashOf(name: string): string | undefined {
    return this.next.get(name);
  }

  /**
   * A file of the new output as written so far (a page, for the search index): read once every
   * write before it is done. Read synchronously: the search index reads thousands of pages one
   * after the other, and the promise API's four trips to the thread pool per file (open, stat,
   * read, close) cost this thread 0.9 ms a page against 0.15 ms (docs/performance.md).
   */
  async read(name: string): Promise<string> {
    await this.writing!.queue.drain();
    return readFileSync(path.join(this.layout.standby, name), 'utf8');
  }

  /** Deletes what the new output no longer has, records the copy's manifest and swaps it in. */
  async commit(): Promise<WriteStats> {
    const { known, queue } = this.writing!;
    const { standby } = this.layout;
    await queue.drain();
    const stale: string[] = [];
    known.forEach((_, name) => this.next.has(name) || stale.push(name));
    for (const name of stale) await queue.add(() => unlinkQuickly(path.join(standby, name)));
    await queue.drain();
    this.stats.deleted = stale.length;
    this.stats.files = this.next.size;
    await removeEmptyFolders(standby, stale);
    // forEach, not for-of: no array for each of the files' entries.
    this.next.forEach((fileHash, name) => this.live?.get(name) !== fileHash && this.stats.changed++);
    this.live?.forEach((_, name) => this.next.has(name) || this.stats.changed++);
    // The manifest, then the swap about to begin; then the renames.
    const next = folderKey(standby) ?? (await mkdir(standby, { recursive: true }), folderKey(standby)!);
    const previous = folderKey(this.layout.outDir);
    writeManifest(this.layout, next, this.next, true);
    keepManifests(this.layout, [next, previous]);
    writeSwap(this.layout, { next, previous });
    for (const step of swapSteps(this.layout)) step();
    clearSwap(this.layout);
    this.forgetFiles();
    return this.stats;
  }

  /**
   * The manifests this build compared against and the one it wrote, let go of once the output
   * is swapped in: about 65 MB at 10,000 articles x 3 (139,000 files, three maps of names and
   * hashes), which the build's last step, saving the cache, no longer holds beside its own.
   */
  private forgetFiles(): void {
    this.live?.clear();
    this.standbyFiles?.clear();
    this.writing?.known.clear();
    this.next.clear();
  }

  /**
   * A build that failed after `begin`: waits for the writes under way and records what the
   * standby copy now holds, so the next build need not rewrite it all. The live output stays.
   */
  async abandon(): Promise<void> {
    if (!this.writing) return;
    const { known, queue } = this.writing;
    await queue.drain().catch(() => undefined);
    const key = folderKey(this.layout.standby);
    if (queue.failed || !key) return;
    const holds = new Map(known);
    for (const [name, fileHash] of this.next) holds.set(name, fileHash);
    writeManifest(this.layout, key, holds, false);
  }

  /** The standby copy is about to change: no manifest describes it until commit or abandon. */
  private forgetStandby(): void {
    const key = folderKey(this.layout.standby);
    if (key) forgetManifest(this.layout, key);
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

/** What a stopped build of an earlier version left beside the output: temporary links and folders. */
async function removeLeftovers(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  if (!existsSync(parent)) return;
  const prefixes = [`${path.basename(outDir)}.tmp-`, `${path.basename(outDir)}.old-`];
  const stray = readdirSync(parent).filter((name) => prefixes.some((prefix) => name.startsWith(prefix))).map((name) => path.join(parent, name));
  await Promise.all(stray.map((file) => rm(file, { recursive: true, force: true })));
}

/** Removes the folders left empty by deleted files, deepest first. */
async function removeEmptyFolders(root: string, deleted: readonly string[]): Promise<void> {
  const folders = new Set<string>();
  for (const name of deleted) for (let folder = path.dirname(name); folder !== '.'; folder = path.dirname(folder)) folders.add(folder);
  const deepestFirst = [...folders].sort((a, b) => b.split('/').length - a.split('/').length);
  for (const folder of deepestFirst) await rmdir(path.join(root, folder)).catch(ignoreCode('ENOTEMPTY', 'EEXIST', 'ENOENT'));
}


function ignoreCode(...codes: string[]) {
  return (error: NodeJS.ErrnoException) => {
    if (!codes.includes(error.code ?? '')) throw error;
  };
}

