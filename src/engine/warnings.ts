/**
 * Something a build did that works but loses something (a URL that leads nowhere now). The
 * build succeeds and prints it; `sitegen check` turns the lasting ones into errors.
 */
export interface BuildWarning {
  /** The URL it is about. */
  url: string;
  message: string;
  hint: string;
}

/** `/blog/old-post: warning: ...` and the hint on the next line. */
export function formatWarning(warning: BuildWarning): string {
  return `${warning.url}: warning: ${warning.message}\n  hint: ${warning.hint}`;
}
