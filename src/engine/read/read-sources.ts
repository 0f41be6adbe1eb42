import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '../../shared/locales';
import type { Problems } from '../diagnostics/diagnostic';
import { contentSource, readTextFile, textProblem, unreadable, withReleasedText, type ContentSource, type SourceText } from './text-files';

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

/** The folders a build reads every file of (or may: `content/` holds the settings and the route table too). */
export const SOURCE_FOLDERS = ['content', 'locales', 'public'] as const;

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

export async function readText(root: string, name: string, problems: Problems, hint: string): Promise<SourceText | undefined> {
  const file = path.join(root, name);
  if (!existsSync(file)) {
    problems.add('read/missing-file', `${name} is missing`, { file, hint });
    return undefined;
  }
  return readTextFile(file, problems);
}

export async function readOptionalText(root: string, name: string, problems: Problems): Promise<SourceText | undefined> {
  const file = path.join(root, name);
  return existsSync(file) ? readTextFile(file, problems) : undefined;
}

/** `locales/<locale>.translations.json` (`translations/message-records.ts`) beside `locales/<locale>.json`. */
export const MESSAGE_RECORDS_SUFFIX = '.translations.json';
export const LOCALE_FILE = /^locales\/([^/]+?)(\.translations\.json|\.json)$/;

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


