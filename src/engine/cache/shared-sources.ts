import type { InlineSources } from '../artifacts/inline-sources';

const LISTS = ['scripts', 'styles', 'styleAttributes', 'imageSources', 'encodedImages'] as const;

/**
 * One `InlineSources` for all the pages that allow the same, and one copy of each list in them.
 * The cache keeps every page's (`ReusablePage.inline`): read back from `build.bin`, or made
 * by each page's render, each page had its own lists and its own copy of every hash, the same
 * few for nearly every page; at 10,000 articles x 3 they took 46 MB of the build's heap for
 * its whole length (docs/performance.md, "The builds after a cold one, at 10,000 x 3").
 */
export class SharedSources {
  private readonly byKey = new Map<string, InlineSources>();
  private readonly lists = new Map<string, string[]>();

  /** The shared value equal to `sources`. */
  of(sources: InlineSources): InlineSources {
    const key = `${LISTS.map((name) => sources[name].join('\n')).join('\0')}\0${sources.linkedStylesheet}`;
    let shared = this.byKey.get(key);
    if (!shared) {
      shared = { ...sources };
      for (const name of LISTS) shared[name] = this.list(sources[name]);
      this.byKey.set(key, shared);
    }
    return shared;
  }

  private list(values: readonly string[]): string[] {
    const key = values.join('\n');
    let list = this.lists.get(key);
    if (!list) this.lists.set(key, (list = [...values]));
    return list;
  }
}
