import path from 'node:path';

/** Where in a source file something is; line and column start at 1. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

/**
 * An error in the site's sources that the user can act on: it names the file, the line and
 * the column, says what is wrong and, in `hint`, what to do about it.
 */
export class SiteError extends Error {
  override name = 'SiteError';
  readonly file: string | undefined;
  readonly line: number;
  readonly column: number;
  readonly hint: string | undefined;

  constructor(
    message: string,
    where: Partial<SourceLocation> & { hint?: string; cause?: unknown } = {},
  ) {
    super(message, where.cause === undefined ? undefined : { cause: where.cause });
    this.file = where.file;
    this.line = where.line ?? 1;
    this.column = where.column ?? 1;
    this.hint = where.hint;
  }
}

/** A build that found errors in the sources; it carries all of them, in file order. */
export class BuildFailure extends Error {
  override name = 'BuildFailure';
  constructor(readonly errors: SiteError[]) {
    super(`${errors.length} error${errors.length === 1 ? '' : 's'} in the site's sources`);
  }
}

/** Collects the errors of one stage so a build reports them all at once. */
export class Problems {
  readonly errors: SiteError[] = [];

  add(message: string, where: Partial<SourceLocation> & { hint?: string; cause?: unknown } = {}): void {
    this.errors.push(new SiteError(message, where));
  }

  push(error: SiteError): void {
    this.errors.push(error);
  }

  get ok(): boolean {
    return this.errors.length === 0;
  }

  /** Ends the build here when any stage so far found an error. */
  throwIfAny(): void {
    if (this.errors.length > 0) throw new BuildFailure(sortErrors(this.errors));
  }
}

function sortErrors(errors: SiteError[]): SiteError[] {
  return [...errors].sort(
    (a, b) =>
      (a.file ?? '').localeCompare(b.file ?? '') || a.line - b.line || a.column - b.column,
  );
}

/**
 * `content/routes.yaml:42:5: error: unknown template "blag"` and the hint on the next line.
 * File names are shown relative to `cwd` so terminals and editors can open them; an error of
 * no file in particular starts with `sitegen:`.
 */
export function formatSiteError(error: SiteError, cwd = process.cwd()): string {
  const head = error.file
    ? `${path.relative(cwd, error.file) || error.file}:${error.line}:${error.column}: error: ${error.message}`
    : `sitegen: ${error.message}`;
  return error.hint ? `${head}\n  hint: ${error.hint}` : head;
}
