import path from 'node:path';
import { buildArtifacts, buildAssets, buildSearchFiles } from './artifacts/build-artifacts';
import type { OutputFiles } from './base/output-paths';
import { contentDigest, type BuildInfo } from './artifacts/build-info';
import { buildTime, lastCommitTime } from './config/build-time';
import { resolveOptions, type UserOptions } from './config/options';
import { buildIdOf, pageConfigHash, pageConfigOf, releaseOf, renderInputFrom } from './render/page-config';
import { frontMatterOnly, linkData, parseContent, splitContent, validateContent, type ContentArrival, type FrontMatterTexts, type KnownContent } from './markdown/content';
import { BuildSession, fingerprint } from './cache/build-session';
import { contentHash } from './base/content-hash';
import { BuildFailure, Problems } from './diagnostics/diagnostic';
import { bundleTemplates, importTemplates, loadTemplates, moduleIsIntact, templatesDirOf } from './bundle/load-templates';
import { cachedBundle } from './bundle/bundle-cache';
import type { MarkdownStage } from './markdown/markdown-stage';
import { onThisThread, startMarkdownThreads } from './scale/markdown-workers';
import { leanHeaps } from './scale/heaps';
import { scalePolicy, type ScalePolicy } from './scale/scale-policy';
import { readAheadFolder } from './scale/markdown-worker-start';
import { CLIENT_MESSAGE_PREFIX, parseMessages, type MessageCatalog } from './messages/messages';
import { BUNDLED_TEMPLATES_DIR, BUNDLED_WIDGETS_DIR, CACHE_IDENTITY, ENGINE_VERSION } from './config/package-info';
import { bundleWidgets, islandNames, widgetsDirOf } from './bundle/bundle-widgets';
import { feedLinks, planFeeds } from './artifacts/feeds';
import { planPages, type PagePlan } from './plan/plan-pages';
import { startPageWorkers } from './scale/page-workers';
import { countContentFiles, readSources, refreshSources, withoutContentTexts, type SiteSources, type SourceText } from './read/read-sources';
import { renderErrorPages, renderPages, type PageSink, type PageWorkers } from './render/render-pages';
import { checkRouteTemplates, parseRouteTable, restoreRoutes } from './plan/route-table';
import { shareImageOf } from './render/share-image';
import { parseSiteSettings, type SiteSettings } from './config/site-settings';
import { parseYamlData } from './read/yaml-source';
import { Output, type WriteStats } from './write/write-output';
import { BuildCache } from './cache/build-cache';
import { lostUrlWarnings, planRedirects } from './plan/plan-redirects';
import { isRemote, readPreviousBuild } from './plan/previous-build';
import { redirectFiles } from './artifacts/redirect-output';
import { parseRedirectsFile } from './plan/redirects-file';
import { warning, type Diagnostic } from './diagnostics/diagnostic';
import { CacheDamaged } from './cache/cache-file';
import type { ResolvedOptions } from './config/options';
import { InlineSourceSet, sharedStylesheetReader } from './artifacts/inline-sources';
import { securityHeaders, type Header } from './artifacts/security-headers';
import { HEADERS_FILE, headersFile } from './artifacts/header-formats';

/** What a caller of `build()` may say; everything is optional. */
export interface BuildOptions extends UserOptions {
  /** Keeps work between builds of one process (watch mode): see BuildSession. */
  session?: BuildSession;
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
  warnings: Diagnostic[];
  /** Milliseconds spent in each stage, in order. */
  timings: ReadonlyArray<readonly [stage: string, ms: number, residentMb: number]>;
  /** Where the work ran (`parallel`): worker threads, reading ahead, the large-build path. */
  threads: { markdownWorkers: number; readAhead: boolean; largeBuild: boolean; pageWorkers: number };
}

/**
 * Builds the site. The stages run in this order; each takes plain data and returns plain data,
 * collecting errors so a build reports all it found. Nothing is written unless every stage
 * succeeded.
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const config = resolveOptions(options, options.session !== undefined);
  try {
    return await buildWith(config, options.session, 'use');
  } catch (error) {
    if (!(error instanceof CacheDamaged)) throw error;
    // Found damaged while in use: the same build again, on an empty cache written anew.
    const result = await buildWith(config, options.session, 'replace');
    result.warnings.unshift(warning('cache/damaged', `the build cache was damaged (${error.message}): built without it, and wrote it again`));
    return result;
  }
}

/** One build with its options resolved; `cacheMode` 'replace' starts from an empty persistent cache. */
async function buildWith(config: ResolvedOptions, session: BuildSession | undefined, cacheMode: 'use' | 'replace'): Promise<BuildResult> {
  const { root, outDir, cacheDir } = config;
  const warnings: Diagnostic[] = [];
  // Stack traces of templates point at their TSX lines.
  process.setSourceMapsEnabled(true);
  const problems = new Problems();
  const timings = stopwatch();

  // 1. Start what works beside this thread: the Markdown worker loads (and reads ahead), esbuild
  //    bundles the templates in its own process. Then read the sources.
  const writing = config.write;
  // Builds that write keep a cache between runs (`.sitegen-cache/`); watch mode keeps its own.
  const persistent = config.persistentCache;
  // Without a cache, every body is rendered: the Markdown worker reads the content ahead.
  const policy = scalePolicy(config.parallel);
  const readAhead = readAheadFolder(root, persistent, policy);
  const markdown = session ? onThisThread(session.markdown) : startMarkdownThreads(policy, readAhead);
  const templatesDir = templatesDirOf(root, BUNDLED_TEMPLATES_DIR);
  const loadingTemplates = () =>
    persistent
      ? cachedBundle(path.join(cacheDir, 'templates.bin'), `${CACHE_IDENTITY}\0${templatesDir}`, () => bundleTemplates(templatesDir, cacheDir), moduleIsIntact).then(importTemplates)
      : loadTemplates(templatesDir, cacheDir);
  const templatesLoading = settle(session ? session.reuse('templates', templatesDir, loadingTemplates, (loaded) => loaded.inputs) : loadingTemplates());
  const cacheLoading = persistent ? BuildCache.load(cacheDir, CACHE_IDENTITY, cacheMode === 'replace') : undefined;
  // The build's time comes from git unless SOURCE_DATE_EPOCH says otherwise.
  const commitTime = session?.commitTime ?? (config.overrides.timestamp !== undefined ? Promise.resolve(undefined) : lastCommitTime(root));
  if (session) session.commitTime = commitTime;
  const outputOpening = writing ? settle(Output.open(outDir)) : undefined;
  // Read before anything is written: the live output is the previous build until the swap.
  const { previous: previousFrom } = config;
  const previousReading = settle(
    previousFrom === false ? Promise.resolve(undefined) : readPreviousBuild(isRemote(previousFrom.from) ? previousFrom.from : path.resolve(root, previousFrom.from), previousFrom.isDefault),
  );
  let pageWorkers: PageWorkers | undefined;
  try {
    // A cold build of a large site (every body to render) keeps lean heaps from the start.
    if (!session && readAhead) leanHeaps(countContentFiles(root));
    // A cache may know the content files: their texts are decoded only when read (`ContentSource`).
    const decode = readAhead ? 'now' : 'when-read';
    // Watch mode parses again only what changed.
    const once = <T>(name: string, key: string, compute: () => T): T => (session ? session.memo(name, key, problems, compute) : compute());
    // The settings (site.yaml after the environment's overrides) come first: their limits
    // decide which Markdown files are read at all.
    const settingsOf = (file: SourceText) => once('site', `${file.text}\0${config.overrides.backendUrl ?? ''}`, () => parseSiteSettings(file.text, file.path, problems, config.overrides));
    const { sources, site, frontMatters, cache, known, keys, large } = await readAndSendContent(root, session, cacheLoading, markdown, problems, decode, settingsOf, warnings, policy);
    if (cache?.discarded) warnings.push(warning('cache/discarded', cache.discarded));
    timings.lap(large ? 'read sources (large build)' : 'read sources');

    // 2. Parse and validate messages and the route table.
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
      const key = `${CACHE_IDENTITY}\0${widgetsDir}\0${islandNames(widgetsDir).join()}\0${JSON.stringify(fallbackMessages)}`;
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

    // 6. What every page renders from: one view of the configuration, the stages' results and
    //    the hashes of their sources (page-config.ts). Its hash starts every page's fingerprint.
    const committed = await commitTime;
    // Watch mode keeps its first build's time.
    const sourceFiles = () => [sources.routes, sources.site, ...sources.locales.values(), ...sources.content.values()].flatMap((file) => (file ? [file.path] : []));
    const time = session ? once('build time', 'dev', () => buildTime(config.overrides.timestamp, committed, sourceFiles)) : buildTime(config.overrides.timestamp, committed, sourceFiles);
    const assets = buildAssets(templates.css, sources.publicFiles);
    // Templates decide which pages stay out of search results and which pages feeds list.
    const definitionOf = (page: PagePlan) => templates.module.templates[page.template]!;
    const indexed = (page: PagePlan) => !definitionOf(page).noindex;
    const feeds = planFeeds(pages, (page) => definitionOf(page).feed === true, problems);
    const shareImage = shareImageOf(site!, sources.publicFiles, sources.site!, problems);
    await stopIfAny();
    const pageConfig = pageConfigOf({
      engine: ENGINE_VERSION,
      settings: site!,
      year: new Date(time.timestamp).getUTCFullYear(),
      dev: session !== undefined,
      routes: { value: routes!, text: sources.routes!.text },
      messages: { value: catalog!, texts: [...sources.locales.values()].map((file) => file.text) },
      templates,
      widgets,
      stylesheet: assets.stylesheet,
      shareImage,
      publicFiles: sources.publicFiles,
      hashBytes: contentHash,
    });
    const release = releaseOf(pageConfig);
    const info: BuildInfo = {
      // Watch mode keeps one build id, so an edit changes only the pages that show it.
      id: session
        ? 'dev'
        : buildIdOf(pageConfig, {
            timestamp: time.timestamp,
            contentDigest: contentDigest(sources.content),
            redirectRules: sources.redirects?.text ?? '',
            redirects: { redirects: [...redirects!.redirects], lost: [...redirects!.lost] },
          }),
      release,
      timestamp: time.timestamp,
    };
    const renderInput = renderInputFrom(pageConfig, release, {
      content,
      feeds,
      feedLinks: feedLinks(feeds, { content, companyName: site!.company.name }),
      arrival: markdown.fillsCores() ? afterAll(arrival.all) : arrival,
    });
    const inputs = { sources, split: frontMatters, content, routes: routes! };
    const output = outputOpening && (await settledOrErrors(outputOpening, problems));
    const everything = pageConfigHash(pageConfig);
    const reuse = session?.pageReuse(inputs, everything) ?? (cache && output && cache.pageReuse(inputs, everything, (file, hash) => output.holds(file, hash)));

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
    const pageWorkerCount = session ? 0 : policy.pageWorkersFor(pages.length, markdown.fillsCores());
    if (pageWorkerCount > 0) {
      pageWorkers = startPageWorkers(templates.moduleFile, pageWorkerCount);
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
        problems.add('output/public-collision', `public/${HEADERS_FILE} has the path of a file the build generates`, {
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
      // What the standby copy holds is only a help to the next build: failing to record it must
      // never hide this build's own error.
      await output?.abandon().catch(() => undefined);
      throw error;
    }
    if (cache) {
      cache.rememberRoutes(routesFile.text, routes!);
      cache.rememberContent(routes!, content, frontMatters, keys, templates.hash, arrival.warnings);
      cache.keepPages(new Set(pages.map((page) => page.outputPath)));
      await cache.save();
    }
    timings.lap('write');
    const redirected = new Map([...redirects!.redirects].map(([from, { to }]) => [from, to]));
    // What the Markdown warned of, in file order (a cached body warns as it did when it rendered).
    for (const file of [...arrival.warnings.keys()].sort()) warnings.push(...arrival.warnings.get(file)!.map((found) => warning(found.code, found.message, found)));
    warnings.push(...lostUrlWarnings(redirects!));
    const threads = { markdownWorkers: markdown.workerCount(), readAhead: readAhead !== undefined && markdown.workerCount() > 0, largeBuild: large, pageWorkers: pageWorkers?.count ?? 0 };
    return { ...info, outDir, pages, files, unchanged, headers, written, redirects: redirected, warnings, timings: timings.laps, threads };
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
  settingsOf: (file: SourceText) => SiteSettings | undefined,
  warnings: Diagnostic[],
  policy: ScalePolicy,
) {
  const read =
    session?.sources && session.changed
      ? await refreshSources(session.sources, session.changed, problems)
      : await readSources(root, problems, decode);
  if (session) session.sources = read;
  problems.throwIfAny();
  const site = settingsOf(read.site!);
  // A Markdown file over the size limit is not sent to be rendered: the build fails on it.
  const tooLarge = site ? checkContentSizes(read.content, site.limits, problems, warnings) : new Set<string>();
  // What the persistent cache knows needs no Markdown work, and its files are not even split.
  const cache = await cacheLoading;
  const { known, keys } = cache?.knownContent(read.content, read.routes?.text ?? '') ?? { known: new Map<string, KnownContent>(), keys: new Map<string, string>() };
  const split = splitContent(tooLarge.size > 0 ? new Map([...read.content].filter(([file]) => !tooLarge.has(file))) : read.content, problems, session?.splits, new Set(known.keys()));
  // Markdown parsing needs nothing else: it starts now, beside the next stages.
  const jobs = [...split.values()].filter((entry) => !known.has(entry.job.key)).map((entry) => entry.job);
  markdown.parse(jobs);
  const large = !session && policy.isLarge(jobs.length);
  const frontMatters: FrontMatterTexts = large ? frontMatterOnly(split) : split;
  return { sources: large ? withoutContentTexts(read) : read, site, frontMatters, cache, known, keys, large };
}

/**
 * Markdown files over `limits.markdownMaxSize` are errors, over `markdownWarnSize` warnings:
 * a body that large is a mistake (a pasted export, a binary), and slow to render.
 */
function checkContentSizes(content: SiteSources['content'], limits: SiteSettings['limits'], problems: Problems, warnings: Diagnostic[]): Set<string> {
  const tooLarge = new Set<string>();
  for (const [name, source] of content) {
    if (source.size > limits.markdownMaxSize) {
      tooLarge.add(name);
      problems.add('content/too-large', `the file is ${formatSize(source.size)}, over the limit of ${formatSize(limits.markdownMaxSize)} for a Markdown file`, {
        file: source.path,
        hint: 'split it into several pages, or raise limits.markdownMaxSize in content/site.yaml',
      });
    } else if (source.size > limits.markdownWarnSize) {
      warnings.push(
        warning('content/large', `the file is ${formatSize(source.size)}, over ${formatSize(limits.markdownWarnSize)}: large pages are slow to build and to load`, {
          file: source.path,
          line: 1,
          column: 1,
          hint: 'split it into several pages, or raise limits.markdownWarnSize in content/site.yaml',
        }),
      );
    }
  }
  return tooLarge;
}

function formatSize(bytes: number): string {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : bytes >= 1e3 ? `${(bytes / 1e3).toFixed(1)} KB` : `${bytes} bytes`;
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
        problems.add('output/public-collision', `public/${name} has the path of a file the build generates`, {
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
