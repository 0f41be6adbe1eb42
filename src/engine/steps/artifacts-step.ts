import path from 'node:path';
import { buildArtifacts, buildSearchFiles } from '../artifacts/build-artifacts';
import { HEADERS_FILE, headersFile } from '../artifacts/header-formats';
import { redirectFiles } from '../artifacts/redirect-output';
import { securityHeaders, type Header } from '../artifacts/security-headers';
import { compactContents, compactFiles, textOf, type OutputFiles } from '../base/output-paths';
import type { InlineSources } from '../artifacts/inline-sources';
import type { Problems } from '../diagnostics/diagnostic';
import { renderErrorPages } from '../render/error-pages';
import type { LoadedContent } from './content-step';
import type { ParsedSite } from './parse-step';
import type { SitePlan } from './plan-step';
import type { RenderedSite } from './render-step';
import type { BuildRun } from './run';
import type { PageView } from './view-step';
import { placeImageProblems } from './render-step';
import { latestSearch, type SearchIndexes } from '../search/search-index';
import { searchLap } from './search-step';

/** The files besides the pages, and the headers every response carries. */
export interface SiteArtifacts {
  files: OutputFiles;
  headers: Header[];
  /** What the pages and the other HTML files contain that the headers' policy allows. */
  allowed: InlineSources;
  /** Raster encodings this build ran, and images whose encodings came from the cache. */
  images: { encoded: number; reused: number };
}

/** What step 7 makes while Pagefind makes the search index: nothing of it names the index. */
export interface ArtifactsBesideSearch {
  errorPages: OutputFiles;
  /** The sitemap and feeds. */
  searchFiles: OutputFiles;
  redirects: OutputFiles;
}

/**
 * Step 7a, while Pagefind makes the search index in its own process: the error pages, the
 * sitemap and feeds, the redirects.
 */
export function artifactsBesideSearch(run: BuildRun, parsed: ParsedSite, plan: SitePlan, loaded: LoadedContent, view: PageView): ArtifactsBesideSearch {
  const { problems, memory, config } = run;
  const { info, renderInput, feeds } = view;
  const { site } = config;
  const { pages } = plan;
  const { content } = loaded;
  const errorPages = renderErrorPages(renderInput, problems, view.reuse);
  // Watch mode: the last build's sitemap and feeds while what they show is the same objects: the
  // pages, the templates (which pages are indexed), the messages (tag names) and every page's
  // data. A body edit keeps them all: 40 ms of each rebuild at 5,216 pages.
  const shown = [pages, feeds, loaded.templates.module, parsed.catalog, site.url, site.company.name, JSON.stringify(site.locales), info.timestamp];
  // Compact as they are made: this step's maps are held until the output is written, and a
  // sitemap of 30,000 URLs is a 39 MB string (output-paths.ts), 20 MB as its bytes.
  const searchFiles = memory.alike('sitemap and feeds', [...shown, ...pages.map((page) => content.get(page.routeId)?.[page.locale]?.data)], () =>
    compactFiles(buildSearchFiles(pages, feeds, {
      content,
      siteUrl: site.url,
      companyName: site.company.name,
      timestamp: info.timestamp,
      indexed: view.indexed,
      locales: site.locales,
      tagName: (locale, tag) => parsed.catalog[locale]?.get(`tags.${tag}`)?.text ?? tag,
    })),
  );
  return { errorPages, searchFiles, redirects: compactFiles(redirectFiles(plan.redirects, site, parsed.catalog)) };
}

/**
 * Step 7b, once the search index is made (`search`, undefined with search off): the JSON the
 * pages read (payloads carry each page's headings; latest.json names the index), the browser
 * bundle and the files of `public/` beside what 7a made; then the security headers, from what
 * every page and the other HTML files contain.
 */
export async function buildSiteArtifacts(
  run: BuildRun,
  parsed: ParsedSite,
  plan: SitePlan,
  loaded: LoadedContent,
  view: PageView,
  rendered: RenderedSite,
  { errorPages, searchFiles, redirects }: ArtifactsBesideSearch,
  search: SearchIndexes | undefined,
): Promise<SiteArtifacts> {
  const { problems, memory, config } = run;
  const { info } = view;
  const { site } = config;
  const { pages } = plan;
  const { content } = loaded;
  if (search) run.timings.lap(searchLap(search, run.execution.keepCache(pages.length) === 'beside-search'));
  const files = mergeOutputs(
    [
      errorPages,
      buildArtifacts(pages, content, parsed.catalog, info, memory.payloads, config.preview, search && latestSearch(search)),
      searchFiles,
      redirects,
      loaded.widgets.files,
      view.assets.files,
      search?.files ?? new Map(),
    ],
    new Set(pages.map((page) => page.outputPath)),
    config.root,
    problems,
  );
  if (files.has(HEADERS_FILE)) {
    problems.add('output/public-collision', `public/${HEADERS_FILE} has the path of a file the build generates`, {
      file: path.join(config.root, 'public', HEADERS_FILE),
      hint: 'remove it: the build writes the security headers from what the pages contain (docs/security.md)',
    });
  }
  placeImageProblems(run, plan, view, problems);
  problems.throwIfAny();
  const otherPages = [...files].filter(([name]) => name.endsWith('.html'));
  const { inline, scanner } = rendered;
  for (const sources of await Promise.all(otherPages.map(([, bytes]) => scanner.inlineSources(textOf(bytes))))) {
    inline.add(sources);
  }
  const allowed = inline.toSources();
  run.timings.lap('build artifacts');
  // Every page is read: the rasters they show are encoded (or come from the cache), no others.
  const images = await view.images.encodeShown(new Set(allowed.encodedImages));
  for (const [url, why] of images.undecodable) {
    problems.add('images/unreadable', `image ${url} cannot be read: ${why}`, { file: path.join(config.root, 'public', url), hint: 'save it again as PNG, JPEG, WebP, AVIF, GIF or SVG' });
  }
  const all = mergeOutputs([files, images.files], new Set(pages.map((page) => page.outputPath)), config.root, problems);
  problems.throwIfAny();
  run.timings.lap(images.encoded ? `encode images (${images.encoded} encoded)` : 'encode images');
  const headers = securityHeaders(site, allowed);
  all.set(HEADERS_FILE, headersFile(headers));
  return { files: all, headers, allowed, images: { encoded: images.encoded, reused: images.reused } };
}

/** One map of the output files besides the pages; a file of `public/` may not replace a generated one. */
function mergeOutputs(groups: OutputFiles[], pages: ReadonlySet<string>, root: string, problems: Problems): OutputFiles {
  const files: OutputFiles = new Map();
  for (const group of groups) {
    for (const [name, content] of group) {
      if (files.has(name) || pages.has(name)) {
        problems.add('output/public-collision', `public/${name} has the path of a file the build generates`, {
          file: path.join(root, 'public', name),
          hint: 'rename or remove it: pages, payloads and build files are generated',
        });
      }
      files.set(name, compactContents(content));
    }
  }
  return files;
}

