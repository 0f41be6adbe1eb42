import type { OutputFiles } from '../base/output-paths';
import type { Problems } from '../diagnostics/diagnostic';
import type { PagePlan } from '../plan/plan-pages';
import type { PageSink } from './render-input';

/**
 * Pages to render before the others, and what to do once they are. `sitegen watch` serves the
 * pages open in a browser as soon as they are rendered, instead of after every page an edit
 * touched (a template edit touches all of them).
 */
export interface FirstPages {
  /** Output paths (`hu/rolunk/index.html`). */
  paths: ReadonlySet<string>;
  /**
   * Called once every first page went through the sink with no problem found so far, with
   * those rendered or copied now (a page the output already held as it is comes without).
   */
  ready(pages: OutputFiles): void | Promise<void>;
  /** Whether the rest of the build is wasted work once they are ready (a newer edit waits to be built). */
  superseded?(): boolean;
}

/** Thrown between pages when `superseded()` says so, once the first pages were handed over. */
export class BuildSuperseded extends Error {
  constructor() {
    super('a newer edit waits: the rest of this build is left to the next');
  }
}

/** The plan's pages with the first ones in front, the others in their order. */
export function firstInOrder(pages: readonly PagePlan[], paths: ReadonlySet<string>): readonly PagePlan[] {
  if (paths.size === 0) return pages;
  const first: PagePlan[] = [];
  const rest: PagePlan[] = [];
  for (const page of pages) (paths.has(page.outputPath) ? first : rest).push(page);
  return first.length === 0 ? pages : [...first, ...rest];
}

/**
 * Lets the event loop answer the requests that arrived meanwhile. One `setImmediate` is not
 * enough: called from an I/O callback (a worker's message, a file read) it runs in the same
 * turn of the loop, before the loop polls for new connections and requests again.
 */
export async function letRequestsIn(): Promise<void> {
  for (let hop = 0; hop < 2; hop++) await new Promise((resolve) => setImmediate(resolve));
}

/** How long rendering holds the thread, once the first pages are served, before requests get a turn. */
const TURN_MS = 10;

/**
 * `sink`, telling `first.ready` once the first pages of `pages` went through it. From then on
 * the thread is let go between pages every few milliseconds: the server on it (watch mode)
 * answers the requests for those pages while the others render.
 */
export function withFirstPages(sink: PageSink, pages: readonly PagePlan[], first: FirstPages, problems: Problems): PageSink {
  let waiting = pages.filter((page) => first.paths.has(page.outputPath)).length;
  if (waiting === 0) return sink;
  const done: OutputFiles = new Map();
  let turn = 0;
  const arrived = async (plan: PagePlan, html?: string | Uint8Array) => {
    if (waiting === 0) {
      if (turn === 0 || performance.now() - turn < TURN_MS) return;
      await letRequestsIn();
      if (first.superseded?.()) throw new BuildSuperseded();
      turn = performance.now();
      return;
    }
    if (!first.paths.has(plan.outputPath)) return;
    if (html !== undefined) done.set(plan.outputPath, html);
    // A page that failed never comes through: then nothing is ready before the build ends.
    if (--waiting === 0 && problems.ok) {
      await first.ready(done);
      // The requests waiting for these pages (a tab told to reload) are answered before the rest.
      await letRequestsIn();
      turn = performance.now();
    }
  };
  return {
    async page(plan, html, hash) {
      await sink.page(plan, html, hash);
      await arrived(plan, html);
    },
    async unchanged(plan, hash) {
      await sink.unchanged(plan, hash);
      await arrived(plan);
    },
    allow: (sources) => sink.allow(sources),
  };
}
