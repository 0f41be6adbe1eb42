import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '../../shared/locales';
import { BUILDS_DIR } from '../base/output-paths';
import { SiteError } from '../diagnostics/diagnostic';

/** A URL of an earlier build: the route and locale of the page it was (the route may be unknown for a redirect's source). */
export interface KnownUrl {
  route: string | undefined;
  locale: Locale;
}

/** What the next build must still answer for: the pages and redirects of an earlier build, and the URLs it had lost. */
export interface PreviousBuild {
  /** Where it was read from (a folder or a URL), for messages. */
  from: string;
  pages: ReadonlyMap<string, KnownUrl>;
  redirects: ReadonlyMap<string, RedirectEntry>;
  lost: ReadonlyMap<string, KnownUrl>;
}

/** A redirect as `_sitegen/builds/redirects.json` keeps it. */
export interface RedirectEntry {
  to: string;
  locale: Locale;
}

/** The redirect history each build writes and the next one reads. */
export const REDIRECTS_FILE = `${BUILDS_DIR}/redirects.json`;

const REREAD_HINT = 'name a folder written by `sitegen build` or the URL of the published site, or build without --previous';

/** A locale code as an earlier build wrote it (a locale the site no longer has included: its URLs are lost now). */
function isLocaleCode(value: unknown): value is Locale {
  return typeof value === 'string' && /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/.test(value);
}

/**
 * Reads an earlier build from an output folder or from the published site (`https://...`):
 * `latest.json` names its release, whose route manifest lists its pages; `redirects.json`
 * holds its redirects and lost URLs. `optional` (the live output folder) gives undefined
 * where there is no build yet; an explicitly named source must be a build.
 */
export async function readPreviousBuild(from: string, optional: boolean): Promise<PreviousBuild | undefined> {
  const read = isRemote(from) ? (name: string) => fetchText(from, name) : (name: string) => readText(from, name);
  const latestText = await read(`${BUILDS_DIR}/latest.json`);
  if (latestText === undefined) {
    if (optional) return undefined;
    throw new SiteError('redirects/previous-build', `the previous build ${from} has no ${BUILDS_DIR}/latest.json`, { hint: REREAD_HINT });
  }
  const latest = parseJson(latestText, from, 'latest.json') as { id?: unknown; release?: unknown; preview?: unknown };
  const release = typeof latest.release === 'string' ? latest.release : latest.id;
  if (typeof release !== 'string' || !/^[\w-]+$/.test(release)) {
    throw new SiteError('redirects/previous-build', `${from}: ${BUILDS_DIR}/latest.json names no release`, { hint: REREAD_HINT });
  }
  const manifestText = await read(`${BUILDS_DIR}/meta/${release}.json`);
  if (manifestText === undefined) {
    throw new SiteError('redirects/previous-build', `${from}: the route manifest of release ${release} is missing`, { hint: REREAD_HINT });
  }
  const manifest = parseJson(manifestText, from, `meta/${release}.json`) as { routes?: Record<string, { route?: unknown; locale?: unknown }> };
  const pages = new Map<string, KnownUrl>();
  // A preview's pages (drafts, scheduled ones) were never promised to anyone: only its redirects carry on.
  const preview = latest.preview !== undefined;
  for (const [url, entry] of Object.entries(preview ? {} : (manifest.routes ?? {}))) {
    if (typeof entry.route === 'string' && isLocaleCode(entry.locale)) pages.set(url, { route: entry.route, locale: entry.locale });
  }
  // Builds before redirects existed wrote no history.
  const historyText = await read(REDIRECTS_FILE);
  const history = historyText === undefined ? {} : (parseJson(historyText, from, 'redirects.json') as Partial<RedirectHistory>);
  const redirects = new Map<string, RedirectEntry>();
  for (const [url, entry] of Object.entries(history.redirects ?? {})) {
    if (typeof entry.to === 'string' && isLocaleCode(entry.locale)) redirects.set(url, { to: entry.to, locale: entry.locale });
  }
  const lost = new Map<string, KnownUrl>();
  for (const [url, entry] of Object.entries(history.lost ?? {})) {
    if (isLocaleCode(entry.locale)) lost.set(url, { route: typeof entry.route === 'string' ? entry.route : undefined, locale: entry.locale });
  }
  return { from, pages, redirects, lost };
}

/** The shape of `_sitegen/builds/redirects.json`. */
export interface RedirectHistory {
  redirects: Record<string, RedirectEntry>;
  lost: Record<string, { route?: string; locale: Locale }>;
}

/** Whether an earlier build is named by the URL of the published site rather than a folder. */
export function isRemote(from: string): boolean {
  return /^https?:\/\//i.test(from);
}

async function readText(dir: string, name: string): Promise<string | undefined> {
  const file = path.join(dir, name);
  return existsSync(file) ? readFile(file, 'utf8') : undefined;
}

async function fetchText(base: string, name: string): Promise<string | undefined> {
  const url = `${base.replace(/\/+$/, '')}/${name}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { 'cache-control': 'no-cache' }, signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    throw new SiteError('redirects/previous-build', `cannot read the previous build at ${url}: ${(error as Error).message}`, { hint: REREAD_HINT, cause: error });
  }
  if (response.status === 404 || response.status === 403) return undefined;
  if (!response.ok) throw new SiteError('redirects/previous-build', `cannot read the previous build at ${url}: HTTP ${response.status}`, { hint: REREAD_HINT });
  return response.text();
}

function parseJson(text: string, from: string, name: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null) return value;
  } catch {
    // reported below
  }
  throw new SiteError('redirects/previous-build', `${from}: ${name} of the previous build is not a JSON object`, { hint: REREAD_HINT });
}
