import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { outputPathOf, REDIRECTS_FILE, repairOutput, SiteError, type RedirectHistory } from '../engine/inspect';
import type { Locale } from '../shared/locales';
import { createInterner, parsePage, type PageFacts } from './parse-page';

/** A page of the build manifest: `dist/_sitegen/builds/meta/<release>.json`. */
export interface ManifestEntry {
  url: string;
  route: string;
  locale: Locale;
  /** The route's canonical URL in each locale. */
  alternates: Record<Locale, string>;
}

/** An HTML document of the output, read and parsed once. */
export interface OutputDocument {
  /** Path relative to the output folder, with `/` (`hu/karrier/index.html`). */
  file: string;
  /** The URL it is served at: the page's URL, or `/404.html` for files without a route. */
  url: string;
  /** Its manifest entry: undefined for the error pages and any HTML file without a route. */
  entry: ManifestEntry | undefined;
  facts: PageFacts;
}

/** The built site as `sitegen check` sees it. */
export interface BuiltOutput {
  dir: string;
  buildId: string;
  /** The release its pages name (their runtime config, the manifest and messages paths). */
  release: string;
  /** Every file, relative, with `/`. */
  files: ReadonlySet<string>;
  /** The manifest's pages by URL. */
  manifest: ReadonlyMap<string, ManifestEntry>;
  /** Old URL -> the page it redirects to (`_sitegen/builds/redirects.json`; empty for builds without one). */
  redirects: ReadonlyMap<string, string>;
  /** URLs an earlier build served that this build neither serves nor redirects. */
  lost: ReadonlyMap<string, { route?: string; locale: Locale }>;
  /** Every `.html` file, in file order. */
  documents: OutputDocument[];
  /** Stylesheets and scripts by relative path, for the references inside them. */
  stylesheets: ReadonlyMap<string, string>;
  scripts: ReadonlyMap<string, string>;
}

const LATEST = '_sitegen/builds/latest.json';

/**
 * Reads the output folder once: the file list, the build manifest, and every HTML page (parsed
 * as it is read), stylesheet and script. A folder that is not a sitegen build is an error.
 */
export async function readOutput(dir: string): Promise<BuiltOutput> {
  // A build killed in the middle of swapping the output in left it for the next command to finish.
  repairOutput(dir);
  if (!existsSync(path.join(dir, LATEST))) {
    throw new SiteError('check/no-build', existsSync(dir) ? `${dir} is not a sitegen build: it has no ${LATEST}` : `${dir} does not exist`, {
      hint: 'run `sitegen build` first, or name the built folder with --out',
    });
  }
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  const [{ buildId, release, manifest }, { redirects, lost }] = await Promise.all([readManifest(dir), readRedirects(dir)]);
  const byFile = new Map<string, ManifestEntry>();
  for (const entry of manifest.values()) byFile.set(outputPathOf(entry.url, 'index.html'), entry);

  const documents: OutputDocument[] = [];
  const stylesheets = new Map<string, string>();
  const scripts = new Map<string, string>();
  // Read synchronously, one file after the other: for thousands of small files this takes
  // half the time of overlapping promise-based reads, and parsing keeps the thread busy anyway.
  const keep = createInterner();
  for (const file of files) {
    if (!/\.(html|css|m?js)$/.test(file)) continue;
    const text = readFileSync(path.join(dir, file), 'utf8');
    if (file.endsWith('.html')) {
      const entry = byFile.get(file);
      documents.push({ file, url: entry?.url ?? `/${file}`, entry, facts: parsePage(text, keep) });
    } else if (file.endsWith('.css')) stylesheets.set(file, text);
    else scripts.set(file, text);
  }
  return { dir, buildId, release, files: new Set(files), manifest, redirects, lost, documents, stylesheets, scripts };
}

async function readManifest(dir: string): Promise<{ buildId: string; release: string; manifest: Map<string, ManifestEntry> }> {
  const latest = (await readJson(path.join(dir, LATEST))) as { id?: unknown; release?: unknown } | undefined;
  const [buildId, release] = [latest?.id, latest?.release];
  if (typeof buildId !== 'string' || !/^[\w-]+$/.test(buildId) || typeof release !== 'string' || !/^[\w-]+$/.test(release)) {
    throw new SiteError('check/damaged-build', `${LATEST} has no build id or release`, { file: path.join(dir, LATEST), hint: 'run `sitegen build` again' });
  }
  const file = path.join(dir, `_sitegen/builds/meta/${release}.json`);
  const meta = existsSync(file) ? await readJson(file) : undefined;
  const routes = (meta as { routes?: unknown } | undefined)?.routes;
  if (typeof routes !== 'object' || routes === null) {
    throw new SiteError('check/damaged-build', `the manifest of release ${release} is missing or has no routes`, { file, hint: 'run `sitegen build` again' });
  }
  const manifest = new Map<string, ManifestEntry>();
  for (const [url, value] of Object.entries(routes as Record<string, Partial<ManifestEntry>>)) {
    if (typeof value.route !== 'string' || typeof value.locale !== 'string' || typeof value.alternates !== 'object') {
      throw new SiteError('check/damaged-build', `the manifest entry of ${url} lacks its route, locale or alternates`, { file, hint: 'run `sitegen build` again' });
    }
    manifest.set(url, { url, route: value.route, locale: value.locale, alternates: value.alternates });
  }
  return { buildId, release, manifest };
}

async function readRedirects(dir: string): Promise<Pick<BuiltOutput, 'redirects' | 'lost'>> {
  const file = path.join(dir, REDIRECTS_FILE);
  if (!existsSync(file)) return { redirects: new Map(), lost: new Map() };
  const history = (await readJson(file)) as Partial<RedirectHistory> | undefined;
  const redirects = new Map<string, string>();
  for (const [url, entry] of Object.entries(history?.redirects ?? {})) if (typeof entry?.to === 'string') redirects.set(url, entry.to);
  const lost = new Map<string, { route?: string; locale: Locale }>();
  for (const [url, entry] of Object.entries(history?.lost ?? {})) if (typeof entry?.locale === 'string') lost.set(url, entry);
  return { redirects, lost };
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new SiteError('check/damaged-build', `cannot read ${path.basename(file)}: ${(error as Error).message}`, { file, hint: 'run `sitegen build` again' });
  }
}
