/** sitegen's programmatic API: what the CLI, `check`, `publish`, tests and benchmarks call. */

// Building and watching a site.
export { build, type BuildOptions, type BuildResult } from './build';
export { watch, type Watcher, type WatchEvent, type WatchOptions } from './serve/watch';
export { BuildSession } from './cache/build-session';
// What `sitegen build` starts before it loads the rest, through `start.ts`.
export { prestartMarkdownWorker } from './scale/markdown-worker-start';
export { unchangedBuild, type BuildSummary, type UnchangedBuild } from './cache/build-record';
export { ENGINE_VERSION } from './config/package-info';

// The configuration, resolved once, and what the sources define (`sitegen check`).
export { resolveConfig, type ResolvedConfig } from './config/resolve-config';
export { resolveOptions, resolveOutDir, DEFAULT_OUT, type UserOptions, type ResolvedOptions } from './config/options';
export type { SiteSettings } from './config/site-settings';
export { readSiteDefinition, type SiteDefinition } from './site-definition';
export type { PagePlan } from './plan/plan-pages';
export type { Route } from './plan/route-table';

// Diagnostics: one kind, one formatter, one catalogue.
export { BuildFailure, Problems, SiteError, sortDiagnostics, warning, type Code, type Diagnostic, type SourceLocation, type Where } from './diagnostics/diagnostic';
export { formatDiagnostic } from './diagnostics/format';
export { CATALOGUE } from './diagnostics/catalogue';

// Translations that fall behind their source (`sitegen translations`, docs/translations.md).
export { diffExcerpt, markTranslations, translationStatus, type DiffPart, type MarkOptions, type MarkResult, type SourceChange, type TranslationItem, type TranslationState, type TranslationStatus, type TranslationStatusItem } from './translations/index';

// The output folder's layout, as `check` and `publish` read it.
export { ASSETS_DIR, BUILDS_DIR } from './base/output-paths';
export { outputPathOf } from './plan/plan-pages';
export { REDIRECTS_FILE, type RedirectHistory } from './plan/previous-build';
export { HEADERS_FILE, headersForPath } from './artifacts/header-formats';
export { repairOutput } from './write/output-folder';
export { contentTypeOf, hasKnownContentType, outputFileCandidates, UNKNOWN_CONTENT_TYPE } from './serve/content-types';
