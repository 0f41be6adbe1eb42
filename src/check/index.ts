/** `sitegen check`'s programmatic API. */
export { check, type CheckOptions, type CheckResult } from './check';
export { formatFinding, type Finding, type RuleName } from './finding';
export { DESCRIPTION_LENGTH, TITLE_LENGTH } from './rules/page-quality';
