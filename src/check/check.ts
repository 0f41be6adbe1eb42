import path from 'node:path';
import { Problems } from '../engine/diagnostics/diagnostic';
import { planPages } from '../engine/plan/plan-pages';
import { readSiteDefinition } from '../engine/read/read-sources';
import { parseRouteTable } from '../engine/plan/route-table';
import { parseSiteSettings } from '../engine/config/site-settings';
import { createContext } from './context';
import { BuildFailure, sortDiagnostics, translationStatus } from '../engine/index';
import type { Finding } from './finding';
import { readOutput } from './read-output';
import { checkHreflang } from './rules/hreflang';
import { checkLinksAndAssets } from './rules/links-and-assets';
import { checkLocaleLinks } from './rules/locale-links';
import { checkMessages } from './rules/messages';
import { checkPageQuality } from './rules/page-quality';
import { checkRedirects } from './rules/redirects';
import { checkRoutesAndForms } from './rules/routes-and-forms';

export interface CheckOptions {
  /** The site folder (content/, locales/); default: the current directory. */
  root?: string;
  /** The built output; default: `dist` under the root. */
  out?: string;
}

export interface CheckResult {
  outDir: string;
  /** Every problem found, sorted: source files, then pages by URL, then output files. Warnings (outdated translations) do not fail the check. */
  findings: Finding[];
  /** Route pages checked. */
  pages: number;
  /** Files in the output. */
  files: number;
  timings: Array<[string, number]>;
}

/**
 * `sitegen check`: reads the built output once and the site's route table, settings and
 * locale files through the engine's parsers, then runs each rule family over them.
 * A folder that is not a sitegen build throws a `SiteError`; problems of the site are findings.
 */
export async function check(options: CheckOptions = {}): Promise<CheckResult> {
  const root = path.resolve(options.root ?? '.');
  const outDir = path.resolve(root, options.out ?? 'dist');
  const timings: Array<[string, number]> = [];
  let last = performance.now();
  const lap = (stage: string) => {
    const now = performance.now();
    timings.push([stage, Math.round((now - last) * 10) / 10]);
    last = now;
  };

  // 1. The sources the output must agree with, and the output itself, read at the same time.
  const sourceProblems = new Problems();
  const translations = translationFindings(root);
  const [definition, output] = await Promise.all([readSiteDefinition(root, sourceProblems), readOutput(outDir)]);
  lap('read output and sources');

  // 2. Translation files, route table and settings, through the engine's parsers.
  const findings: Finding[] = checkMessages(root, definition.locales);
  const routes = definition.routes ? parseRouteTable(definition.routes.text, definition.routes.path, sourceProblems) : undefined;
  const site = definition.site ? parseSiteSettings(definition.site.text, definition.site.path, sourceProblems) : undefined;
  const plans = routes ? planPages(routes, sourceProblems) : undefined;
  findings.push(...sourceProblems.errors);
  if (plans && sourceProblems.ok) findings.push(...checkRoutesAndForms(plans, output));
  findings.push(...checkRedirects(output));
  // The same warnings as the build's: translations whose source changed since they were marked.
  findings.push(...(await translations));
  lap('messages, routes, translations');

  // 3. The pages: without the site URL, absolute links cannot be told from external ones.
  if (site) {
    const context = createContext(new URL(site.url).origin, output);
    findings.push(...checkLinksAndAssets(context));
    lap('links and assets');
    findings.push(...checkLocaleLinks(context), ...checkHreflang(context));
    lap('locale links, hreflang');
    findings.push(...checkPageQuality(context));
    lap('page quality');
  }
  const pages = output.documents.filter((document) => document.entry).length;
  return { outDir, findings: sortDiagnostics(findings), pages, files: output.files.size, timings };
}

/** A warning per outdated translation, from the sources as the build computes it (no git); errors that leave it unknown as findings. */
async function translationFindings(root: string): Promise<Finding[]> {
  try {
    return (await translationStatus({ root })).warnings;
  } catch (error) {
    if (error instanceof BuildFailure) return error.errors;
    throw error;
  }
}
