import { setFlagsFromString } from 'node:v8';
import { BODIES_FOR_LARGE_BUILD } from './scale-policy';

/**
 * From this many bodies, heaps grow to 1.25 times what they hold instead of 1.5: more full
 * collections, for a peak under a gigabyte at 10,000 articles x 3 (30,000 bodies: 956 against
 * 1,034 MB, and about a sixth more CPU time, one run each). At that size memory is what runs
 * out on a build machine, and a cold build of it is rare once the cache is kept.
 */
const JOBS_FOR_LEANEST_HEAPS = 20_000;

/**
 * The heaps of this process grow lean from now on, for a build rendering `bodies` Markdown
 * bodies (V8 reads the flag at each collection). A cold build of a large site calls it before
 * reading its sources: the first full collections come while they are read, and each sets how
 * far the heap grows until the next.
 */
export function leanHeaps(bodies: number): void {
  // By the real size, even with \`parallel: always\`: the flag tunes the process, and stays set.
  if (bodies < BODIES_FOR_LARGE_BUILD) return;
  setFlagsFromString(`--heap-growing-percent=${bodies >= JOBS_FOR_LEANEST_HEAPS ? 25 : 50}`);
}
