import { defineConfig } from 'vitest/config';

/**
 * The suites, in two sets (docs/testing.md): `npm test` runs the quick one, every stage's unit
 * tests and the whole-site tests that share one build; `npm run test:slow` the rest (Chromium,
 * fuzzing, crashes, large sites, the cache against no cache); `npm run test:all` both.
 */
export const SLOW = ['test/browser/**', 'test/hardening/**', 'test/**/*.slow.test.ts'];

const set = process.env.SITEGEN_TESTS ?? 'quick';

export default defineConfig({
  test: {
    include: set === 'quick' ? ['test/**/*.test.ts'] : set === 'slow' ? SLOW.map((glob) => (glob.endsWith('.ts') ? glob : `${glob}/*.test.ts`)) : ['test/**/*.test.ts'],
    exclude: set === 'quick' ? ['**/node_modules/**', ...SLOW] : ['**/node_modules/**'],
    // Bundles lib/ and builds the real site once for the whole run (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // In the quick set, the files of a worker share their modules: the engine, React, remark and
    // shiki load once per worker rather than once per file (docs/testing.md "Timing"). No quick
    // suite changes a module's state for the next: mocks are restored, environment variables put
    // back (withEnv), and each file's temporary folders removed after it (test/setup-file.ts).
    // The slow set's servers and browsers keep a fresh module graph per file.
    isolate: set !== 'quick',
    setupFiles: ['test/setup-file.ts'],
    // The slow set's tests build whole sites several times each: minutes on a loaded machine.
    testTimeout: set === 'quick' ? 60_000 : 180_000,
    hookTimeout: set === 'quick' ? 60_000 : 180_000,
    // expect.poll waits for something to happen (a reply shown, a file rebuilt) and returns as soon
    // as it has: Vitest's default second is shorter than a round trip to PocketBase and back
    // through Chromium on a loaded two-core machine, so the wait is as long as a test may take.
    expect: { poll: { timeout: set === 'quick' ? 10_000 : 30_000 } },
    // Whole-site builds are CPU-bound; two workers match the build machines' two cores.
    maxWorkers: 2,
  },
});
