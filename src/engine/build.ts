import type { BuildInfo } from './artifacts/build-info';
import type { SearchIndexes, SearchLater } from './search/search-index';
import type { Header } from './artifacts/security-headers';
import type { OutputFiles } from './base/output-paths';
import type { BuildSession } from './cache/build-session';
import { CacheDamaged } from './base/sealed-file';
import type { UserOptions } from './config/options';
import { resolveConfig, type ResolvedConfig } from './config/resolve-config';
import { warning, type Diagnostic } from './diagnostics/diagnostic';
import { lostUrlWarnings } from './plan/plan-redirects';
import type { PagePlan } from './plan/plan-pages';
import { artifactsBesideSearch, buildSiteArtifacts } from './steps/artifacts-step';
import { loadContent } from './steps/content-step';
import { parseSite } from './steps/parse-step';
import { planSite } from './steps/plan-step';
import { readSite } from './steps/read-step';
import { recordBuild } from './steps/record-step';
import { pagesToFind, startSearch } from './steps/search-step';
import { renderSite } from './steps/render-step';
import { previewPagesInView, type PagesInView } from './steps/preview-step';
import type { InlineSources } from './artifacts/inline-sources';
import { closeRun, startRun } from './start-run';
import { warnOfOutdatedTranslations } from './steps/translations-step';
import { viewOfPages } from './steps/view-step';
import { intoOutput, keepForNextBuild, writeSite } from './steps/write-step';
import type { WriteStats } from './write/write-output';

/** What a caller of `build()` may say; everything is optional. */
export interface BuildOptions extends UserOptions {
  /** Keeps work between builds of one process (watch mode): see BuildSession. */
  session?: BuildSession;
  /**
   * Leaves the search index out of this build, for the caller to make once the pages are
   * served (`sitegen watch`: an edit shows in its page without waiting for Pagefind): the
   * result's `searchLater` names the pages to index, the files hold them.
   */
  searchLater?: boolean;
  /** Watch mode: the pages open in a browser, rendered first and handed over at once (`steps/preview-step.ts`). */
  inView?: PagesInView;
}

export interface BuildResult extends BuildInfo {
  outDir: string;
  pages: readonly PagePlan[];
  /** The files this build produced; a build that writes streams its pages and keeps only the other files here... */
  files: OutputFiles;
  /** ...and, by hash, the pages it left as the previous output had them (persistent cache). */
  unchanged: ReadonlyMap<string, string>;
  /** The headers every response of the site should carry (also written to `_headers`). */
  headers: readonly Header[];
  /** What the pages contain that the security policy allows (the headers are made from it). */
  allowed: InlineSources;
  /** What writing did; undefined when nothing was written. */
  written: WriteStats | undefined;
  /** Old URLs this build redirects: URL -> the page it leads to. */
  redirects: ReadonlyMap<string, string>;
  /** What works but loses something (a URL that leads nowhere now, raw HTML left out). */
  warnings: Diagnostic[];
  /** Milliseconds spent in each step, in order, and the resident memory after it (not in a watch session). */
  timings: ReadonlyArray<readonly [step: string, ms: number, residentMb: number | undefined]>;
  /** The pages this build rendered, wrote from an earlier build's copy (the cache, a watch session), and left as the output held them. */
  pageCounts: { rendered: number; copied: number; kept: number };
  /** Raster image encodings this build ran, and images whose encodings came from the cache (a warm build encodes none). */
  images: { encoded: number; reused: number };
  /** Each locale's search index (`search.enabled`): the URL of its bundle, its pages and bytes, and the locales this build indexed (the others' were kept). */
  search: Pick<SearchIndexes, 'bundles' | 'shards' | 'stats' | 'indexed' | 'shardsIndexed'> | undefined;
  /** With `searchLater` and search on: what the index is made of, from `files` (`indexLater`). */
  searchLater: SearchLater | undefined;
  /** Where the work ran (`parallel`): worker threads, reading ahead, the large-build path. */
  threads: { markdownWorkers: number; readAhead: boolean; largeBuild: boolean; pageWorkers: number };
}

/**
 * Builds the site. A cache found damaged while in use (`CacheDamaged`) makes the same build
 * run again on an empty cache, with a warning: never a page from damaged bytes.
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const config = await resolveConfig(options, options.session);
  try {
    return await buildWith(config, options, 'use');
  } catch (error) {
    if (!(error instanceof CacheDamaged)) throw error;
    const result = await buildWith(config, options, 'replace');
    result.warnings.unshift(warning('cache/damaged', `the build cache was damaged (${error.message}): built without it, and wrote it again`));
    return result;
  }
}

/**
 * The steps of a build, in the order they run (`steps/`, each a few lines of glue around the
 * stage folders). Each takes the run and what the steps before it made, and returns plain data;
 * errors are collected so that a build reports all it found. Nothing is written unless every
 * step succeeded: pages go into a standby copy of the output, swapped in at the end.
 */
async function buildWith(config: ResolvedConfig, options: BuildOptions, cacheMode: 'use' | 'replace'): Promise<BuildResult> {
  const { session, searchLater = false, inView } = options;
  const run = startRun(config, session, cacheMode); // Markdown threads, bundling, cache, output folder, previous build: beside this thread
  try {
    const read = await readSite(run); // 1. the sources and settings; Markdown sent to its threads
    const parsed = parseSite(run, read); // 2. messages and route table; the widgets start bundling
    warnOfOutdatedTranslations(run, read, parsed); // translations whose source changed since they were marked
    const plan = await planSite(run, read, parsed); // 3. every page, and where old URLs lead
    const loaded = await loadContent(run, read, parsed, plan); // 4. front matter, templates, validation; bodies arriving
    const view = await viewOfPages(run, read, parsed, plan, loaded); // 5. what every page renders from; release and build id
    const toFind = searchLater ? pagesToFind(run, plan, view) : undefined; // (watch: only which pages the search finds)
    const { rendered, artifacts, written, search, record } = await intoOutput(view.output, async () => {
      const first = inView && previewPagesInView(run, loaded, view, inView); // (watch: the pages open in a browser first, served at once)
      const rendered = await renderSite(run, plan, view, loaded.templates.moduleFile, first); // 6. pages into the output as their bodies arrive
      await first?.betweenSteps(); // (watch: requests for the pages served are answered between steps)
      const searching = searchLater ? undefined : await startSearch(run, plan, view, rendered); // 6b. each locale's pages sent to its search index
      const beside = artifactsBesideSearch(run, parsed, plan, loaded, view); // 7a. while Pagefind works: error pages, sitemap, feeds, redirects...
      const keep = () => keepForNextBuild(run, read, parsed, plan, loaded); // ...and what this build learned, for the next one
      const keptBeside = run.execution.keepCache(plan.pages.length) === 'beside-search' ? await keep() : undefined; // (a large site: after step 8)
      const search = await searching?.done;
      const artifacts = await buildSiteArtifacts(run, parsed, plan, loaded, view, rendered, beside, search); // 7b. JSON, headers
      await first?.betweenSteps();
      const written = await writeSite(run, view.output, artifacts.files); // 8. the rest written, the output swapped in
      return { rendered, artifacts, written, search, record: keptBeside ?? (await keep()) };
    });

    // What the Markdown warned of, in file order (a cached body warns as it did when it rendered).
    const { warnings } = loaded.arrival;
    for (const file of [...warnings.keys()].sort()) run.warnings.push(...warnings.get(file)!.map((found) => warning(found.code, found.message, found)));
    run.warnings.push(...lostUrlWarnings(plan.redirects));
    const files = artifacts.files;
    for (const [name, html] of rendered.rendered) files.set(name, html);
    // 9. what the output was made from, for the next build to find nothing changed
    const summary = { pages: plan.pages.length, files: written?.files ?? files.size, redirects: plan.redirects.redirects.size, id: view.info.id, headers: artifacts.headers, warnings: run.warnings };
    await recordBuild(run, record, summary);
    const markdownWorkers = run.threads.workerCount();
    return {
      ...view.info,
      outDir: config.outDir,
      pages: plan.pages,
      files,
      unchanged: rendered.unchanged,
      headers: artifacts.headers,
      allowed: artifacts.allowed,
      written,
      redirects: new Map([...plan.redirects.redirects].map(([from, { to }]) => [from, to])),
      warnings: run.warnings,
      timings: run.timings.laps,
      pageCounts: rendered.counts,
      images: artifacts.images,
      search: search && { bundles: search.bundles, shards: search.shards, stats: search.stats, indexed: search.indexed, shardsIndexed: search.shardsIndexed },
      searchLater: toFind && { pages: toFind.map(({ url, locale, outputPath }) => ({ url, locale, outputPath })), locales: config.site.locales.all, shardPages: config.overrides.searchShardPages },
      threads: { markdownWorkers, readAhead: run.execution.readsAhead && markdownWorkers > 0, largeBuild: read.large, pageWorkers: rendered.pageWorkers },
    };
  } finally {
    await closeRun(run);
  }
}
