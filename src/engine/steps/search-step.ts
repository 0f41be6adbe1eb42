import type { Problems } from '../diagnostics/diagnostic';
import { locateIn } from '../read/yaml-source';
import { startSearchIndexes, type SearchIndexes, type SearchPage } from '../search/search-index';
import type { RenderedSite } from './render-step';
import type { SitePlan } from './plan-step';
import type { BuildRun } from './run';
import type { PageView } from './view-step';
import type { PagePlan } from '../plan/plan-pages';
import { textOf } from '../base/output-paths';

/**
 * Step 6b, once every page is written: the search index of each locale (`search/`), from the
 * pages as written, when `search.enabled`. Found are the pages at their canonical URL (once
 * per route and locale), except those of `noindex` templates (contact results; the error
 * pages are no planned pages) and the routes `search.exclude` names. Resolves once every page
 * is sent to Pagefind, with `done`, the indexes it makes in its own process while this thread
 * makes the other files (step 7 waits for them).
 */
export async function startSearch(run: BuildRun, plan: SitePlan, view: PageView, rendered: RenderedSite): Promise<{ done: Promise<SearchIndexes> } | undefined> {
  const found = pagesToFind(run, plan, view);
  if (!found) return undefined;
  // A page written or kept in the output is known by its hash, and read only if its shard is indexed;
  // one held is decoded only when needed (the pages are gone through once per shard indexed).
  async function* pages(found: readonly PagePlan[]): AsyncGenerator<SearchPage> {
    for (const { url, locale, outputPath } of found) {
      const held = rendered.rendered.get(outputPath);
      if (held !== undefined) yield { url, locale, html: () => textOf(held) };
      else yield { url, locale, hash: view.output!.hashOf(outputPath), html: () => view.output!.read(outputPath) };
    }
  }
  // A shard whose pages are as its kept index's is not indexed again (`BuildMemory.searchStore`).
  const searching = await startSearchIndexes(() => pages(found), run.config.site.locales.all, run.memory.searchStore(), run.config.overrides.searchShardPages);
  run.timings.lap('search index: pages read and sent');
  return searching;
}

/** The lap of the search index once it is made: what it indexed, and what was made beside it (the cache, unless a large site keeps it after its output). */
export function searchLap(indexes: SearchIndexes, cacheBeside: boolean): string {
  return `search index (${describeIndexed(indexes)}), beside error pages, feeds${cacheBeside ? ' and the cache' : ''}`;
}

/** What a build indexed: the locales, and of a locale in shards, how many of them. */
export function describeIndexed(indexes: Pick<SearchIndexes, 'indexed' | 'shardsIndexed' | 'stats'>): string {
  if (indexes.indexed.length === 0) return 'none indexed';
  const of = (locale: string) => {
    const shards = indexes.stats[locale]?.shards ?? 1;
    return shards > 1 ? `${locale} (${indexes.shardsIndexed.filter((name) => name.startsWith(`${locale}.`)).length} of ${shards} shards)` : locale;
  };
  return `${indexes.indexed.map(of).join(', ')} indexed`;
}

/**
 * The pages the search finds, or undefined with search off: each at its canonical URL, but
 * not those of `noindex` templates nor the routes `search.exclude` names (checked here).
 */
export function pagesToFind(run: BuildRun, plan: SitePlan, view: PageView): PagePlan[] | undefined {
  const { config, problems } = run;
  const { search } = config.site;
  if (!search.enabled) return undefined;
  checkExcluded(search.exclude, new Set(plan.pages.map((page) => page.routeId)), config.siteFile, problems);
  problems.throwIfAny();
  const excluded = new Set(search.exclude);
  return plan.pages.filter((page) => page.url === page.canonical && view.indexed(page) && !excluded.has(page.routeId));
}

/** A route `search.exclude` names must be one of the route table: an error at its line in site.yaml. */
function checkExcluded(exclude: readonly string[], routes: ReadonlySet<string>, siteFile: { path: string; text: string }, problems: Problems): void {
  exclude.forEach((routeId, index) => {
    if (routes.has(routeId)) return;
    problems.add('config/search-exclude', `search.exclude names "${routeId}", which is no route`, {
      ...locateIn(siteFile, ['search', 'exclude', index], problems),
      hint: 'name a route id of content/routes.yaml (the pages of every locale of that route are left out of search)',
    });
  });
}
