import type { Problems } from '../diagnostics/diagnostic';
import { textOf } from '../base/output-paths';
import { BodyPending } from '../markdown/pending-body';
import type { PagePlan } from '../plan/plan-pages';
import { inlineSourcesOf, inThreadScanner, type PageScanner } from '../artifacts/inline-sources';
import { pageReuseRun, type PageReuse } from '../cache/page-reuse';
import { pageRenderer } from './page-renderer';
import { BODY_PENDING, everyBodyWasThere } from './render-document';
import type { FinishedPage, PageWorkers } from './page-work';
import type { PageSink, RenderInput } from './render-input';

/** What became of the pages: rendered now, written from a copy an earlier build kept (the cache, a watch session's memory), or left as the output holds them. */
export interface PageCounts {
  rendered: number;
  copied: number;
  kept: number;
}

/**
 * Renders each planned page with its template. A template that throws is reported at the
 * template line that threw (source maps are on), naming the page; the other pages still render
 * so one build reports every failing page.
 */
export async function renderPages(
  pages: readonly PagePlan[],
  input: RenderInput,
  problems: Problems,
  sink: PageSink,
  reuse?: PageReuse,
  /** Reads each page for its policy (`inlineSourcesOf`), here or on another thread. */
  scanner: PageScanner = inThreadScanner(),
  /** Worker threads to render on, once every Markdown body is there (a large site). */
  workers?: PageWorkers,
): Promise<PageCounts> {
  const counts: PageCounts = { rendered: 0, copied: 0, kept: 0 };
  const scans: Array<Promise<void>> = [];
  const renderPage = pageRenderer(input, reuse !== undefined);
  const reuseRun = pageReuseRun(reuse);

  /**
   * Whether the page was handled from what an earlier build rendered; BODY_PENDING when telling
   * read a body still on its way (a hub's recorded inputs hold its articles' reading times).
   */
  const reused = async (plan: PagePlan): Promise<boolean | typeof BODY_PENDING> => {
    const earlier = earlierOf(plan);
    if (earlier === BODY_PENDING) return BODY_PENDING;
    if (!earlier) return false;
    if ('html' in earlier) {
      counts.copied++;
      sink.allow(earlier.inline ?? inlineSourcesOf(textOf(earlier.html)));
      await sink.page(plan, earlier.html, earlier.hash);
    } else {
      counts.kept++;
      sink.allow(earlier.inline);
      await sink.unchanged(plan, earlier.hash);
    }
    return true;
  };

  /** The earlier build's page, read where a body still on its way stops React and fingerprints alike. */
  const earlierOf = (plan: PagePlan) => {
    try {
      return reuseRun.earlier(plan);
    } catch (error) {
      if (error instanceof BodyPending) return BODY_PENDING;
      throw error;
    }
  };

  /** Renders (or reuses) a page; false when it read a body still on its way and must wait for all. */
  const renderOne = async (plan: PagePlan): Promise<boolean> => {
    const handled = await reused(plan);
    if (handled === BODY_PENDING) return false;
    if (handled) return true;
    const page = renderPage(plan, problems);
    if (page === BODY_PENDING) return false;
    if (!page) return true;
    counts.rendered++;
    const remembered = reuseRun.remember(plan, page.html, page.deps, undefined, page.copy);
    scans.push(
      scanner.inlineSources(page.html).then((inline) => {
        if (remembered) reuseRun.allows(remembered, inline);
        sink.allow(inline);
      }),
    );
    await sink.page(plan, page.html, remembered?.hash);
    return true;
  };

  // With every body there and pages enough, worker threads render them (one per core), each
  // reading its pages for the policy itself; this thread writes what they send.
  if (workers) {
    await input.arrival?.all;
    const todo: PagePlan[] = [];
    for (const plan of pages) {
      const handled = await reused(plan);
      if (handled === BODY_PENDING) everyBodyWasThere();
      if (!handled) todo.push(plan);
    }
    const deliver = async (plan: PagePlan, rendered: FinishedPage) => {
      counts.rendered++;
      const remembered = reuseRun.remember(plan, rendered.html, rendered.deps, rendered.hash, rendered.copy);
      if (remembered) reuseRun.allows(remembered, rendered.inline);
      sink.allow(rendered.inline);
      await sink.page(plan, rendered.html, rendered.hash);
    };
    // Every body is there: a page renders here only when a worker could not.
    const here = (plan: PagePlan, pageProblems: Problems) => {
      const page = renderPage(plan, pageProblems);
      return page === BODY_PENDING ? everyBodyWasThere() : page;
    };
    await workers.render({ input, recordDeps: reuse !== undefined, plans: todo }, problems, deliver, here);
    reuseRun.finish();
    return counts;
  }

  // Pages in order, each once its own body is there; one that reads a body still on its way
  // (a hub showing its articles' reading time) is rendered again once all are.
  const later: PagePlan[] = [];
  for (const plan of pages) {
    const ready = input.arrival?.ready(plan.routeId, plan.locale);
    if (ready) {
      // Rather than wait idle, read rendered pages for the policy meanwhile.
      await scanner.scanHere(ready);
      await ready;
    }
    if (!(await renderOne(plan))) later.push(plan);
  }
  await input.arrival?.all;
  for (const plan of later) if (!(await renderOne(plan))) everyBodyWasThere();
  reuseRun.finish();
  await scanner.scanHere();
  await Promise.all(scans);
  return counts;
}
