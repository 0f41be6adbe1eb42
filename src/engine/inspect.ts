/**
 * The part of the API for commands that read a site and its output and build nothing
 * (`sitegen check`, `sitegen translations`, `sitegen publish`): none of it reaches the build,
 * so loading it loads neither React nor esbuild (`test/engine/bundle/command-modules.test.ts`).
 * `index.ts` exports all of it too.
 */

// The configuration, resolved once, and what the sources define (`sitegen check`).
export { resolveConfig, type ResolvedConfig } from './config/resolve-config';
export { resolveOptions, resolveOutDir, DEFAULT_OUT, type UserOptions, type ResolvedOptions } from './config/options';
export type { SiteSettings } from './config/site-settings';
export { readSiteDefinition, type SiteDefinition } from './site-definition';
export type { PagePlan } from './plan/plan-pages';
export type { Route } from './plan/route-table';

// Diagnostics: one kind, one formatter.
export { BuildFailure, Problems, SiteError, sortDiagnostics, warning, type Code, type Diagnostic, type SourceLocation, type Where } from './diagnostics/diagnostic';
export { formatDiagnostic } from './diagnostics/format';

// Translations that fall behind their source (`sitegen translations`, docs/translations.md).
export { diffExcerpt, markTranslations, translationStatus, type DiffPart, type MarkOptions, type MarkResult, type SourceChange, type TranslationItem, type TranslationState, type TranslationStatus, type TranslationStatusItem } from './translations/index';

// The output folder's layout, as `check` and `publish` read it.
export { ASSETS_DIR, BUILDS_DIR } from './base/output-paths';
export { outputPathOf } from './plan/plan-pages';
export { REDIRECTS_FILE, type RedirectHistory } from './plan/previous-build';
export { HEADERS_FILE, headersForPath } from './artifacts/header-formats';
export { repairOutput } from './write/output-folder';
export { contentTypeOf, hasKnownContentType, outputFileCandidates, UNKNOWN_CONTENT_TYPE } from './serve/content-types';
