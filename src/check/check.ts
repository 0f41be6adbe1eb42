import { BuildFailure, readSiteDefinition, sortDiagnostics, translationStatus } from '../engine/inspect';
import { createContext } from './context';
import type { Finding } from './finding';
import { readOutput } from './read-output';
import { checkHreflang } from './rules/hreflang';
import { checkLinksAndAssets } from './rules/links-and-assets';
import { checkLocaleLinks } from './rules/locale-links';
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
 * `sitegen check`: reads the built output once and what the site's sources define (settings,
 * route table, locale files, through the engine's parsers), then runs each rule family over
 * them. A folder that is not a sitegen build throws a `SiteError`; problems of the site are
 * findings.
 */
export async function check(options: CheckOptions = {}): Promise<CheckResult> {
  const timings: Array<[string, number]> = [];
  let last = performance.now();
  const lap = (stage: string) => {
    const now = performance.now();
    timings.push([stage, Math.round((now - last) * 10) / 10]);
    last = now;
  };

  // 1. What the sources define: the settings, the route table and its pages, the locale files.
  const definition = await readSiteDefinition({ root: options.root, out: options.out });
  const { config } = definition;
  const findings: Finding[] = [...definition.problems];
  const translations = translationFindings(config.root);
  lap('read sources');

  // 2. The output, and its pages and redirects against the route table.
  const output = await readOutput(config.outDir);
  lap('read output');
  if (definition.pages && definition.problems.length === 0) findings.push(...checkRoutesAndForms(definition.pages, output));
  findings.push(...checkRedirects(output));
  // The same warnings as the build's: translations whose source changed since they were marked.
  findings.push(...(await translations));
  lap('routes, translations');

  // 3. The pages.
  const context = createContext(new URL(config.site.url).origin, config.site.locales, output);
  findings.push(...checkLinksAndAssets(context));
  lap('links and assets');
  findings.push(...checkLocaleLinks(context), ...checkHreflang(context));
  lap('locale links, hreflang');
  findings.push(...checkPageQuality(context));
  lap('page quality');
  const outDir = config.outDir;
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
