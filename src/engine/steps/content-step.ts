import type { LoadedTemplates } from '../bundle/load-templates';
import type { WidgetBundle } from '../bundle/bundle-widgets';
import type { ContentArrival, SiteContent } from '../markdown/content';
import { linkData } from '../markdown/link-data';
import { parseContent } from '../markdown/parse-content';
import { validateContent } from '../markdown/validate-content';
import { checkRouteTemplates } from '../plan/route-table';
import { linksToUnpublished } from '../markdown/unpublished-links';
import { checkTagNames } from '../markdown/unknown-tags';
import type { ParsedSite } from './parse-step';
import type { SitePlan } from './plan-step';
import type { ReadSite } from './read-step';
import { settledOrErrors, type BuildRun } from './run';

/** What step 4 loaded: the content (bodies still arriving), the templates and the widgets. */
export interface LoadedContent {
  arrival: ContentArrival;
  content: SiteContent;
  templates: LoadedTemplates;
  widgets: WidgetBundle;
  /** Ends the build when an error was found, once the Markdown's own errors are in too. */
  stopIfAny(): Promise<void>;
}

/**
 * Step 4: the front matter of every route in every locale, parsed while the Markdown bodies
 * arrive from their threads (pages render as theirs arrive, step 6); then, with the templates
 * and widgets bundled, the template names and each template's front matter are checked.
 */
export async function loadContent(run: BuildRun, read: ReadSite, parsed: ParsedSite, plan: SitePlan): Promise<LoadedContent> {
  const { problems, memory } = run;
  const { sources } = read;
  // Only the pages in this build; links resolve against every page of the table (see `SitePlan.allPages`).
  const arrival = await parseContent(
    plan.routes,
    plan.pages,
    read.frontMatters,
    run.threads,
    problems,
    plan.frontMatter,
    run.memory.once('links', `${sources.routes!.text}\0${JSON.stringify(run.config.site.locales)}`, () => linkData(plan.allPages)),
    read.known,
    memory.bodyKeeper(),
  );
  // A build that stops before its pages still reports the Markdown's own errors with the rest.
  const stopIfAny = async () => {
    if (problems.errors.length === 0) return;
    await arrival.all;
    problems.throwIfAny();
  };
  run.timings.lap('parse front matter');

  const templates = await settledOrErrors(run.templates, problems);
  const widgets = await settledOrErrors(parsed.widgets, problems);
  checkRouteTemplates(parsed.routes, Object.keys(templates.module.templates), problems);
  const content = validateContent(plan.routes, arrival.content, templates.module.templates, problems, memory.validated, templates.hash);
  // Tags are ids: each names itself in every locale's messages.
  checkTagNames(plan.routes, content, arrival.content, parsed.catalog, problems);
  // A published page may not link a page this build leaves out.
  if (plan.publication.out.size > 0) linksToUnpublished(plan.routes, plan.publication, read.wholeText, problems);
  await stopIfAny();
  run.timings.lap('load templates, validate content');
  return { arrival, content, templates, widgets, stopIfAny };
}
