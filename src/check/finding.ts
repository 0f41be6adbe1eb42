import path from 'node:path';
import type { SiteError } from '../engine/diagnostics/errors';

/** The rule families of `sitegen check`, in the order their findings are listed for one place. */
export const RULES = ['messages', 'routes', 'redirects', 'links', 'locale-links', 'hreflang', 'page-quality'] as const;
export type RuleName = (typeof RULES)[number];

/**
 * One problem `sitegen check` found. It is about a page (`page`: its URL) or a file (`file`:
 * absolute path, with a position when it is a source file).
 */
export interface Finding {
  rule: RuleName;
  page?: string;
  file?: string;
  line?: number;
  column?: number;
  message: string;
  hint?: string;
}

/** A finding about a page, by URL. */
export function onPage(rule: RuleName, page: string, message: string, hint?: string): Finding {
  return hint === undefined ? { rule, page, message } : { rule, page, message, hint };
}

/** A finding about a file of the output or the sources (absolute path). */
export function inFile(rule: RuleName, file: string, message: string, hint?: string): Finding {
  return hint === undefined ? { rule, file, message } : { rule, file, message, hint };
}

/** An engine error (a source file with its position) as a finding. */
export function fromSiteError(rule: RuleName, error: SiteError): Finding {
  const finding: Finding = { rule, message: error.message, line: error.line, column: error.column };
  if (error.file !== undefined) finding.file = error.file;
  if (error.hint !== undefined) finding.hint = error.hint;
  return finding;
}

/**
 * Source files first (by file and position), then pages by URL, then output files; within one
 * place, by rule and message. The same finding twice is listed once.
 */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  const group = (finding: Finding) => (finding.page !== undefined ? 1 : finding.line !== undefined ? 0 : 2);
  const sorted = [...findings].sort(
    (a, b) =>
      group(a) - group(b) ||
      compare(a.file ?? a.page ?? '', b.file ?? b.page ?? '') ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      RULES.indexOf(a.rule) - RULES.indexOf(b.rule) ||
      compare(a.message, b.message),
  );
  return sorted.filter((finding, index) => index === 0 || formatFinding(finding) !== formatFinding(sorted[index - 1]!));
}

/** Code-unit order: the same on every machine, unlike `localeCompare`. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * `/hu/karrier: links to /de/karriere, …` or `locales/hu.json:12:5: …`, and the hint on the next
 * line. Files are shown relative to `cwd`, so terminals and editors can open them.
 */
export function formatFinding(finding: Finding, cwd = process.cwd()): string {
  let where = finding.page ?? (finding.file === undefined ? 'sitegen' : path.relative(cwd, finding.file) || finding.file);
  if (finding.page === undefined && finding.line !== undefined) where += `:${finding.line}:${finding.column ?? 1}`;
  const head = `${where}: ${finding.message}`;
  return finding.hint === undefined ? head : `${head}\n  hint: ${finding.hint}`;
}
