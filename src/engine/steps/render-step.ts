import { InlineSourceSet, sharedStylesheetReader, type PageScanner } from '../artifacts/inline-sources';
import type { OutputFiles } from '../base/output-paths';
import { renderPages, type PageCounts } from '../render/render-pages';
import type { PageSink } from '../render/render-input';
import { firstInOrder, withFirstPages, type FirstPages } from '../render/first-pages';
import type { SitePlan } from './plan-step';
import type { BuildRun } from './run';
import type { PageView } from './view-step';
import path from 'node:path';
import { contentPathOf } from '../markdown/content';
import { locateImageProblems } from '../images/locate-image-problems';
import type { Problems } from '../diagnostics/diagnostic';
import { readTextIfThere } from '../read/read-file-again';

/** What rendering the pages left for the next steps. */
export interface RenderedSite {
  /** What the pages contain that the security policy must allow. */
  inline: InlineSourceSet;
  /** Reads the other HTML files for the policy too (the error pages, HTML files of `public/`). */
  scanner: PageScanner;
  /** Pages a build into memory holds (a build that writes streamed them into the output). */
  rendered: OutputFiles;
  /** Pages left as the previous output had them, by output path and hash (persistent cache). */
  unchanged: Map<string, string>;
  /** How many worker threads rendered the pages (0: this thread did). */
  pageWorkers: number;
  /** Pages rendered, written from an earlier build's copy, and left as the output holds them. */
  counts: PageCounts;
}

/**
 * Step 6: every page into the output, each as soon as its Markdown is there. A writing build
 * streams each page into the standby copy as it is rendered (`write/write-output.ts`), so no
 * build holds every page at once. What each page contains that the security policy must allow
 * is gathered on the way: the Markdown worker, idle by then, reads the pages while this thread
 * renders the next. A large site's pages wait for all of its Markdown and render on a worker
 * per core (`scale/page-workers.ts`). Pages `first` names render before the others.
 */
export async function renderSite(run: BuildRun, plan: SitePlan, view: PageView, moduleFile: string, first?: FirstPages): Promise<RenderedSite> {
  const { threads, problems } = run;
  const { output, assets } = view;
  const inline = new InlineSourceSet();
  const stylesheet = assets.stylesheet.inline;
  const scanner: PageScanner = {
    inlineSources: sharedStylesheetReader(stylesheet, (html) => threads.inlineSources(html)),
    scanHere: (until) => threads.scanHere(until),
  };
  const unchanged = new Map<string, string>();
  const rendered: OutputFiles = new Map();
  const into: PageSink = output
    ? {
        page: (page, html, hash) => output.put(page.outputPath, html, hash),
        unchanged(page, hash) {
          unchanged.set(page.outputPath, hash);
          return output.keep(page.outputPath, hash);
        },
        allow: (sources) => inline.add(sources),
      }
    : {
        page: (page, html) => void rendered.set(page.outputPath, html),
        unchanged() {},
        allow: (sources) => inline.add(sources),
      };
  const pages = first ? firstInOrder(plan.pages, first.paths) : plan.pages;
  const sink = first ? withFirstPages(into, pages, first, problems) : into;
  const workers = run.execution.pageWorkersFor(plan.pages.length, threads.fillsCores(), moduleFile);
  if (workers) threads.pagesReadElsewhere();
  let counts: PageCounts;
  try {
    await output?.begin();
    counts = await renderPages(pages, view.renderInput, problems, sink, view.reuse, scanner, workers);
  } finally {
    // Their heaps go now, not at the end of the build.
    workers?.close();
  }
  placeImageProblems(run, plan, view, problems);
  problems.throwIfAny();
  run.timings.lap(workers ? `render pages (on ${workers.count} workers)` : 'render pages');
  return { inline, scanner, rendered, unchanged, pageWorkers: workers?.count ?? 0, counts };
}

/**
 * An image a page could not show is reported at the line that names it: the page's content
 * file (a Markdown image, its \`cover\`), else a template, else another content file of its
 * locale (a card showing that page's cover). Read from disk, and only when there is one.
 */
export function placeImageProblems(run: BuildRun, plan: SitePlan, view: PageView, problems: Problems): void {
  if (problems.ok) return;
  const fileOf = (page: SitePlan['pages'][number]) => path.join(run.config.root, 'content', contentPathOf(page.route, page.locale));
  let byUrl: Map<string, SitePlan['pages'][number]> | undefined;
  const sourcesOf = (url: string) => {
    byUrl ??= new Map(plan.pages.map((page) => [page.url, page]));
    const page = byUrl.get(url);
    if (!page) return view.renderInput.templateSources.files;
    const others = [...new Set(plan.pages.filter((other) => other.locale === page.locale).map(fileOf))];
    return [fileOf(page), ...view.renderInput.templateSources.files, ...others];
  };
  locateImageProblems(problems, sourcesOf, readTextIfThere);
}
