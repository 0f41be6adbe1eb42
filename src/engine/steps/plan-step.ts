import { planPages, type PagePlan } from '../plan/plan-pages';
import { planRedirects, type RedirectPlan } from '../plan/plan-redirects';
import { parseRedirectsFile } from '../plan/redirects-file';
import type { ParsedSite } from './parse-step';
import type { ReadSite } from './read-step';
import { settledOrErrors, type BuildRun } from './run';

/** What step 3 planned. */
export interface SitePlan {
  pages: readonly PagePlan[];
  redirects: RedirectPlan;
}

/**
 * Step 3: every page (route x locale x URL form, output paths, alternates), and where every URL
 * of the previous build leads now (a page of this one, or reported lost).
 */
export async function planSite(run: BuildRun, read: ReadSite, parsed: ParsedSite): Promise<SitePlan> {
  const { problems } = run;
  const { sources } = read;
  const { locales } = run.config.site;
  const pages = run.once('plan', `${sources.routes!.text}\0${JSON.stringify(locales)}`, () => planPages(parsed.routes, locales, problems));
  problems.throwIfAny();
  const file = sources.redirects;
  const rules = file ? run.once('redirect rules', file.text, () => parseRedirectsFile(file.text, file.path, problems)) : [];
  const previous = await settledOrErrors(run.previous, problems);
  const redirects = rules && planRedirects(pages, rules, previous, locales, problems);
  problems.throwIfAny();
  run.timings.lap('plan pages, redirects');
  return { pages, redirects: redirects! };
}
