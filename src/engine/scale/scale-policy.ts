import { availableParallelism } from 'node:os';
import type { Parallel } from '../config/options';

/**
 * Where the machinery for large sites runs, decided once from the resolved `parallel` setting:
 * `auto` by the site's size (the figures behind each threshold: docs/architecture.md,
 * "Threads"), `off` everything on the main thread, `always` every worker and every large-build
 * path even on a small site, so that tests cover each mode on a small fixture.
 */
export interface ScalePolicy {
  readonly parallel: Parallel;
  /** Markdown renders on worker threads (false: on the main thread). */
  readonly markdownWorkers: boolean;
  /** Worker threads that share this many Markdown bodies. */
  markdownWorkersFor(bodies: number): number;
  /** The first worker reads and parses the content ahead, before the build sends it. */
  readAhead(cacheMayKnowContent: boolean): boolean;
  /** This many bodies to render make a large build: bodies stay in their files, heaps lean. */
  isLarge(bodies: number): boolean;
  /** Page worker threads for this many pages (0: the main thread renders them). */
  pageWorkersFor(pages: number, markdownFillsCores: boolean): number;
  /** A site of this many pages keeps its cache after its output is swapped in, not while Pagefind indexes. */
  cacheAfterOutput(pages: number): boolean;
}

/** From this many bodies to render, a build is large (`markdown-jobs.ts`, `isLargeMarkdown`). */
export const BODIES_FOR_LARGE_BUILD = 1000;
/** Below this many bodies one worker renders them all: another would only pay the parser's warm-up again. */
export const BODIES_PER_EXTRA_WORKER = 400;
/** Below this many pages, the main thread renders them sooner than workers start. */
export const PAGES_FOR_WORKERS = 1000;
/**
 * From this many pages, a build keeps its cache once its output is swapped in, when the output's
 * manifests are let go, rather than in the wait for Pagefind, when all of them are held: at
 * 10,000 articles x 3 (50,000 pages) a one-article build peaked at 1,047-1,076 MB the one way
 * and 960-1,002 MB the other, in about the same time (docs/performance.md, "Memory at the end of a
 * large build"). A smaller site gains the wait (a few percent of an edit) and has memory to spare.
 */
export const PAGES_FOR_CACHE_AFTER_OUTPUT = 20_000;

export function scalePolicy(parallel: Parallel, cores = availableParallelism()): ScalePolicy {
  // Forced, every mode runs with at least two workers, one core or not.
  const forced = Math.max(2, cores);
  return {
    parallel,
    markdownWorkers: parallel !== 'off',
    markdownWorkersFor: (bodies) => (parallel === 'off' ? 0 : parallel === 'always' ? forced : Math.min(cores, 1 + Math.floor(bodies / BODIES_PER_EXTRA_WORKER))),
    readAhead: (cacheMayKnowContent) => (parallel === 'off' ? false : parallel === 'always' ? true : !cacheMayKnowContent),
    isLarge: (bodies) => (parallel === 'always' ? bodies > 0 : bodies >= BODIES_FOR_LARGE_BUILD),
    pageWorkersFor(pages, markdownFillsCores) {
      if (parallel === 'off') return 0;
      if (parallel === 'always') return forced;
      return markdownFillsCores && cores > 1 && pages >= PAGES_FOR_WORKERS ? cores : 0;
    },
    cacheAfterOutput: (pages) => parallel === 'always' || pages >= PAGES_FOR_CACHE_AFTER_OUTPUT,
  };
}
