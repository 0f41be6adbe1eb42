/**
 * The engine's start-up entry: what `sitegen build` calls before it loads the engine. Starting
 * the Markdown worker here lets it load and read the content while the main thread loads
 * `index.ts`, which imports the whole engine (hundreds of milliseconds of a cold start); asking
 * whether anything changed since the last build here spares a build that has nothing to do
 * loading the engine at all. So this module imports nothing heavy. `index.ts` exports the same:
 * it is the whole API, this the part that is cheap to load.
 */
export { prestartMarkdownWorker } from './scale/markdown-worker-start';
export { unchangedBuild, type BuildSummary, type UnchangedBuild } from './cache/build-record';
export { formatDiagnostic } from './diagnostics/format';
