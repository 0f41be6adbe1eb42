import type { Code, Diagnostic } from '../engine/inspect';

/** A problem `sitegen check` found: a diagnostic about a page (by URL) or a file. */
export type Finding = Diagnostic;

/** A finding about a page, by URL. */
export function onPage(code: Code, url: string, message: string, hint?: string): Finding {
  return { code, severity: 'error', url, message, ...(hint === undefined ? {} : { hint }) };
}

/** A finding about a file of the output (absolute path). */
export function inFile(code: Code, file: string, message: string, hint?: string): Finding {
  return { code, severity: 'error', file, message, ...(hint === undefined ? {} : { hint }) };
}
