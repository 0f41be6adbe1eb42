import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LOCALES, type Locale } from '../shared/locales';
import type { Problems } from './errors';
import { contentHash } from './write-output';
import { lazyFields } from './lazy-fields';

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
}

export function contentSource(file: string, bytes: Buffer, decode: 'now' | 'when-read'): ContentSource {
  const state: TextState = decode === 'now' ? { text: bytes.toString('utf8'), held: undefined } : { text: undefined, held: bytes };
  return withText({ path: file, hash: contentHash(bytes) }, state);
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
  site: SourceText | undefined;
  /** `content/redirects.yaml`, which a site need not have. */
  redirects: SourceText | undefined;
  locales: ReadonlyMap<Locale, SourceText>;
  /** Markdown files by path relative to `content/` (`hu/career.md`). */
  content: ReadonlyMap<string, ContentSource>;
  /** Files of `public/`, copied to the output as they are, by relative path. */
  publicFiles: ReadonlyMap<string, Buffer>;
}

export const ROUTES_FILE = 'content/routes.yaml';
export const SITE_FILE = 'content/site.yaml';
export const REDIRECTS_SOURCE = 'content/redirects.yaml';

/** `decode`: when the content files' texts are decoded (see `ContentSource`). */
export async function readSources(root: string, problems: Problems, decode: 'now' | 'when-read' = 'now'): Promise<SiteSources> {
  const [routes, site, redirects, locales, content, publicFiles] = await Promise.all([
    readText(root, ROUTES_FILE, problems, 'every site has a route table; is --root the site folder?'),
    readText(root, SITE_FILE, problems, 'every site has its settings (url, company details) in content/site.yaml'),
    readOptionalText(root, REDIRECTS_SOURCE),
    readLocales(root),
    // Each file becomes its source as it is read: bytes decoded at once die young.
    readTree(path.join(root, 'content'), isMarkdown, (file) => contentSource(file, readFileSync(file), decode)),
    readTree(path.join(root, 'public'), () => true, (file) => readFileSync(file)),
  ]);
  return {
    root,
    routes,
    site,
    redirects,
    locales,
    content,
    publicFiles,
  };
}

/**
 * The sources without the texts of the content files: what a large build keeps once every body
 * is with the Markdown workers and the front matter is split off (`frontMatterOnly`), so that
 * 110 MB of Markdown at 10,000 articles x 3 do not stay on the main thread. Each keeps the hash
 * of its bytes, which the build id and the cache take. Reading a released text is a mistake of the
 * engine, so it throws rather than give an empty text.
 */
export function withoutContentTexts(sources: SiteSources): SiteSources {
  const released = (name: string, { path: file, hash }: ContentSource): ContentSource => withReleasedText({ path: file, hash }, name);
  return { ...sources, content: new Map([...sources.content].map(([name, source]) => [name, released(name, source)])) };
}

/** How many Markdown files `content/` holds, counted without reading them. */
export function countContentFiles(root: string): number {
  return filesUnder(path.join(root, 'content'), isMarkdown).length;
}

/** The route table, the settings and the locale files only: what `sitegen check` compares the output with. */
export async function readSiteDefinition(root: string, problems: Problems): Promise<Pick<SiteSources, 'root' | 'routes' | 'site' | 'locales'>> {
  const [routes, site, locales] = await Promise.all([
    readText(root, ROUTES_FILE, problems, 'every site has a route table; is --root the site folder?'),
    readText(root, SITE_FILE, problems, 'every site has its settings (url, company details) in content/site.yaml'),
    readLocales(root),
  ]);
  return { root, routes, site, locales };
}

async function readText(root: string, name: string, problems: Problems, hint: string): Promise<SourceText | undefined> {
  const file = path.join(root, name);
  try {
    return { path: file, text: await readFile(file, 'utf8') };
  } catch {
    problems.add(`${name} is missing`, { file, hint });
    return undefined;
  }
}

async function readOptionalText(root: string, name: string): Promise<SourceText | undefined> {
  const file = path.join(root, name);
  return existsSync(file) ? { path: file, text: await readFile(file, 'utf8') } : undefined;
}

async function readLocales(root: string): Promise<Map<Locale, SourceText>> {
  const entries = await Promise.all(
    LOCALES.map(async (locale): Promise<[Locale, SourceText] | undefined> => {
      const file = path.join(root, 'locales', `${locale}.json`);
      if (!existsSync(file)) return undefined;
      return [locale, { path: file, text: await readFile(file, 'utf8') }];
    }),
  );
  return new Map(entries.filter((entry) => entry !== undefined));
}

/**
 * Files under `dir` (relative paths with `/`, sorted), read with `read`; empty when `dir` is
 * absent. Read synchronously: for thousands of small files the promise API's four trips to the
 * thread pool per file (open, stat, read, close) took ten times as long (measured: 12,000
 * content files in about 1 s against 0.09 s).
 */
async function readTree<T>(dir: string, include: (file: string) => boolean, read: (file: string) => T): Promise<Map<string, T>> {
  return new Map(filesUnder(dir, include).map((file) => [file, read(path.join(dir, file))]));
}

const isMarkdown = (name: string) => name.endsWith('.md');

/** Files under `dir` whose names pass `include` (relative paths with `/`, sorted); none when `dir` is absent. */
function filesUnder(dir: string, include: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
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
  let { routes, site, redirects } = previous;
  const locales = new Map(previous.locales);
  const content = new Map(previous.content);
  const publicFiles = new Map(previous.publicFiles);
  const readIfThere = async (file: string) => (existsSync(file) ? readFile(file) : undefined);
  for (const file of changed) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    const locale = /^locales\/([a-z]{2})\.json$/.exec(relative)?.[1] as Locale | undefined;
    if (relative === ROUTES_FILE) routes = undefined;
    else if (relative === SITE_FILE) site = undefined;
    else if (relative === REDIRECTS_SOURCE) redirects = await readOptionalText(root, REDIRECTS_SOURCE);
    else if (locale && (LOCALES as readonly string[]).includes(locale)) {
      const bytes = await readIfThere(file);
      if (bytes) locales.set(locale, { path: file, text: bytes.toString('utf8') });
      else locales.delete(locale);
    } else if (relative.startsWith('content/') && relative.endsWith('.md')) {
      const bytes = await readIfThere(file);
      if (bytes) content.set(relative.slice('content/'.length), contentSource(file, bytes, 'now'));
      else content.delete(relative.slice('content/'.length));
    } else if (relative.startsWith('public/')) {
      const bytes = await readIfThere(file);
      if (bytes) publicFiles.set(relative.slice('public/'.length), bytes);
      else publicFiles.delete(relative.slice('public/'.length));
    }
  }
  routes ??= await readText(root, ROUTES_FILE, problems, 'every site has a route table; is --root the site folder?');
  site ??= await readText(root, SITE_FILE, problems, 'every site has its settings (url, company details) in content/site.yaml');
  // Keep file order stable (the build id hashes in order); re-sort only when files came or went.
  const sorted = <T>(map: Map<string, T>, before: ReadonlyMap<string, unknown>) =>
    map.size === before.size && [...map.keys()].every((key) => before.has(key))
      ? map
      : new Map([...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { root, routes, site, redirects, locales, content: sorted(content, previous.content), publicFiles: sorted(publicFiles, previous.publicFiles) };
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
    const own = known ?? [sources.routes, sources.site, sources.redirects, ...sources.locales.values()].find((source) => source?.path === file);
    if (!own) continue;
    const now = await readFile(file, 'utf8').catch(() => undefined);
    if (now !== own.text) stale.push(file);
  }
  return stale;
}
