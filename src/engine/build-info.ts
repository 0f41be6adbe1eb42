import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { SiteError } from './errors';
import type { SiteSources } from './read-sources';

export interface BuildInfo {
  /** Derived from every input: the same sources always give the same id. */
  id: string;
  /**
   * Derived from what every page embeds (engine, templates, widgets, stylesheet, settings,
   * routes, messages), not from content: a build that only changed an article keeps the
   * release, so the other pages stay byte-identical and open pages need no fresh assets.
   */
  release: string;
  /** Milliseconds since the epoch, from the sources, never from the wall clock. */
  timestamp: number;
}

/** Inputs beyond the site folder that change the output. */
export interface BuildInputs {
  engineVersion: string;
  templatesHash: string;
  widgetsHash: string;
  css: string;
  /** The time of the site folder's last git commit (`lastCommitTime`), if it is in git. */
  commitTime: number | undefined;
}

/**
 * What the build id takes of the Markdown files: a digest of their names and the hashes of
 * their bytes, which a large build keeps after it lets the texts go (`withoutContentTexts`).
 */
function contentDigest(content: SiteSources['content']): string {
  const digest = createHash('sha256');
  for (const [name, file] of content) digest.update(`content/${name}`).update('\0').update(file.hash).update('\0');
  return digest.digest('hex');
}

export function computeBuildInfo(sources: SiteSources, inputs: BuildInputs, env = process.env): BuildInfo {
  const release = createHash('sha256');
  const add = (name: string, value: string | Buffer) => release.update(name).update('\0').update(value).update('\0');
  add('engine', inputs.engineVersion);
  add('templates', inputs.templatesHash);
  add('widgets', inputs.widgetsHash);
  add('css', inputs.css);
  for (const file of [sources.routes, sources.site, ...sources.locales.values()]) {
    if (file) add(file.path.slice(sources.root.length), file.text);
  }
  const releaseId = release.copy().digest('hex').slice(0, 12);
  add('content', contentDigest(sources.content));
  if (sources.redirects) add('content/redirects.yaml', sources.redirects.text);
  for (const [name, bytes] of sources.publicFiles) add(`public/${name}`, bytes);
  return { id: release.digest('hex').slice(0, 12), release: releaseId, timestamp: sourceTimestamp(sources, inputs.commitTime, env) };
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
 * site folder's last git commit, else the newest modification time of the sources.
 */
function sourceTimestamp(sources: SiteSources, commitTime: number | undefined, env: NodeJS.ProcessEnv): number {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch !== undefined && epoch !== '') {
    if (!/^\d+$/.test(epoch)) {
      throw new SiteError(`SOURCE_DATE_EPOCH is "${epoch}", not a number of seconds`, {
        file: 'SOURCE_DATE_EPOCH',
        hint: 'set it to a Unix time in seconds, e.g. $(git log -1 --format=%ct), or unset it',
      });
    }
    return Number(epoch) * 1000;
  }
  if (commitTime !== undefined) return commitTime;
  let newest = 0;
  for (const file of [sources.routes, sources.site, ...sources.locales.values(), ...sources.content.values()]) {
    if (file) newest = Math.max(newest, Math.floor(statSync(file.path).mtimeMs / 1000) * 1000);
  }
  return newest;
}
