import path from 'node:path';

/**
 * Something a build did that works but loses something: a URL that leads nowhere now, raw HTML
 * the sanitizer dropped, a cache that could not be used. The build succeeds and prints it;
 * `sitegen check` turns the lasting ones into errors.
 */
export interface BuildWarning {
  /** The URL it is about... */
  url?: string;
  /** ...or the file, line and column (from 1). */
  file?: string;
  line?: number;
  column?: number;
  message: string;
  hint?: string;
}

/**
 * `/blog/old-post: warning: ...`, `content/en/x.md:3:1: warning: ...` or `sitegen: warning: ...`,
 * and the hint on the next line when there is one.
 */
export function formatWarning(warning: BuildWarning, cwd = process.cwd()): string {
  const where = warning.url ?? (warning.file ? `${path.relative(cwd, warning.file) || warning.file}:${warning.line ?? 1}:${warning.column ?? 1}` : 'sitegen');
  const head = `${where}: warning: ${warning.message}`;
  return warning.hint ? `${head}\n  hint: ${warning.hint}` : head;
}
