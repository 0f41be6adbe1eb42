import path from 'node:path';
import type { Diagnostic } from './diagnostic';

/** How many example pages a diagnostic found on many pages names. */
const EXAMPLE_PAGES = 3;

/** ` (rendering /hu/karrier)`, or ` (in 132 pages, e.g. /, /hu, /de)`; nothing for one of no page. */
export function pagesNote(pages: readonly string[] | undefined): string {
  if (!pages || pages.length === 0) return '';
  if (pages.length === 1) return ` (rendering ${pages[0]})`;
  return ` (in ${pages.length} pages, e.g. ${pages.slice(0, EXAMPLE_PAGES).join(', ')})`;
}

/**
 * `content/routes.yaml:42:5: error: unknown template "blag" [routes/unknown-template]`, a page's
 * `/hu/karrier: error: ...`, an output file's `dist/404.html: error: ...` or `sitegen: warning:
 * ...`, and the hint on the next line. File names are relative to `cwd` so terminals and editors
 * can open them; the code names the entry of `docs/errors.md`.
 */
export function formatDiagnostic(d: Diagnostic, cwd = process.cwd()): string {
  const file = d.file === undefined ? undefined : path.isAbsolute(d.file) ? path.relative(cwd, d.file) || d.file : d.file;
  const where = file !== undefined ? (d.line !== undefined ? `${file}:${d.line}:${d.column ?? 1}` : file) : (d.url ?? 'sitegen');
  // The code ends the first line, also of a message that lists more below it.
  const newline = d.message.indexOf('\n');
  const [first, more] = newline === -1 ? [d.message, ''] : [d.message.slice(0, newline), d.message.slice(newline)];
  const head = `${where}: ${d.severity}: ${first}${pagesNote(d.pages)} [${d.code}]${more}`;
  return d.hint ? `${head}\n  hint: ${d.hint}` : head;
}
