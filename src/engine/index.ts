/** sitegen's programmatic API: what the CLI, tests and benchmarks call. */
export { build, type BuildOptions, type BuildResult } from './build';
export { BuildFailure, SiteError, formatSiteError, type SourceLocation } from './diagnostics/errors';
export { ENGINE_VERSION } from './config/package-info';
export { BuildSession } from './cache/build-session';
export { watch, type Watcher, type WatchEvent, type WatchOptions } from './serve/watch';
export { formatWarning, type BuildWarning } from './diagnostics/warnings';
