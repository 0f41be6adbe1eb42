import path from 'node:path';
import { buildArtifacts, buildAssets, buildSearchFiles, type OutputFiles } from './build-artifacts';
import { computeBuildInfo, type BuildInfo } from './build-info';
import { linkData, parseContent, splitContent, validateContent } from './content';
import { BuildSession, fingerprint } from './build-session';
import { BuildFailure, Problems } from './errors';
import { loadTemplates, templatesDirOf } from './load-templates';
import { startMarkdownStage } from './markdown-jobs';
import { CLIENT_MESSAGE_PREFIX, parseMessages, type MessageCatalog } from './messages';
import { BUNDLED_TEMPLATES_DIR, BUNDLED_WIDGETS_DIR, ENGINE_VERSION } from './package-info';
import { bundleWidgets, widgetsDirOf } from './bundle-widgets';
import { feedLinks, planFeeds } from './feeds';
import { planPages, type PagePlan } from './plan-pages';
import { readSources, refreshSources } from './read-sources';
import { renderErrorPages, renderPages } from './render-pages';
import { checkRouteTemplates, parseRouteTable } from './route-table';
import { shareImageOf } from './share-image';
import { BACKEND_URL_ENV, parseSiteSettings } from './site-settings';
import { parseYamlSource } from './yaml-source';
import type { Assets as BuildAssets } from './template-api';
import { writeSite } from './write-output';

export interface BuildOptions {
  /** The site folder (route table, content, locales). Default: the current directory. */
  root?: string;
  /** The output folder. Default: `dist` under the root. */
  out?: string;
  /** false renders into memory only and leaves the output folder alone (tests, checks). */
  write?: boolean;
  /** Keeps work between builds of one process (watch mode): see BuildSession. */
  session?: BuildSession;
}

export interface BuildResult extends BuildInfo {
  outDir: string;
  pages: readonly PagePlan[];
  files: OutputFiles;
  /** Milliseconds spent in each stage, in order. */
  timings: ReadonlyArray<readonly [stage: string, ms: number]>;
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

  // 1. Start what works beside this thread: esbuild bundles the templates in its own process,
  //    the Markdown worker loads. Then read the sources.
  const { session } = options;
  const templatesDir = templatesDirOf(root, BUNDLED_TEMPLATES_DIR);
  const loadingTemplates = () => loadTemplates(templatesDir, path.join(root, '.sitegen-cache'));
  const templatesLoading = settle(session ? session.reuse('templates', templatesDir, loadingTemplates, (loaded) => loaded.inputs) : loadingTemplates());
  const markdown = session?.markdown ?? startMarkdownStage();
  try {
    const sources =
      session?.sources && session.changed ? await refreshSources(session.sources, session.changed, problems) : await readSources(root, problems);
    if (session) session.sources = sources;
    problems.throwIfAny();
    // Watch mode parses again only what changed.
    const once = <T>(name: string, key: string, compute: () => T): T => (session ? session.memo(name, key, problems, compute) : compute());
    // Markdown parsing needs nothing else: it starts now, beside the next stages.
    const split = splitContent(sources.content, problems, session?.splits);
    markdown.parse([...split.values()].map((entry) => entry.job));
    timings.lap('read sources');

    // 2. Parse and validate settings, messages and the route table.
    const site = once('site', `${sources.site!.text}\0${process.env[BACKEND_URL_ENV] ?? ''}`, () =>
      parseSiteSettings(sources.site!.text, sources.site!.path, problems),
    );
    const catalog = once('messages', [...sources.locales.values()].map((file) => file.text).join('\0'), () => parseMessages(sources.locales, problems));
    const routes = once('routes', sources.routes!.text, () => parseRouteTable(sources.routes!.text, sources.routes!.path, problems));
    problems.throwIfAny();
    timings.lap('parse settings, messages, routes');

    // The browser bundle builds in esbuild's process while the main thread parses content.
    const widgetsDir = widgetsDirOf(root, BUNDLED_WIDGETS_DIR);
    const fallbackMessages = englishWidgetMessages(catalog!);
    const bundlingWidgets = () =>
      session ? session.widgetBundler(widgetsDir).bundle(fallbackMessages) : bundleWidgets(widgetsDir, fallbackMessages);
    const widgetsBundling = settle(
      session ? session.reuse(`widgets:${fingerprint(JSON.stringify(fallbackMessages))}`, widgetsDir, bundlingWidgets) : bundlingWidgets(),
    );

    // 3. Plan every page: route x locale x URL form, output paths, alternates.
    const pages = once('plan', sources.routes!.text, () => planPages(routes!, problems));
    problems.throwIfAny();
    timings.lap('plan pages');

    // 4. Parse the Markdown of every route in every locale.
    const parsed = await parseContent(
      routes!,
      pages,
      split,
      markdown,
      problems,
      (text, file) => once(`front matter ${file}`, text, () => parseYamlSource(text, file, problems)),
      once('links', sources.routes!.text, () => linkData(routes!, pages)),
    );
    timings.lap('parse content');

    // 5. With the templates and widgets bundled, check template names and each template's front matter.
    const templates = await bundledOrErrors(templatesLoading, problems);
    const widgets = await bundledOrErrors(widgetsBundling, problems);
    checkRouteTemplates(routes!, Object.keys(templates.module.templates), problems);
    const content = validateContent(routes!, parsed, templates.module.templates, problems, session?.validated);
    problems.throwIfAny();
    timings.lap('load templates, validate content');

    // 6. Render the pages and the not-found page.
    const computeInfo = () => computeBuildInfo(sources, {
      engineVersion: ENGINE_VERSION,
      templatesHash: templates.hash,
      widgetsHash: widgets.hash,
      css: templates.css,
    });
    // Watch mode keeps one build id (and the first build's time), so an edit changes only the
    // pages that show it.
    const info = session ? once('build info', 'dev', () => ({ ...computeInfo(), id: 'dev' })) : computeInfo();
    const assets = buildAssets(templates.css, sources.publicFiles);
    // Templates decide which pages stay out of search results and which pages feeds list.
    const definitionOf = (page: PagePlan) => templates.module.templates[page.template]!;
    const indexed = (page: PagePlan) => !definitionOf(page).noindex;
    const feeds = planFeeds(pages, (page) => definitionOf(page).feed === true, problems);
    const shareImage = shareImageOf(site!, sources.publicFiles, sources.site!, problems);
    problems.throwIfAny();
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
      build: info,
      dev: session !== undefined,
      templateFiles: templates.inputs,
      feeds,
      feedLinks: feedLinks(feeds, { content, companyName: site!.company.name }),
    };
    const reuse = session?.pageReuse({
      sources,
      split,
      content,
      routes: routes!,
      everything: [templates.hash, widgets.hash, templates.css, sources.site!.text, sources.routes!.text, JSON.stringify(shareImage ?? null), ...sources.publicFiles.keys()],
    });
    const rendered = renderPages(pages, renderInput, problems, reuse);
    const errorPages = renderErrorPages(renderInput, problems, reuse);
    problems.throwIfAny();
    timings.lap('render pages');

    // 7. Collect pages, JSON artifacts, sitemap and feeds, and assets, then write them all at once.
    const files = mergeOutputs(
      [
        new Map([...rendered.map(({ plan, html }) => [plan.outputPath, html] as const), ...errorPages]),
        buildArtifacts(pages, content, catalog!, info, session?.payloads),
        buildSearchFiles(pages, feeds, { content, siteUrl: site!.url, companyName: site!.company.name, timestamp: info.timestamp, indexed }),
        widgets.files,
        assets.files,
      ],
      root,
      problems,
    );
    problems.throwIfAny();
    timings.lap('build artifacts');
    if (options.write !== false) await writeSite(outDir, files);
    timings.lap('write');
    return { ...info, outDir, pages, files, timings: timings.laps };
  } finally {
    if (!session) markdown.close();
    // A build that failed early must not leave the bundling to fail unobserved.
    await templatesLoading;
  }
}

/** One map of every output file; a file of `public/` may not replace a generated one. */
function mergeOutputs(groups: OutputFiles[], root: string, problems: Problems): OutputFiles {
  const files: OutputFiles = new Map();
  for (const group of groups) {
    for (const [name, content] of group) {
      if (files.has(name)) {
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

/** A bundle's result; errors in it join the errors found so far, reported together. */
async function bundledOrErrors<T>(loading: Promise<{ value: T } | { error: unknown }>, problems: Problems): Promise<T> {
  const outcome = await loading;
  if ('value' in outcome) return outcome.value;
  if (outcome.error instanceof BuildFailure) for (const error of outcome.error.errors) problems.push(error);
  problems.throwIfAny();
  throw outcome.error;
}

function stopwatch() {
  const laps: Array<[string, number]> = [];
  let last = performance.now();
  return {
    laps,
    lap(stage: string) {
      const now = performance.now();
      laps.push([stage, Math.round((now - last) * 10) / 10]);
      last = now;
    },
  };
}
