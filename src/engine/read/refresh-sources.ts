import { lstatSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '../../shared/locales';
import type { Problems } from '../diagnostics/diagnostic';
import { LOCALE_FILE, MESSAGE_RECORDS_SUFFIX, readOptionalText, readText, REDIRECTS_SOURCE, ROUTES_FILE, type SiteSources } from './read-sources';
import { contentSource, textProblem, unreadable } from './text-files';

/**
 * The sources after some files changed (watch mode): only the changed files are read again;
 * a file that no longer exists drops out.
 */
export async function refreshSources(previous: SiteSources, changed: ReadonlySet<string>, problems: Problems): Promise<SiteSources> {
  const { root } = previous;
  let { routes, redirects } = previous;
  const locales = new Map(previous.locales);
  const messageRecords = new Map(previous.messageRecords);
  const content = new Map(previous.content);
  const publicFiles = new Map(previous.publicFiles);
  // A file that is gone, or cannot be used (a problem is reported), drops out.
  const readIfThere = async (file: string): Promise<Buffer | undefined> => {
    const stat = lstatSync(file, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (stat.isSymbolicLink()) {
      problems.add('read/symbolic-link', 'the file is a symbolic link', { file, hint: 'sitegen reads only what is in the site folder: put the file itself here' });
      return undefined;
    }
    try {
      return await readFile(file);
    } catch (error) {
      unreadable(file, error, problems);
      return undefined;
    }
  };
  const readTextIfThere = async (file: string) => {
    const bytes = await readIfThere(file);
    return bytes && !textProblem(file, bytes, problems) ? bytes : undefined;
  };
  for (const file of changed) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    const [, locale, kind] = (LOCALE_FILE.exec(relative) ?? []) as [string?, Locale?, string?];
    if (relative === ROUTES_FILE) routes = undefined;
    else if (relative === REDIRECTS_SOURCE) redirects = await readOptionalText(root, REDIRECTS_SOURCE, problems);
    else if (locale && previous.localeCodes.includes(locale)) {
      const files = kind === MESSAGE_RECORDS_SUFFIX ? messageRecords : locales;
      const bytes = await readTextIfThere(file);
      if (bytes) files.set(locale, { path: file, text: bytes.toString('utf8') });
      else files.delete(locale);
    } else if (relative.startsWith('content/') && relative.endsWith('.md')) {
      const bytes = await readTextIfThere(file);
      if (bytes) content.set(relative.slice('content/'.length), contentSource(file, bytes, 'now'));
      else content.delete(relative.slice('content/'.length));
    } else if (relative.startsWith('public/')) {
      const bytes = await readIfThere(file);
      if (bytes) publicFiles.set(relative.slice('public/'.length), bytes);
      else publicFiles.delete(relative.slice('public/'.length));
    }
  }
  routes ??= await readText(root, ROUTES_FILE, problems, 'every site has a route table; is --root the site folder?');
  // Keep file order stable (the build id hashes in order); re-sort only when files came or went.
  const sorted = <T>(map: Map<string, T>, before: ReadonlyMap<string, unknown>) =>
    map.size === before.size && [...map.keys()].every((key) => before.has(key))
      ? map
      : new Map([...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { root, routes, localeCodes: previous.localeCodes, redirects, locales, messageRecords, content: sorted(content, previous.content), publicFiles: sorted(publicFiles, previous.publicFiles) };
}


/** The source `sources` read for `file`, when `file` is one of the site's text sources. */
function sourceOf(sources: SiteSources, file: string): { text: string } | undefined {
  const relative = path.relative(sources.root, file).split(path.sep).join('/');
  const known = relative.startsWith('content/') ? sources.content.get(relative.slice('content/'.length)) : undefined;
  return known ?? [sources.routes, sources.redirects, ...sources.locales.values(), ...sources.messageRecords.values()].find((source) => source?.path === file);
}

/**
 * Of `files`, those whose text on disk differs from `sources` now, with that text (undefined:
 * the file is gone or unreadable): a save that landed while a rebuild was reading, which the
 * file watcher may report only once or not at all.
 */
export async function staleFiles(sources: SiteSources, files: Iterable<string>): Promise<Map<string, string | undefined>> {
  const stale = new Map<string, string | undefined>();
  for (const file of files) {
    const own = sourceOf(sources, file);
    if (!own) continue;
    const now = await readFile(file, 'utf8').catch(() => undefined);
    if (now !== own.text) stale.set(file, now);
  }
  return stale;
}

/**
 * Whether every one of `files` is a text source that `sources` already holds as it is on disk:
 * the watcher reporting a save the last rebuild has read (it reports late, and more than once).
 * Templates, widgets, public files and files that came or went are never "already read".
 */
export async function alreadyRead(sources: SiteSources, files: Iterable<string>): Promise<boolean> {
  const reported = [...files];
  return reported.every((file) => sourceOf(sources, file) !== undefined) && (await staleFiles(sources, reported)).size === 0;
}
