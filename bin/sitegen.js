#!/usr/bin/env -S MALLOC_ARENA_MAX=2 node --v8-pool-size=1 --single-threaded-gc
// The flags: a build keeps every core busy with its own threads (this one, the Markdown
// workers, esbuild), so V8's background compiler and garbage-collector threads (four by
// default) only compete with them; with one, a cold build is about a tenth faster on two cores
// (docs/performance.md). `node bin/sitegen.js` works too, without them.
// MALLOC_ARENA_MAX: glibc gives threads up to eight malloc arenas per core and keeps what is
// freed in each; a large build's five threads then held 140 MB more at their peak (10,000
// articles x 3: 1,291 against 1,148 MB), for no measurable time. Other C libraries ignore it.
// The CLI runs from lib/, bundled from src/ by `npm ci` (the "prepare" script).
import { existsSync } from 'node:fs';
import module from 'node:module';

// React renders several times faster in its production build; tests may still choose otherwise.
process.env.NODE_ENV ??= 'production';

const entry = new URL('../lib/main.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('sitegen: lib/main.js is missing; run `npm ci` or `npm run prepare` in the sitegen folder first.');
  process.exit(1);
}
// Node 22.1 and later keep V8's compiled code of the modules loaded from here on, by each file's
// contents and the Node version (in NODE_COMPILE_CACHE if set, else the system's temporary
// folder): a run after the first compiles a third less of the engine (docs/performance.md,
// "Loading the engine"). Node 20 has no such cache; the call is skipped there.
module.enableCompileCache?.();
await import(entry.href);
