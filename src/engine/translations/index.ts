/** What the CLI, `sitegen check` and the tests use of the translations' state (`README.md` beside this file). */
export { markTranslations, type MarkOptions, type MarkResult } from './mark';
export { translationStatus, type TranslationStatus, type TranslationStatusItem, type TranslationStatusOptions } from './status';
export type { SourceChange } from './source-history';
export type { TranslationItem, TranslationState } from './states';
export { diffExcerpt, type DiffPart } from './word-diff';
