import { isUtf8 } from 'node:buffer';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '../../shared/locales';
import type { Problems } from '../diagnostics/diagnostic';
import { contentHash } from '../base/content-hash';
import { lazyFields } from '../base/lazy-fields';

/** A source file's absolute path and text. */
export interface SourceText {
  path: string;
  text: string;
}

/**
 * A Markdown file of `content/`, with a hash of its bytes taken as it is read. A build whose
 * cache may know the file keeps the bytes and decodes them only when the text is first read: a
 * file the cache knows by its hash is neither decoded nor split (at 4,000 articles x 3 reading
 * the sources went from 0.91 to 0.77 s). Other builds decode at once and keep no bytes: a cold
 * build of 10,000 x 3 would otherwise hold 110 MB of them beside the texts until the main
 * thread's next full collection, late in the build.
 */
export interface ContentSource extends SourceText {
  /** `contentHash` (SHA-1) of the file's bytes. */
  readonly hash: string;
  /** The file's size in bytes. */
  readonly size: number;
}

export function contentSource(file: string, bytes: Buffer, decode: 'now' | 'when-read'): ContentSource {
  const state: TextState = decode === 'now' ? { text: bytes.toString('utf8'), held: undefined } : { text: undefined, held: bytes };
  return withText({ path: file, hash: contentHash(bytes), size: bytes.length }, state);
}

/** A content file's text, or its bytes until the text is first read. */
type TextState = { text: string | undefined; held: Buffer | undefined };

const withText = lazyFields<TextState, { text: string }>({
  text(state) {
    if (state.text === undefined) {
      state.text = state.held!.toString('utf8');
      state.held = undefined;
    }
    return state.text;
  },
});

const withReleasedText = lazyFields<string, { text: string }>({
  text(name) {
    throw new Error(`the text of content/${name} was released after it was split`);
  },
});

/** Everything a build reads from the site folder. Only this module reads the site's sources. */
export interface SiteSources {
  root: string;
  routes: SourceText | undefined;
  /** The locales whose files were read (`locales` of the configuration). */
  localeCodes: readonly Locale[];
  /** `content/redirects.yaml`, which a site need not have. */
  redirects: SourceText | undefined;
  locales: ReadonlyMap<Locale, SourceText>;
  /** `locales/<locale>.translations.json`: which source version each message translates (`translations/`); optional. */
  messageRecords: ReadonlyMap<Locale, SourceText>;
  /** Markdown files by path relative to `content/` (`hu/career.md`). */
  content: ReadonlyMap<string, ContentSource>;
  /** Files of `public/`, copied to the output as they are, by relative path. */
  publicFiles: ReadonlyMap<string, Buffer>;
}

export const ROUTES_FILE = 'content/routes.yaml';
export const SITE_FILE = 'content/site.yaml';
export const REDIRECTS_SOURCE = 'content/redirects.yaml';

/**
 * Everything but the settings, which the configuration read first (`readSiteFile`): the locale
 * files of the site's `locales`. `decode`: when the content files' texts are decoded (see
 * `ContentSource`).
 */
export async function readSources(root: string, locales: readonly Locale[], problems: Problems, decode: 'now' | 'when-read' = 'now'): Promise<SiteSources> {
  const [routes, redirects, localeFiles, messageRecords, content, publicFiles] = await Promise.all([
    readText(root, ROUTES_FILE, problems, 'every site has a route table; is --root the site folder?'),
    readOptionalText(root, REDIRECTS_SOURCE, problems),
    readLocales(root, locales, problems),
    readLocales(root, locales, problems, MESSAGE_RECORDS_SUFFIX),
    // Each file becomes its source as it is read: bytes decoded at once die young.
    readTree(path.join(root, 'content'), isMarkdown, problems, (file, bytes) => (textProblem(file, bytes, problems) ? undefined : contentSource(file, bytes, decode))),
    readTree(path.join(root, 'public'), () => true, problems, (_file, bytes) => bytes),
  ]);
  return { root, routes, localeCodes: locales, redirects, locales: localeFiles, messageRecords, content, publicFiles };
}

/** `content/site.yaml`, which the configuration is resolved from before anything else is read. */
export async function readSiteFile(root: string, problems: Problems): Promise<SourceText | undefined> {
  return readText(root, SITE_FILE, problems, 'every site has its settings (url, company details) in content/site.yaml');
}

/**
 * The sources without the texts of the content files: what a large build keeps once every body
 * is with the Markdown workers and the front matter is split off (`frontMatterOnly`), so that
 * 110 MB of Markdown at 10,000 articles x 3 do not stay on the main thread. Each keeps the hash
 * of its bytes, which the build id and the cache take. Reading a released text is a mistake of the
 * engine, so it throws rather than give an empty text.
 */
export function withoutContentTexts(sources: SiteSources): SiteSources {
  const released = (name: string, { path: file, hash, size }: ContentSource): ContentSource => withReleasedText({ path: file, hash, size }, name);
  return { ...sources, content: new Map([...sources.content].map(([name, source]) => [name, released(name, source)])) };
}

/** How many Markdown files `content/` holds, counted without reading them. */
export function countContentFiles(root: string): number {
  return filesUnder(path.join(root, 'content'), isMarkdown).length;
}

/**
 * What the state of the translations is computed from (`sitegen translations`, `sitegen check`):
 * the route table, the locale files with their records, and the content, decoded.
 */
export async function readTranslationSources(root: string, locales: readonly Locale[], problems: Problems): Promise<Omit<SiteSources, 'redirects' | 'publicFiles'>> {
  const [definition, messageRecords, content] = await Promise.all([
    readSiteDefinition(root, locales, problems),
    readLocales(root, locales, problems, MESSAGE_RECORDS_SUFFIX),
    readTree(path.join(root, 'content'), isMarkdown, problems, (file, bytes) => (textProblem(file, bytes, problems) ? undefined : contentSource(file, bytes, 'now'))),
  ]);
  return { ...definition, messageRecords, content };
}

/** The route table and the locale files only: what `sitegen check` compares the output with. */
export async function readSiteDefinition(root: string, locales: readonly Locale[], problems: Problems): Promise<Pick<SiteSources, 'root' | 'routes' | 'locales' | 'localeCodes'>> {
  const [routes, localeFiles] = await Promise.all([
    readText(root, ROUTES_FILE, problems, 'every site has a route table; is --root the site folder?'),
    readLocales(root, locales, problems),
  ]);
  return { root, routes, locales: localeFiles, localeCodes: locales };
}

async function readText(root: string, name: string, problems: Problems, hint: string): Promise<SourceText | undefined> {
  const file = path.join(root, name);
  if (!existsSync(file)) {
    problems.add('read/missing-file', `${name} is missing`, { file, hint });
    return undefined;
  }
  return readTextFile(file, problems);
}

async function readOptionalText(root: string, name: string, problems: Problems): Promise<SourceText | undefined> {
  const file = path.join(root, name);
  return existsSync(file) ? readTextFile(file, problems) : undefined;
}

/** A UTF-8 text file; one that cannot be read, or is not UTF-8, is a located problem. */
async function readTextFile(file: string, problems: Problems): Promise<SourceText | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    unreadable(file, error, problems);
    return undefined;
  }
  return textProblem(file, bytes, problems) ? undefined : { path: file, text: bytes.toString('utf8') };
}

/** `locales/<locale>.translations.json` (`translations/message-records.ts`) beside `locales/<locale>.json`. */
const MESSAGE_RECORDS_SUFFIX = '.translations.json';
const LOCALE_FILE = /^locales\/([^/]+?)(\.translations\.json|\.json)$/;

/** `locales/<locale>.json` of each of `locales` there is (or, with `suffix`, the file of that name beside it). */
async function readLocales(root: string, locales: readonly Locale[], problems: Problems, suffix = '.json'): Promise<Map<Locale, SourceText>> {
  const entries = await Promise.all(
    locales.map(async (locale): Promise<[Locale, SourceText] | undefined> => {
      const file = path.join(root, 'locales', `${locale}${suffix}`);
      if (!existsSync(file)) return undefined;
      const text = await readTextFile(file, problems);
      return text && [locale, text];
    }),
  );
  return new Map(entries.filter((entry) => entry !== undefined));
}

/** A file that exists but cannot be read: said with what to do about it. */
function unreadable(file: string, error: unknown, problems: Problems): void {
  const code = (error as NodeJS.ErrnoException)?.code;
  const denied = code === 'EACCES' || code === 'EPERM';
  problems.add('read/unreadable', `cannot read the file: ${denied ? 'permission denied' : ((error as Error)?.message ?? String(error))}`, {
    file,
    hint: denied ? `let the user who runs the build read it (chmod a+r ${path.basename(file)}), or move it out of the site folder` : 'check that the file is a readable regular file',
    cause: error,
  });
}

/**
 * Whether `bytes` are not UTF-8 text: then a problem at the line and column of the first byte
 * that is not (Markdown, YAML and JSON are read as UTF-8; another encoding would show as
 * replacement characters on the pages).
 */
function textProblem(file: string, bytes: Buffer, problems: Problems): boolean {
  if (isUtf8(bytes)) return false;
  const at = firstInvalidByte(bytes);
  const before = bytes.subarray(0, at);
  const lineStart = before.lastIndexOf(0x0a) + 1;
  problems.add('read/not-utf8', `the file is not UTF-8 text: byte 0x${bytes[at]!.toString(16).toUpperCase().padStart(2, '0')} cannot start or continue a character`, {
    file,
    line: before.filter((byte) => byte === 0x0a).length + 1,
    column: [...before.subarray(lineStart).toString('utf8')].length + 1,
    hint: 'save the file as UTF-8 (in most editors: "Save with Encoding" > UTF-8)',
  });
  return true;
}

/** The offset of the first byte that breaks UTF-8 in `bytes` (which `isUtf8` rejected). */
function firstInvalidByte(bytes: Buffer): number {
  for (let at = 0; at < bytes.length; ) {
    const byte = bytes[at]!;
    const length = byte < 0x80 ? 1 : byte >= 0xc2 && byte < 0xe0 ? 2 : byte >= 0xe0 && byte < 0xf0 ? 3 : byte >= 0xf0 && byte < 0xf5 ? 4 : 0;
    if (length === 0 || at + length > bytes.length || !isUtf8(bytes.subarray(at, at + length))) return at;
    at += length;
  }
  return bytes.length - 1;
}

/**
 * Files under `dir` (relative paths with `/`, sorted), read with `read` (undefined: left out,
 * a problem was reported); empty when `dir` is absent. Read synchronously: for thousands of
 * small files the promise API's four trips to the thread pool per file (open, stat, read,
 * close) took ten times as long (measured: 12,000 content files in about 1 s against 0.09 s).
 * A symbolic link is a problem: the build reads the site folder only, and publishes what it
 * reads (a link could lead anywhere on the machine).
 */
async function readTree<T>(dir: string, include: (file: string) => boolean, problems: Problems, read: (file: string, bytes: Buffer) => T | undefined): Promise<Map<string, T>> {
  const files = new Map<string, T>();
  if (!existsSync(dir)) return files;
  for (const entry of entriesUnder(dir)) {
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    const file = path.join(dir, relative);
    if (entry.isSymbolicLink()) {
      problems.add('read/symbolic-link', 'the file is a symbolic link', {
        file,
        hint: `sitegen reads only what is in the site folder: put the file itself here (cp --remove-destination "$(readlink -f ${relative})" ${relative})`,
      });
      continue;
    }
    if (!entry.isFile() || !include(entry.name)) continue;
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch (error) {
      unreadable(file, error, problems);
      continue;
    }
    const value = read(file, bytes);
    if (value !== undefined) files.set(relative, value);
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

const isMarkdown = (name: string) => name.endsWith('.md');

function entriesUnder(dir: string) {
  return readdirSync(dir, { recursive: true, withFileTypes: true });
}

/** Files under `dir` whose names pass `include` (relative paths with `/`, sorted); none when `dir` is absent. */
function filesUnder(dir: string, include: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return entriesUnder(dir)
    .filter((entry) => entry.isFile() && include(entry.name))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

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

/**
 * Of `files`, those whose text on disk differs from `sources` now: a save that landed while a
 * rebuild was reading, which the file watcher may report only once or not at all.
 */
export async function staleFiles(sources: SiteSources, files: Iterable<string>): Promise<string[]> {
  const stale: string[] = [];
  for (const file of files) {
    const relative = path.relative(sources.root, file).split(path.sep).join('/');
    const known = relative.startsWith('content/') ? sources.content.get(relative.slice('content/'.length)) : undefined;
    const own = known ?? [sources.routes, sources.redirects, ...sources.locales.values(), ...sources.messageRecords.values()].find((source) => source?.path === file);
    if (!own) continue;
    const now = await readFile(file, 'utf8').catch(() => undefined);
    if (now !== own.text) stale.push(file);
  }
  return stale;
}
