#!/usr/bin/env -S node --v8-pool-size=1 --single-threaded-gc --heap-growing-percent=50
// The flags: a build keeps every core busy with its own threads (this one, the Markdown
// workers, esbuild), so V8's background compiler and garbage-collector threads (four by
// default) only compete with them; with one, a cold build is about a tenth faster on two cores.
// Each thread's heap may grow to 1.5 times what it held after its last full collection rather
// than up to four times: a large site's build peaks at about half the memory in the same time
// (docs/performance.md). `node bin/sitegen.js` works too, without them.
// The CLI runs from lib/, bundled from src/ by `npm ci` (the "prepare" script).
import { existsSync } from 'node:fs';

// React renders several times faster in its production build; tests may still choose otherwise.
process.env.NODE_ENV ??= 'production';

const entry = new URL('../lib/main.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('sitegen: lib/main.js is missing; run `npm ci` or `npm run prepare` in the sitegen folder first.');
  process.exit(1);
}
await import(entry.href);
