/** sitegen's programmatic API: what the CLI, `check`, `publish`, tests and benchmarks call. */

// Building and watching a site.
export { build, type BuildOptions, type BuildResult } from './build';
export { watch, type Watcher, type WatchEvent, type WatchOptions } from './serve/watch';
export { BuildSession } from './cache/build-session';
// What `sitegen build` starts before it loads the rest, through `start.ts`.
export { prestartMarkdownWorker } from './scale/markdown-worker-start';
export { unchangedBuild, type BuildSummary, type UnchangedBuild } from './cache/build-record';
export { ENGINE_VERSION } from './config/package-info';
export { CATALOGUE } from './diagnostics/catalogue';

// The configuration, what the sources define, diagnostics, translations and the output's
// layout: what the commands that build nothing use, from the entry they load (`inspect.ts`).
export * from './inspect';
