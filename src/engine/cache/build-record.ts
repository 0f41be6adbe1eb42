import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { seal, unseal } from '../base/sealed-file';
import { writeInPlaceSync } from '../base/temporary-file';
import { lastCommitTime } from '../config/build-time';
import { resolveOptions, type ResolvedOptions, type UserOptions } from '../config/options';
import { CACHE_IDENTITY } from '../config/package-info';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { firstDifference, stampFiles, stampTree, type FileStamp } from '../read/file-stamps';

/**
 * The record of the last build that wrote its output with the persistent cache: what made it
 * (the engine, the options, the build's time, the stamp of every file read) and the stamp of
 * every file it wrote, with its summary line's figures. `sitegen build` checks it before it
 * loads the engine (`unchangedBuild`): when every stamp is alike, the output already is what a
 * build would write, and the build does nothing (docs/performance.md, "Nothing changed").
 * This module imports nothing heavy: it runs on the command line's fast path.
 */
interface BuildRecord {
  key: string;
  /** Source files, by absolute path; an absent one is stamped as absent (its appearing is a change). */
  inputs: FileStamp[];
  /** Folders whose every file is a source (an added file is a change), by absolute path. */
  trees: Array<[dir: string, stamps: FileStamp[]]>;
  /** Every file of the output folder, by path relative to it. */
  output: FileStamp[];
  summary: BuildSummary;
}

/** What the summary line of a build says, kept so that a build that finds nothing changed can say it again. */
export interface BuildSummary {
  pages: number;
  files: number;
  redirects: number;
  id: string;
  /** The headers every response carries (the policy's hash is taken from them). */
  headers: ReadonlyArray<readonly [string, string]>;
  /** What a build from these sources warns of again (not what was about the build before it, or the cache). */
  warnings: readonly Diagnostic[];
}

/** The sources a build's record stamps: files, and folders whose every file is a source; `startedAt`, when the build started (wall clock, ms). */
export interface RecordSources {
  inputs: readonly string[];
  trees: readonly string[];
  startedAt: number;
}

/** The sources of a build as its record keeps them: stamped once the pages are rendered (`stampSources`). */
export interface SourceStamps {
  inputs: FileStamp[];
  trees: Array<[dir: string, stamps: FileStamp[]]>;
}

/** What a build tells its record once its output is swapped in; the output's stamps are taken then. */
export interface RecordedBuild {
  key: string;
  outDir: string;
  summary: BuildSummary;
}

const RECORD_FILE = 'last-build.bin';
/**
 * How long before a build's start a source's modification time still makes its stamp
 * untrusted: file systems that keep times in whole seconds (or two) cannot tell a file saved
 * just before the build read it from one saved during the build, after it was read.
 */
const RACY_MS = 2_000;
const FORMAT = 1;
/** Warnings about the build before this one or about the cache: a build that changes nothing has none of them. */
const NOT_REPEATED = new Set(['redirects/lost-url', 'cache/damaged', 'cache/discarded']);

/** What the output depends on besides the files: the engine and its Node.js, the options, the build's time. */
export function recordKey(options: ResolvedOptions, commitTime: number | undefined): string {
  const { root, outDir, preview, overrides } = options;
  return JSON.stringify({ format: FORMAT, engine: CACHE_IDENTITY, root, outDir, preview, overrides, commitTime });
}

/**
 * Stamps the sources of a build. A source written after `startedAt`, or just before, is not
 * trusted (`untrusted`). Taken while the search index is made (the build waits for Pagefind
 * then), not after the output is written: the sources were read before either.
 */
export function stampSources({ inputs, trees, startedAt }: RecordSources): SourceStamps {
  return {
    inputs: untrusted(stampFiles(inputs), startedAt),
    trees: trees.map((dir) => [dir, untrusted(stampTree(dir), startedAt)]),
  };
}

/** Writes the record of a build whose output was just swapped in. */
export function writeBuildRecord(cacheDir: string, sources: SourceStamps, build: RecordedBuild): void {
  const record: BuildRecord = {
    key: build.key,
    ...sources,
    output: stampTree(build.outDir),
    summary: { ...build.summary, warnings: build.summary.warnings.filter((warning) => !NOT_REPEATED.has(warning.code)).map((warning) => ({ ...warning })) },
  };
  mkdirSync(cacheDir, { recursive: true });
  writeInPlaceSync(path.join(cacheDir, RECORD_FILE), seal(Buffer.from(JSON.stringify(record))));
}

/**
 * Stamps of sources written during the build, or so shortly before it that the build may have
 * read an older version (git's "racily clean" index entries have the same cause), with a time
 * no file has: the next build finds them changed, builds, and records them once they are older.
 */
function untrusted(stamps: FileStamp[], startedAt: number): FileStamp[] {
  return stamps.map((stamp) => (stamp[2] > startedAt - RACY_MS ? [stamp[0], stamp[1], -1] : stamp));
}

/** The answer of `unchangedBuild`: the last build's summary when nothing changed, else why it did. */
export type UnchangedBuild = { unchanged: true; summary: BuildSummary; outDir: string } | { unchanged: false; reason: string };

/**
 * Whether the output already is what a build with these options would write: the last build
 * recorded the same key, every source is stamped as it was, and the output folder holds the
 * same files, stamped as that build left them. Asked only where a build would use the
 * persistent cache, on its default previous build (the output), at a fixed time (`--now` makes
 * every build's time new).
 */
export async function unchangedBuild(options: UserOptions): Promise<UnchangedBuild> {
  const resolved = resolveOptions(options);
  if (!resolved.persistentCache) return { unchanged: false, reason: 'the cache is off' };
  if (options.now) return { unchanged: false, reason: '--now gives the build a new time' };
  if (resolved.previous !== false && !resolved.previous.isDefault) return { unchanged: false, reason: '--previous names another build' };
  const commitTime = resolved.overrides.timestamp === undefined ? lastCommitTime(resolved.root) : Promise.resolve(undefined);
  let record: BuildRecord;
  try {
    const payload = unseal(readFileSync(path.join(resolved.cacheDir, RECORD_FILE)));
    if (!payload) return { unchanged: false, reason: 'no intact record of the last build' };
    record = JSON.parse(payload.toString('utf8')) as BuildRecord;
  } catch {
    return { unchanged: false, reason: 'no record of the last build' };
  }
  const sources = firstDifference(record.inputs, stampFiles(record.inputs.map(([file]) => file)));
  if (sources) return { unchanged: false, reason: sources };
  for (const [dir, stamps] of record.trees) {
    const difference = firstDifference(stamps, stampTree(dir));
    if (difference) return { unchanged: false, reason: path.join(dir, difference) };
  }
  const output = firstDifference(record.output, stampTree(resolved.outDir));
  if (output) return { unchanged: false, reason: `the output's ${output}` };
  if (record.key !== recordKey(resolved, await commitTime)) return { unchanged: false, reason: 'the engine, the options or the build time changed' };
  return { unchanged: true, summary: record.summary, outDir: resolved.outDir };
}
