import type { Locale } from '../../shared/locales';
import { textOf } from '../base/output-paths';
import type { SearchPage } from './search-page';

/** A page the search finds: where the build writes it, and what it is found at. */
export interface FoundPage {
  url: string;
  locale: Locale;
  outputPath: string;
}

/**
 * The pages of the search handed over as the build renders them, and given out in the order
 * of `found` (the index's order, `search-step.ts`): a page rendered before one that comes
 * earlier waits here for it, so the index is the same whatever order the pages render in.
 */
export interface SearchFeed {
  /** A page as written: its HTML, or how to read it (a page the output kept). */
  put(outputPath: string, html: string | Uint8Array | (() => Promise<string>)): void;
  /** Every page is in; with `error`, the pages stop there (the build failed) and `pages` throws it. */
  end(error?: Error): void;
  /** The pages, in the order of `found`, each once it is in; once only. */
  pages(): AsyncIterable<SearchPage>;
}

export function searchFeed(found: readonly FoundPage[]): SearchFeed {
  const position = new Map(found.map((page, index) => [page.outputPath, index]));
  const waiting = new Map<number, SearchPage['html']>();
  let ended: { error?: Error } | undefined;
  let wake: (() => void) | undefined;
  const signal = () => {
    wake?.();
    wake = undefined;
  };
  return {
    put(outputPath, html) {
      const index = position.get(outputPath);
      if (index === undefined || ended) return;
      waiting.set(index, typeof html === 'string' || typeof html === 'function' ? html : () => textOf(html));
      signal();
    },
    end(error) {
      ended ??= { error };
      signal();
    },
    async *pages() {
      for (let next = 0; next < found.length; next++) {
        if (ended?.error) throw ended.error;
        while (!waiting.has(next)) {
          if (ended?.error) throw ended.error;
          if (ended) throw new Error(`the page ${found[next]!.url} was never written, so the search could not index it`);
          await new Promise<void>((resolve) => (wake = resolve));
        }
        const { url, locale } = found[next]!;
        yield { url, locale, html: waiting.get(next)! };
        waiting.delete(next);
      }
    },
  };
}
