import { describe, expect, it } from 'vitest';
import { executionStrategy } from '../../../src/engine/scale/execution-strategy';
import { PAGES_FOR_CACHE_AFTER_OUTPUT, scalePolicy } from '../../../src/engine/scale/scale-policy';

/**
 * When a build keeps its cache: in the wait for Pagefind (a small site's edit gains the wait),
 * or after its output is swapped in (a large site's peak memory: docs/performance.md, "Memory
 * at the end of a large build"). `--parallel always` takes the large site's way on any site, so
 * that the execution modes test covers it on a small fixture.
 */
describe('when a build keeps its cache', () => {
  const keepCache = (parallel: 'auto' | 'off' | 'always', pages: number, inSession = false) => executionStrategy(scalePolicy(parallel, 2), inSession, undefined).keepCache(pages);

  it("keeps a small site's beside the search, and a large site's after the output", () => {
    expect(keepCache('auto', 228)).toBe('beside-search');
    expect(keepCache('auto', PAGES_FOR_CACHE_AFTER_OUTPUT - 1)).toBe('beside-search');
    expect(keepCache('auto', PAGES_FOR_CACHE_AFTER_OUTPUT)).toBe('after-output');
    // Memory, not threads: a large site on one thread is large too.
    expect(keepCache('off', 50_228)).toBe('after-output');
  });

  it("takes the large way on any site when forced, but never in a watch session (its memory is the session's)", () => {
    expect(keepCache('always', 12)).toBe('after-output');
    expect(keepCache('always', 50_228, true)).toBe('beside-search');
  });
});
