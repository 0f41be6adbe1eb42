import { countContentFiles } from '../read/read-sources';
import type { PageWorkers } from '../render/page-work';
import { leanHeaps } from './heaps';
import { startPageWorkers } from './page-workers';
import type { ScalePolicy } from './scale-policy';

/**
 * How one build runs, decided once at its start from the policy (`parallel`), whether it is a
 * watch session's build and whether the Markdown is read ahead: the steps ask it, and name no
 * mode themselves.
 */
export interface ExecutionStrategy {
  /** How content files are decoded: at once when every body will be rendered (read ahead), else when first read (a cache may know them). */
  readonly decodeContent: 'now' | 'when-read';
  /** Before the sources are read: a cold build of a large site keeps lean heaps from the start. */
  prepareHeaps(root: string): void;
  /** Whether this many bodies to render make a large build (bodies stay in their files and on the workers); never in a watch session, which keeps them. */
  isLarge(bodies: number): boolean;
  /** The page workers for this many pages, started; undefined when the pages render on this thread. */
  pageWorkersFor(pages: number, markdownFillsCores: boolean, templatesModule: string): PageWorkers | undefined;
}

export function executionStrategy(policy: ScalePolicy, inSession: boolean, readAhead: string | undefined): ExecutionStrategy {
  return {
    decodeContent: readAhead ? 'now' : 'when-read',
    prepareHeaps(root) {
      if (!inSession && readAhead) leanHeaps(countContentFiles(root));
    },
    isLarge: (bodies) => !inSession && policy.isLarge(bodies),
    pageWorkersFor(pages, markdownFillsCores, templatesModule) {
      // A watch session's pages render here: its cache of pages lives on this thread.
      const count = inSession ? 0 : policy.pageWorkersFor(pages, markdownFillsCores);
      return count > 0 ? startPageWorkers(templatesModule, count) : undefined;
    },
  };
}
