/** sitegen's programmatic API: what the CLI, `check`, `publish`, tests and benchmarks call. */
export { build, type BuildOptions, type BuildResult } from './build';
export { BuildFailure, Problems, SiteError, sortDiagnostics, warning, type Code, type Diagnostic, type SourceLocation, type Where } from './diagnostics/diagnostic';
export { formatDiagnostic } from './diagnostics/format';
export { CATALOGUE } from './diagnostics/catalogue';
export { ENGINE_VERSION } from './config/package-info';
export { BuildSession } from './cache/build-session';
export { watch, type Watcher, type WatchEvent, type WatchOptions } from './serve/watch';
export { diffExcerpt, markTranslations, translationStatus, type DiffPart, type MarkOptions, type MarkResult, type SourceChange, type TranslationItem, type TranslationState, type TranslationStatus, type TranslationStatusItem } from './translations/index';
