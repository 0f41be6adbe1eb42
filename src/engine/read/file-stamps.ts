import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * A file as `stat` sees it: its path, its size (-1: there is no such file) and its modification
 * time in whole milliseconds. Two stamps alike mean the file was not written in between: what
 * `make` and Ninja trust too (a source written in the same millisecond as it was read is not
 * trusted anyway: `cache/build-record.ts`). A file touched without a change differs, and only
 * costs a build.
 */
export type FileStamp = readonly [file: string, size: number, mtimeMs: number];

/** The stamp of each file, in the order given; an absent file is stamped as absent. */
export function stampFiles(files: Iterable<string>): FileStamp[] {
  const stamps: FileStamp[] = [];
  for (const file of files) {
    const stats = statSync(file, { throwIfNoEntry: false });
    stamps.push(stats?.isFile() ? [file, stats.size, Math.floor(stats.mtimeMs)] : [file, -1, 0]);
  }
  return stamps;
}

/**
 * Every file under `dir` (paths relative to it, with `/`, sorted), stamped; none when `dir` is
 * absent. A symbolic link is stamped as the link (its target is not followed: a build refuses
 * links in the site folder, so one appearing must count as a change).
 */
export function stampTree(dir: string): FileStamp[] {
  const root = path.resolve(dir);
  let entries;
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  const stamps: FileStamp[] = [];
  for (const entry of entries) {
    if (entry.isDirectory()) continue;
    // Each entry's folder is `root` or under it: its path cut, not `path.relative` (which resolves
    // both paths again: a third of the time and most of the memory of stamping 139,000 files).
    const file = `${entry.parentPath}${path.sep}${entry.name}`;
    const inside = entry.parentPath === root ? entry.name : file.slice(root.length + 1);
    const relative = path.sep === '/' ? inside : inside.split(path.sep).join('/');
    if (entry.isSymbolicLink()) {
      stamps.push([relative, -2, 0]);
      continue;
    }
    const stats = statSync(file, { throwIfNoEntry: false });
    if (stats) stamps.push([relative, stats.size, Math.floor(stats.mtimeMs)]);
  }
  return stamps.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The first difference between two lists of stamps, for `--verbose`; undefined when they are alike. */
export function firstDifference(before: readonly FileStamp[], now: readonly FileStamp[]): string | undefined {
  const length = Math.max(before.length, now.length);
  for (let index = 0; index < length; index++) {
    const [a, b] = [before[index], now[index]];
    if (a?.[0] !== b?.[0]) return a === undefined || (b !== undefined && b[0] < a[0]) ? `${b![0]} is new` : `${a[0]} is gone`;
    if (a![1] !== b![1] || a![2] !== b![2]) return b![1] === -1 ? `${a![0]} is gone` : a![1] === -1 ? `${b![0]} is new` : `${a![0]} changed`;
  }
  return undefined;
}
