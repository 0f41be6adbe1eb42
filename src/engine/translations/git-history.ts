import { execFile } from 'node:child_process';

/** One committed version of a file. */
export interface FileVersion {
  commit: string;
  /** The commit's time, in milliseconds. */
  time: number;
  /** The file's text in that commit. */
  text: string;
}

/** How many commits of one file are looked at: far more than a translation falls behind. */
const MAX_VERSIONS = 500;

/**
 * The committed versions of a file of the site folder (relative to it), newest first, following
 * renames; undefined when the folder is not in a git checkout or git cannot be run. Two git
 * processes per file however long its history: `git log` for the commits and the file's name in
 * each, `git cat-file --batch` for all the texts. Only `sitegen translations` asks: a build
 * never runs git for translations.
 */
export async function versionsOf(root: string, file: string): Promise<FileVersion[] | undefined> {
  const log = await git(root, ['log', '--follow', `--max-count=${MAX_VERSIONS}`, '--format=%x01%H %ct', '--name-only', '--', file]);
  if (log === undefined) return undefined;
  const commits: Array<{ commit: string; time: number; path: string }> = [];
  for (const entry of log.toString('utf8').split('\x01').slice(1)) {
    const [head, ...names] = entry.split('\n').filter((line) => line.length > 0);
    const [commit, seconds] = head!.split(' ');
    // A merge lists no names: the version it has is that of one of its parents, listed too.
    const path = names[names.length - 1];
    if (commit && path) commits.push({ commit, time: Number(seconds) * 1000, path });
  }
  if (commits.length === 0) return [];
  const texts = await git(root, ['cat-file', '--batch'], commits.map(({ commit, path }) => `${commit}:${path}\n`).join(''));
  if (texts === undefined) return undefined;
  const blobs = parseBatch(texts);
  return commits.flatMap(({ commit, time }, index) => (blobs[index] === undefined ? [] : [{ commit, time, text: blobs[index]! }]));
}

/** The objects `git cat-file --batch` printed, in the order asked; undefined for one it did not find. */
function parseBatch(output: Buffer): Array<string | undefined> {
  const objects: Array<string | undefined> = [];
  let at = 0;
  while (at < output.length) {
    const headerEnd = output.indexOf(0x0a, at);
    if (headerEnd === -1) break;
    const header = output.subarray(at, headerEnd).toString('utf8');
    const size = /^[0-9a-f]+ blob (\d+)$/.exec(header)?.[1];
    if (size === undefined) {
      // `<name> missing`, or an object that is no file.
      objects.push(undefined);
      const other = /^[0-9a-f]+ \w+ (\d+)$/.exec(header)?.[1];
      at = headerEnd + 1 + (other === undefined ? 0 : Number(other) + 1);
      continue;
    }
    const start = headerEnd + 1;
    objects.push(output.subarray(start, start + Number(size)).toString('utf8'));
    at = start + Number(size) + 1;
  }
  return objects;
}

/** Runs git in `cwd` (never through a shell); undefined when it fails or is not installed. */
function git(cwd: string, args: string[], input?: string): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const child = execFile('git', args, { cwd, encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 }, (error, stdout) => resolve(error ? undefined : stdout));
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input ?? '');
  });
}
