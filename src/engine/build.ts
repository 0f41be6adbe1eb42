import path from 'node:path';
import { buildArtifacts, buildAssets, type OutputFiles } from './build-artifacts';
import { computeBuildInfo, type BuildInfo } from './build-info';
import { parseContent } from './content';
import { Problems } from './errors';
import { loadTemplates, templatesDirOf } from './load-templates';
import { createMarkdownRenderer } from './markdown';
import { parseMessages } from './messages';
import { BUNDLED_TEMPLATES_DIR, ENGINE_VERSION } from './package-info';
import { planPages, type PagePlan } from './plan-pages';
import { readSources } from './read-sources';
import { renderNotFound, renderPages } from './render-pages';
import { parseRouteTable } from './route-table';
import { parseSiteSettings } from './site-settings';
import { writeSite } from './write-output';

export interface BuildOptions {
  /** The site folder (route table, content, locales). Default: the current directory. */
  root?: string;
  /** The output folder. Default: `dist` under the root. */
  out?: string;
  /** false renders into memory only and leaves the output folder alone (tests, checks). */
  write?: boolean;
}

export interface BuildResult extends BuildInfo {
  outDir: string;
  pages: readonly PagePlan[];
  files: OutputFiles;
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

  // 1. Read the site's sources and load its templates.
  const [sources, templates] = await Promise.all([
    readSources(root, problems),
    loadTemplates(templatesDirOf(root, BUNDLED_TEMPLATES_DIR), path.join(root, '.sitegen-cache')),
  ]);
  problems.throwIfAny();

  // 2. Parse and validate settings, messages and the route table.
  const site = parseSiteSettings(sources.site!.text, sources.site!.path, problems);
  const catalog = parseMessages(sources.locales, problems);
  const routes = parseRouteTable(sources.routes!.text, sources.routes!.path, Object.keys(templates.module.templates), problems);
  problems.throwIfAny();

  // 3. Plan every page: route x locale x URL form, output paths, alternates.
  const pages = planPages(routes!, problems);
  problems.throwIfAny();

  // 4. Parse the Markdown of every route in every locale.
  const content = parseContent(routes!, pages, sources.content, templates.module.templates, createMarkdownRenderer(), problems);
  problems.throwIfAny();

  // 5. Render the pages and the not-found page.
  const info = computeBuildInfo(sources, { engineVersion: ENGINE_VERSION, templatesHash: templates.hash, css: templates.css });
  const assets = buildAssets(templates.css, sources.publicFiles);
  const renderInput = {
    routes: routes!,
    content,
    catalog: catalog!,
    site: site!,
    templates: templates.module,
    assets: { stylesheet: assets.stylesheet },
    build: info,
    templateFiles: templates.inputs,
  };
  const rendered = renderPages(pages, renderInput, problems);
  const notFound = renderNotFound(renderInput, problems);
  problems.throwIfAny();

  // 6. Collect pages, JSON artifacts and assets, then write them all at once.
  const files: OutputFiles = new Map([
    ...rendered.map(({ plan, html }) => [plan.outputPath, html] as const),
    ['404.html', notFound!] as const,
    ...buildArtifacts(pages, content, catalog!, info),
    ...assets.files,
  ]);
  if (options.write !== false) await writeSite(outDir, files);
  return { ...info, outDir, pages, files };
}
