/** sitegen's programmatic API: what the CLI, tests and benchmarks call. */
export { build, type BuildOptions, type BuildResult } from './build';
export { BuildFailure, SiteError, formatSiteError, type SourceLocation } from './errors';
export { ENGINE_VERSION } from './package-info';
export { BuildSession } from './build-session';
export { watch, type Watcher, type WatchEvent, type WatchOptions } from './watch';
export { formatWarning, type BuildWarning } from './warnings';
