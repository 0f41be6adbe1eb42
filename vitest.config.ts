import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Bundles lib/ and builds the real site once for the whole run (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Whole-site builds are CPU-bound; two workers match the build machines' two cores.
    maxWorkers: 2,
  },
});
