import { frontMatterOnly, type FrontMatterTexts, type SplitContent } from '../markdown/split-content';
import { readText } from '../read/read-file-again';
import { countContentFiles, withoutContentTexts, type SiteSources } from '../read/read-sources';
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
  /** Whether the first Markdown worker reads the content ahead (a build without a cache renders every body). */
  readonly readsAhead: boolean;
  /** How content files are decoded: at once when every body will be rendered (read ahead), else when first read (a cache may know them). */
  readonly decodeContent: 'now' | 'when-read';
  /** Before the sources are read: a cold build of a large site keeps lean heaps from the start. */
  prepareHeaps(root: string): void;
  /**
   * What this thread holds of the content once its bodies are sent to be rendered: everything,
   * or, when this many bodies make a large build (never in a watch session, which keeps them),
   * the front matter only; the bodies stay in their files and on the workers.
   */
  holdContent(bodies: number, read: SiteSources, split: SplitContent): HeldContent;
  /** The page workers for this many pages, started; undefined when the pages render on this thread. */
  pageWorkersFor(pages: number, markdownFillsCores: boolean, templatesModule: string): PageWorkers | undefined;
  /** When a build of this many pages keeps its cache: in the wait for Pagefind, or after its output is swapped in (a large site's peak memory). */
  keepCache(pages: number): 'beside-search' | 'after-output';
}

/** The content a build holds on its main thread (`ExecutionStrategy.holdContent`). */
export interface HeldContent {
  sources: SiteSources;
  frontMatters: FrontMatterTexts;
  /** A large build: its Markdown stays in the files and on the workers. */
  large: boolean;
  /** A content file's whole text, by path relative to `content/`: a large build let go of it, and reads it again. */
  wholeText(key: string): { file: string; text: string } | undefined;
}

export function executionStrategy(policy: ScalePolicy, inSession: boolean, readAhead: string | undefined): ExecutionStrategy {
  return {
    readsAhead: readAhead !== undefined,
    decodeContent: readAhead ? 'now' : 'when-read',
    prepareHeaps(root) {
      if (!inSession && readAhead) leanHeaps(countContentFiles(root));
    },
    holdContent(bodies, read, split) {
      const large = !inSession && policy.isLarge(bodies);
      const sources = large ? withoutContentTexts(read) : read;
      const wholeText = (key: string) => {
        const source = sources.content.get(key);
        return source && { file: source.path, text: large ? readText(source.path) : source.text };
      };
      return { sources, frontMatters: large ? frontMatterOnly(split) : split, large, wholeText };
    },
    pageWorkersFor(pages, markdownFillsCores, templatesModule) {
      // A watch session's pages render here: its cache of pages lives on this thread.
      const count = inSession ? 0 : policy.pageWorkersFor(pages, markdownFillsCores);
      return count > 0 ? startPageWorkers(templatesModule, count) : undefined;
    },
    keepCache: (pages) => (!inSession && policy.cacheAfterOutput(pages) ? 'after-output' : 'beside-search'),
  };
}
