import { buildTime, type BuildTime } from '../config/build-time';
import type { YamlData } from '../read/yaml-source';
import { parseYamlData } from '../read/yaml-source';
import { contentPathOf } from '../markdown/content';
import { planPages, type PagePlan } from '../plan/plan-pages';
import { planRedirects, type RedirectPlan } from '../plan/plan-redirects';
import type { Publication } from '../plan/publication';
import { planPublished } from '../plan/plan-published';
import { parseRedirectsFile } from '../plan/redirects-file';
import type { Route } from '../plan/route-table';
import type { ParsedSite } from './parse-step';
import type { ReadSite } from './read-step';
import { settledOrErrors, type BuildRun } from './run';

/** What step 3 planned. */
export interface SitePlan {
  /** The pages this build writes: every route in every locale and URL form, less the pages that are out, with the numbered pages of paginated hubs. */
  pages: readonly PagePlan[];
  /** Every page of the route table, out or not: links in Markdown resolve against them, so a body's HTML does not depend on what is published. */
  allPages: readonly PagePlan[];
  /** The routes with the paths of the locales they are in only (`publishedRoutes`). */
  routes: readonly Route[];
  /** Which pages are out of this build, and which a preview shows with a label. */
  publication: Publication;
  /** The build's time: it decides what is scheduled, and dates the sitemap and feeds. */
  time: Promise<BuildTime>;
  /** Each content file's front matter, parsed once for this build (by its path relative to `content/`). */
  frontMatter(text: string, file: string): YamlData | undefined;
  redirects: RedirectPlan;
}

/**
 * Step 3: every page (route x locale x URL form, output paths, alternates); which of them this
 * build leaves out (drafts, scheduled and expired pages, by the build's time), and where every
 * URL of the previous build leads now (a page of this one, or reported lost).
 */
export async function planSite(run: BuildRun, read: ReadSite, parsed: ParsedSite): Promise<SitePlan> {
  const { problems, config } = run;
  const { sources } = read;
  const { locales } = config.site;
  const allPages = run.memory.once('plan', `${sources.routes!.text}\0${JSON.stringify(locales)}`, () => planPages(parsed.routes, locales, problems))!;
  problems.throwIfAny();

  // The build's time, not the clock: the same sources and time always publish the same pages.
  const sourceFiles = () => [sources.routes, config.siteFile, ...sources.locales.values(), ...sources.content.values()].flatMap((file) => (file ? [file.path] : []));
  const timeOf = async () => buildTime(config.overrides.timestamp, await run.commitTime, sourceFiles);
  // Watch mode keeps its first build's time.
  const timing = run.memory.once('build time', 'dev', timeOf);

  // Front matter is parsed here once, for the publication fields and then for the content step;
  // its errors are reported with the content's (step 4), not here.
  const parsedFrontMatter = new Map<string, YamlData | undefined>();
  const frontMatter = (text: string, file: string) => {
    if (!parsedFrontMatter.has(file)) parsedFrontMatter.set(file, run.memory.once(`front matter ${file}`, text, () => parseYamlData(text, file, problems)));
    return parsedFrontMatter.get(file);
  };
  const fieldsOf = (route: Route, locale: string) => {
    const key = contentPathOf(route, locale);
    // A file the cache knows has its validated front matter there: it is not even split.
    const known = read.known.get(key);
    if (known) return known.data;
    const entry = read.frontMatters.get(key);
    const data = entry && frontMatter(entry.frontMatter, entry.file)?.data;
    return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
  };
  const fields = new Map(parsed.routes.flatMap((route) => Object.keys(route.paths).map((locale) => [`${route.id}\0${locale}`, fieldsOf(route, locale)] as const)));
  const errorsBefore = problems.errors.length;
  // In watch mode the plan of the last build while the routes and every front matter are the
  // same objects (an edited body keeps them): 60 ms of each rebuild at 5,000 pages.
  const { pages, routes, publication } = await run.memory.alike('publication', [parsed.routes, allPages, timing, JSON.stringify(config.preview), ...fields.values()], () =>
    planPublished(
      parsed.routes,
      allPages,
      { fieldsOf: (route, locale) => fields.get(`${route.id}\0${locale}`), time: async () => (await timing).timestamp, preview: config.preview },
      problems,
    ),
  );

  const file = sources.redirects;
  const rules = file ? run.memory.once('redirect rules', file.text, () => parseRedirectsFile(file.text, file.path, problems)) : [];
  const previous = await settledOrErrors(run.previous, problems);
  const redirects = rules && planRedirects(pages, rules, previous, locales, problems);
  if (!redirects || problems.errors.length > errorsBefore) problems.throwIfAny();
  run.timings.lap('plan pages, publication, redirects');
  return { pages, allPages, routes, publication, time: timing, frontMatter, redirects: redirects! };
}
