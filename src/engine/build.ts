import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { buildArtifacts, buildAssets, buildSearchFiles, type OutputFiles } from './build-artifacts';
import { computeBuildInfo, lastCommitTime, type BuildInfo } from './build-info';
import { frontMatterOnly, linkData, parseContent, splitContent, validateContent, type ContentArrival, type FrontMatterTexts, type KnownContent } from './content';
import { BuildSession, fingerprint } from './build-session';
import { BuildFailure, Problems } from './errors';
import { bundleTemplates, importTemplates, loadTemplates, templatesDirOf } from './load-templates';
import { cachedBundle } from './bundle-cache';
import { isLargeMarkdown, leanHeaps, startMarkdownStage, type MarkdownStage } from './markdown-jobs';
import { CACHE_DIR, readAheadFolder } from './markdown-worker-start';
import { CLIENT_MESSAGE_PREFIX, parseMessages, type MessageCatalog } from './messages';
import { BUNDLED_TEMPLATES_DIR, BUNDLED_WIDGETS_DIR, CACHE_VERSION, ENGINE_VERSION } from './package-info';
import { bundleWidgets, islandNames, widgetsDirOf } from './bundle-widgets';
import { feedLinks, planFeeds } from './feeds';
import { planPages, type PagePlan } from './plan-pages';
import { PAGES_FOR_WORKERS, startPageWorkers, type PageWorkers } from './page-workers';
import { countContentFiles, readSources, refreshSources, withoutContentTexts } from './read-sources';
import { renderErrorPages, renderPages, type PageSink } from './render-pages';
import { checkRouteTemplates, parseRouteTable, restoreRoutes } from './route-table';
import { shareImageOf } from './share-image';
import { BACKEND_URL_ENV, parseSiteSettings } from './site-settings';
import { parseYamlData } from './yaml-source';
import type { Assets as BuildAssets } from './template-api';
import { Output, type WriteStats } from './write-output';
import { BuildCache } from './build-cache';
import { lostUrlWarnings, planRedirects } from './plan-redirects';
import { isRemote, readPreviousBuild } from './previous-build';
import { redirectFiles } from './redirect-output';
import { parseRedirectsFile } from './redirects-file';
import type { BuildWarning } from './warnings';
import { InlineSourceSet, sharedStylesheetReader } from './inline-sources';
import { securityHeaders, type Header } from './security-headers';
import { HEADERS_FILE, headersFile } from './header-formats';

export interface BuildOptions {
  /** The site folder (route table, content, locales). Default: the current directory. */
  root?: string;
  /** The output folder. Default: `dist` under the root. */
  out?: string;
  /** false renders into memory only and leaves the output folder alone (tests, checks). */
  write?: boolean;
  /** Keeps work between builds of one process (watch mode): see BuildSession. */
  session?: BuildSession;
  /**
   * false builds without the persistent cache in `.sitegen-cache/` (neither read nor written).
   * Only builds that write use it.
   */
  cache?: boolean;
  /**
   * The earlier build whose URLs this one must keep answering (docs/redirects.md): an output
   * folder or the URL of the published site. Default: the output folder as it is before this
   * build, for a build that writes. false: none.
   */
  previous?: string | false;
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
  /** What writing did; undefined when nothing was written. */
  written: WriteStats | undefined;
  /** Old URLs this build redirects: URL -> the page it leads to. */
  redirects: ReadonlyMap<string, string>;
  /** What works but loses something: URLs of an earlier build that now lead nowhere. */
  warnings: BuildWarning[];
  /** Milliseconds spent in each stage, in order. */
  timings: ReadonlyArray<readonly [stage: string, ms: number, residentMb: number]>;
}

/**
 * Builds the site. The stages run in this order; each takes plain data and returns plain data,
 * collecting errors so a build reports all it found. Nothing is written unless every stage
 * succeeded.
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const root = path.resolve(options.root ?? '.');
  const outDir = path.resolve(root, options.out ?? 'dist');
  // Stack traces of templates point at their TSX lines.
  process.setSourceMapsEnabled(true);
  const problems = new Problems();
  const timings = stopwatch();

  // 1. Start what works beside this thread: the Markdown worker loads (and reads ahead), esbuild
  //    bundles the templates in its own process. Then read the sources.
  const { session } = options;
  const writing = options.write !== false;
  // Builds that write keep a cache between runs (`.sitegen-cache/`); watch mode keeps its own.
  const persistent = writing && !session && options.cache !== false;
  const cacheDir = path.join(root, CACHE_DIR);
  // Without a cache, every body is rendered: the Markdown worker reads the content ahead.
  const readAhead = readAheadFolder(root, persistent);
  const markdown = session?.markdown ?? startMarkdownStage(readAhead);
  const templatesDir = templatesDirOf(root, BUNDLED_TEMPLATES_DIR);
  const loadingTemplates = () =>
    persistent
      ? cachedBundle(path.join(cacheDir, 'templates.bin'), `${CACHE_VERSION}\0${templatesDir}`, () => bundleTemplates(templatesDir, cacheDir), (bundled) => existsSync(bundled.moduleFile)).then(importTemplates)
      : loadTemplates(templatesDir, cacheDir);
  const templatesLoading = settle(session ? session.reuse('templates', templatesDir, loadingTemplates, (loaded) => loaded.inputs) : loadingTemplates());
  const cacheLoading = persistent ? BuildCache.load(cacheDir, CACHE_VERSION) : undefined;
  // The build's time comes from git unless SOURCE_DATE_EPOCH says otherwise.
  const commitTime = session?.commitTime ?? (process.env.SOURCE_DATE_EPOCH ? Promise.resolve(undefined) : lastCommitTime(root));
  if (session) session.commitTime = commitTime;
  const outputOpening = writing ? settle(Output.open(outDir)) : undefined;
  // Read before anything is written: the live output is the previous build until the swap.
  const previousFrom = options.previous ?? (writing && !session ? outDir : false);
  const previousReading = settle(
    previousFrom === false ? Promise.resolve(undefined) : readPreviousBuild(isRemote(previousFrom) ? previousFrom : path.resolve(root, previousFrom), options.previous === undefined),
  );
  let pageWorkers: PageWorkers | undefined;
  try {
    // A cold build of a large site (every body to render) keeps lean heaps from the start.
    if (!session && readAhead) leanHeaps(countContentFiles(root));
    // A cache may know the content files: their texts are decoded only when read (`ContentSource`).
    const decode = readAhead ? 'now' : 'when-read';
    const { sources, frontMatters, cache, known, keys, large } = await readAndSendContent(root, session, cacheLoading, markdown, problems, decode);
    // Watch mode parses again only what changed.
    const once = <T>(name: string, key: string, compute: () => T): T => (session ? session.memo(name, key, problems, compute) : compute());
    timings.lap(large ? 'read sources (large build)' : 'read sources');

    // 2. Parse and validate settings, messages and the route table.
    const site = once('site', `${sources.site!.text}\0${process.env[BACKEND_URL_ENV] ?? ''}`, () =>
      parseSiteSettings(sources.site!.text, sources.site!.path, problems),
    );
    const catalog = once('messages', [...sources.locales.values()].map((file) => file.text).join('\0'), () => parseMessages(sources.locales, problems));
    // A route table read before (the persistent cache) is not parsed and validated again.
    const routesFile = sources.routes!;
    const routes = once('routes', routesFile.text, () => {
      const known = cache?.knownRoutes(routesFile.text);
      return known ? restoreRoutes(known, routesFile.text, routesFile.path) : parseRouteTable(routesFile.text, routesFile.path, problems);
    });
    problems.throwIfAny();
    timings.lap('parse settings, messages, routes');

    // The browser bundle builds in esbuild's process while the main thread parses content.
    const widgetsDir = widgetsDirOf(root, BUNDLED_WIDGETS_DIR);
    const fallbackMessages = englishWidgetMessages(catalog!);
    const bundlingWidgets = () => {
      const generatedDir = path.join(cacheDir, 'widgets');
      if (session) return session.widgetBundler(widgetsDir, generatedDir).bundle(fallbackMessages);
      if (!persistent) return bundleWidgets(widgetsDir, fallbackMessages, generatedDir);
      // A new island file changes the bundle without changing any file it was made from.
      const key = `${CACHE_VERSION}\0${widgetsDir}\0${islandNames(widgetsDir).join()}\0${JSON.stringify(fallbackMessages)}`;
      return cachedBundle(path.join(cacheDir, 'widgets.bin'), key, async () => {
        const bundle = await bundleWidgets(widgetsDir, fallbackMessages, generatedDir);
        return { value: bundle, inputs: bundle.inputs };
      });
    };
    const widgetsBundling = settle(
      session ? session.reuse(`widgets:${fingerprint(JSON.stringify(fallbackMessages))}`, widgetsDir, bundlingWidgets) : bundlingWidgets(),
    );

    // 3. Plan every page: route x locale x URL form, output paths, alternates.
    const pages = once('plan', sources.routes!.text, () => planPages(routes!, problems));
    problems.throwIfAny();
    // Every URL of the previous build leads to a page of this one, or is reported lost.
    const rules = sources.redirects ? once('redirect rules', sources.redirects.text, () => parseRedirectsFile(sources.redirects!.text, sources.redirects!.path, problems)) : [];
    const previous = await settledOrErrors(previousReading, problems);
    const redirects = rules && planRedirects(pages, rules, previous, problems);
    problems.throwIfAny();
    timings.lap('plan pages, redirects');

    // 4. Parse the front matter of every route in every locale; the Markdown bodies arrive
    //    from the workers from here on, and pages render as theirs arrive (step 7).
    const arrival = await parseContent(
      routes!,
      pages,
      frontMatters,
      markdown,
      problems,
      (text, file) => once(`front matter ${file}`, text, () => parseYamlData(text, file, problems)),
      once('links', sources.routes!.text, () => linkData(routes!, pages)),
      known,
      cache?.streamBodies(),
    );
    const parsed = arrival.content;
    // A build that stops before its pages still reports the Markdown's own errors with the rest.
    const stopIfAny = async () => {
      if (problems.errors.length === 0) return;
      await arrival.all;
      problems.throwIfAny();
    };
    timings.lap('parse front matter');

    // 5. With the templates and widgets bundled, check template names and each template's front matter.
    const templates = await settledOrErrors(templatesLoading, problems);
    const widgets = await settledOrErrors(widgetsBundling, problems);
    checkRouteTemplates(routes!, Object.keys(templates.module.templates), problems);
    const content = validateContent(routes!, parsed, templates.module.templates, problems, session?.validated, templates.hash);
    await stopIfAny();
    timings.lap('load templates, validate content');

    // 6. What every page renders from.
    const committed = await commitTime;
    const computeInfo = () => computeBuildInfo(sources, {
      engineVersion: ENGINE_VERSION,
      templatesHash: templates.hash,
      widgetsHash: widgets.hash,
      css: templates.css,
      commitTime: committed,
    });
    // Watch mode keeps one build id (and the first build's time), so an edit changes only the
    // pages that show it.
    const info = session ? once('build info', 'dev', () => ({ ...computeInfo(), id: 'dev', release: 'dev' })) : computeInfo();
    const assets = buildAssets(templates.css, sources.publicFiles);
    // Templates decide which pages stay out of search results and which pages feeds list.
    const definitionOf = (page: PagePlan) => templates.module.templates[page.template]!;
    const indexed = (page: PagePlan) => !definitionOf(page).noindex;
    const feeds = planFeeds(pages, (page) => definitionOf(page).feed === true, problems);
    const shareImage = shareImageOf(site!, sources.publicFiles, sources.site!, problems);
    await stopIfAny();
    const renderInput = {
      routes: routes!,
      content,
      catalog: catalog!,
      site: site!,
      templates: templates.module,
      assets: {
        stylesheet: assets.stylesheet,
        loader: widgets.loader,
        scripts: widgets.scripts as BuildAssets['scripts'],
        islands: widgets.islands,
        shareImage,
      },
      build: { release: info.release, year: new Date(info.timestamp).getUTCFullYear() },
      dev: session !== undefined,
      templateFiles: templates.inputs,
      feeds,
      feedLinks: feedLinks(feeds, { content, companyName: site!.company.name }),
      arrival: markdown.fillsCores() ? afterAll(arrival.all) : arrival,
    };
    const inputs = { sources, split: frontMatters, content, routes: routes! };
    const output = outputOpening && (await settledOrErrors(outputOpening, problems));
    const reuse =
      session?.pageReuse({
        ...inputs,
        everything: [templates.hash, widgets.hash, templates.css, sources.site!.text, sources.routes!.text, JSON.stringify(shareImage ?? null), ...sources.publicFiles.keys()],
      }) ??
      (cache && output && cache.pageReuse(inputs, fingerprint(info.release, String(renderInput.build.year), JSON.stringify(shareImage ?? null)), (file, hash) => output.holds(file, hash)));

    // 7. Render every page into the output, each as soon as its Markdown is there. A writing
    //    build streams each page into the standby copy as it is rendered (see write-output.ts),
    //    so no build holds every page at once. What each page contains that the security policy
    //    must allow is gathered on the way; the Markdown worker, idle by then, reads the pages
    //    while this thread renders the next.
    const inline = new InlineSourceSet();
    const scanner = {
      inlineSources: sharedStylesheetReader('inline' in assets.stylesheet ? assets.stylesheet.inline : undefined, (html) => markdown.inlineSources(html)),
      scanHere: (until?: Promise<unknown>) => markdown.scanHere(until),
    };
    const unchanged = new Map<string, string>();
    const rendered: OutputFiles = new Map();
    const sink: PageSink = output
      ? {
          page: (plan, html, hash) => output.put(plan.outputPath, html, hash),
          unchanged(plan, hash) {
            unchanged.set(plan.outputPath, hash);
            return output.keep(plan.outputPath, hash);
          },
          allow: (sources) => inline.add(sources),
        }
      : {
          page: (plan, html) => void rendered.set(plan.outputPath, html),
          unchanged() {},
          allow: (sources) => inline.add(sources),
        };
    let headers: Header[] = [];
    let written: WriteStats | undefined;
    let files: OutputFiles;
    // A large site's pages wait for all of its Markdown: then they render on a worker per core.
    if (!session && markdown.fillsCores() && availableParallelism() > 1 && pages.length >= PAGES_FOR_WORKERS) {
      pageWorkers = startPageWorkers(templates.moduleFile);
      if (pageWorkers) markdown.pagesReadElsewhere();
    }
    await output?.begin();
    try {
      await renderPages(pages, renderInput, problems, sink, reuse, scanner, pageWorkers);
      // Their heaps go now, not at the end of the build.
      pageWorkers?.close();
      problems.throwIfAny();
      timings.lap(pageWorkers ? `render pages (on ${pageWorkers.count} workers)` : 'render pages');

      // 8. The error pages, JSON artifacts (payloads carry each page's headings), sitemap and
      //    feeds, and assets; the error pages and HTML files of public/ are read for the policy too.
      files = mergeOutputs(
        [
          renderErrorPages(renderInput, problems, reuse),
          buildArtifacts(pages, content, catalog!, info, session?.payloads),
          buildSearchFiles(pages, feeds, { content, siteUrl: site!.url, companyName: site!.company.name, timestamp: info.timestamp, indexed }),
          redirectFiles(redirects!, site!, catalog!),
          widgets.files,
          assets.files,
        ],
        new Set(pages.map((page) => page.outputPath)),
        root,
        problems,
      );
      if (files.has(HEADERS_FILE)) {
        problems.add(`public/${HEADERS_FILE} has the path of a file the build generates`, {
          file: path.join(root, 'public', HEADERS_FILE),
          hint: 'remove it: the build writes the security headers from what the pages contain (docs/security.md)',
        });
      }
      problems.throwIfAny();
      const otherPages = [...files].filter(([name]) => name.endsWith('.html'));
      for (const sources of await Promise.all(
        otherPages.map(([, bytes]) => scanner.inlineSources(typeof bytes === 'string' ? bytes : Buffer.from(bytes).toString('utf8'))),
      )) {
        inline.add(sources);
      }
      headers = securityHeaders(site!, inline.toSources());
      files.set(HEADERS_FILE, headersFile(headers));
      timings.lap('build artifacts');
      if (output) {
        for (const [name, bytes] of files) await output.put(name, bytes);
        written = await output.commit();
      }
      for (const [name, html] of rendered) files.set(name, html);
    } catch (error) {
      await output?.abandon();
      throw error;
    }
    if (cache) {
      cache.rememberRoutes(routesFile.text, routes!);
      cache.rememberContent(routes!, content, frontMatters, keys, templates.hash);
      cache.keepPages(new Set(pages.map((page) => page.outputPath)));
      await cache.save();
    }
    timings.lap('write');
    const redirected = new Map([...redirects!.redirects].map(([from, { to }]) => [from, to]));
    return { ...info, outDir, pages, files, unchanged, headers, written, redirects: redirected, warnings: lostUrlWarnings(redirects!), timings: timings.laps };
  } finally {
    if (!session) markdown.close();
    pageWorkers?.close();
    // A build that failed leaves no pack of its bodies (one that succeeded has named it).
    void cacheLoading?.then((cache) => cache.abandonStream());
    // A build that failed early must not leave the bundling to fail unobserved.
    await templatesLoading;
  }
}

/**
 * Step 1's reading: the sources, split, and every body the persistent cache does not know sent
 * to the Markdown stage. From here on a large build keeps no Markdown text on this thread: the
 * workers have the bodies, the build id takes the hashes of their bytes, and the front matter is
 * copied out (110 MB less at 10,000 articles x 3). A function of its own, so that no variable
 * of the suspended build keeps the texts.
 */
async function readAndSendContent(
  root: string,
  session: BuildSession | undefined,
  cacheLoading: Promise<BuildCache> | undefined,
  markdown: MarkdownStage,
  problems: Problems,
  decode: 'now' | 'when-read',
) {
  const read =
    session?.sources && session.changed
      ? await refreshSources(session.sources, session.changed, problems)
      : await readSources(root, problems, decode);
  if (session) session.sources = read;
  problems.throwIfAny();
  // What the persistent cache knows needs no Markdown work, and its files are not even split.
  const cache = await cacheLoading;
  const { known, keys } = cache?.knownContent(read.content, read.routes?.text ?? '') ?? { known: new Map<string, KnownContent>(), keys: new Map<string, string>() };
  const split = splitContent(read.content, problems, session?.splits, new Set(known.keys()));
  // Markdown parsing needs nothing else: it starts now, beside the next stages.
  const jobs = [...split.values()].filter((entry) => !known.has(entry.job.key)).map((entry) => entry.job);
  markdown.parse(jobs);
  const large = !session && isLargeMarkdown(jobs.length);
  const frontMatters: FrontMatterTexts = large ? frontMatterOnly(split) : split;
  return { sources: large ? withoutContentTexts(read) : read, frontMatters, cache, known, keys, large };
}

/** Arrival for pages that wait until every Markdown body is there. */
function afterAll(all: Promise<void>): Pick<ContentArrival, 'ready' | 'all'> {
  let done = false;
  void all.then(() => (done = true));
  return { ready: () => (done ? undefined : all), all };
}

/** One map of the output files besides the pages; a file of `public/` may not replace a generated one. */
function mergeOutputs(groups: OutputFiles[], pages: ReadonlySet<string>, root: string, problems: Problems): OutputFiles {
  const files: OutputFiles = new Map();
  for (const group of groups) {
    for (const [name, content] of group) {
      if (files.has(name) || pages.has(name)) {
        problems.add(`public/${name} has the path of a file the build generates`, {
          file: path.join(root, 'public', name),
          hint: 'rename or remove it: pages, payloads and build files are generated',
        });
      }
      files.set(name, content);
    }
  }
  return files;
}

/** Holds a promise's outcome so a failure is not "unhandled" while other stages run. */
function settle<T>(promise: Promise<T>): Promise<{ value: T } | { error: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

/** English widget messages, built into the browser bundle for when messages cannot load. */
function englishWidgetMessages(catalog: MessageCatalog): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [key, message] of catalog.en) if (key.startsWith(CLIENT_MESSAGE_PREFIX)) messages[key] = message.text;
  return messages;
}

/** A bundle's result (or the opened output folder); errors in it join the errors found so far, reported together. */
async function settledOrErrors<T>(loading: Promise<{ value: T } | { error: unknown }>, problems: Problems): Promise<T> {
  const outcome = await loading;
  if ('value' in outcome) return outcome.value;
  if (outcome.error instanceof BuildFailure) for (const error of outcome.error.errors) problems.push(error);
  problems.throwIfAny();
  throw outcome.error;
}

/** Each stage's time, and the process's resident memory (all threads) as it ends. */
function stopwatch() {
  const laps: Array<[string, number, number]> = [];
  let last = performance.now();
  return {
    laps,
    lap(stage: string) {
      const now = performance.now();
      laps.push([stage, Math.round((now - last) * 10) / 10, Math.round(process.memoryUsage.rss() / 2 ** 20)]);
      last = now;
    },
  };
}
