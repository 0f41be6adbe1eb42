/** `sitegen check`'s programmatic API. */
export { check, type CheckOptions, type CheckResult } from './check';
export type { Finding } from './finding';
export { DESCRIPTION_LENGTH, TITLE_LENGTH } from './rules/page-quality';
