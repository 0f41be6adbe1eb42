import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';

/** The build's time and where it came from. */
export interface BuildTime {
  /** Milliseconds since the epoch; never the wall clock. */
  timestamp: number;
  source: 'SOURCE_DATE_EPOCH' | 'git' | 'files';
}

/**
 * When the last commit of the folder's git checkout was made (ms), or undefined when it is not
 * a checkout or git is not installed. Asynchronous, so a build asks at its start and git runs
 * beside it.
 */
export function lastCommitTime(root: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['log', '-1', '--format=%ct'], { cwd: root, encoding: 'utf8' }, (error, out) => {
      const seconds = out?.trim() ?? '';
      resolve(!error && /^\d+$/.test(seconds) ? Number(seconds) * 1000 : undefined);
    });
  });
}

/**
 * `SOURCE_DATE_EPOCH` when set (the reproducible-builds convention), else the date of the
 * site folder's last git commit, else the newest modification time of the source files.
 */
export function buildTime(override: number | undefined, commitTime: number | undefined, sourceFiles: () => Iterable<string>): BuildTime {
  if (override !== undefined) return { timestamp: override, source: 'SOURCE_DATE_EPOCH' };
  if (commitTime !== undefined) return { timestamp: commitTime, source: 'git' };
  let newest = 0;
  for (const file of sourceFiles()) newest = Math.max(newest, Math.floor(statSync(file).mtimeMs / 1000) * 1000);
  return { timestamp: newest, source: 'files' };
}
