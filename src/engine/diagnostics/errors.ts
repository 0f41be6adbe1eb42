import path from 'node:path';

/** Where in a source file something is; line and column start at 1. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

/** Where an error was found and what to do about it. */
export type ErrorContext = Partial<SourceLocation> & {
  hint?: string | undefined;
  cause?: unknown;
  /** The URLs of the pages being rendered when it was found (a template error). */
  pages?: readonly string[];
};

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
  /** The pages whose rendering ran into it, in the order they were rendered; empty for others. */
  readonly pages: readonly string[];

  constructor(message: string, where: ErrorContext = {}) {
    super(message, where.cause === undefined ? undefined : { cause: where.cause });
    this.file = where.file;
    this.line = where.line ?? 1;
    this.column = where.column ?? 1;
    this.hint = where.hint;
    this.pages = where.pages ?? [];
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

  add(message: string, where: ErrorContext = {}): void {
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
    if (this.errors.length > 0) throw new BuildFailure(sortErrors(groupByCause(this.errors)));
  }
}

function sortErrors(errors: SiteError[]): SiteError[] {
  return [...errors].sort(
    (a, b) =>
      (a.file ?? '').localeCompare(b.file ?? '') || a.line - b.line || a.column - b.column,
  );
}

/**
 * One error per cause: a template or message that fails on every page it renders is one error
 * with the pages it failed on, not one per page.
 */
export function groupByCause(errors: readonly SiteError[]): SiteError[] {
  const byCause = new Map<string, SiteError[]>();
  for (const error of errors) {
    const cause = error.pages.length === 0 ? `\0${byCause.size}` : [error.file, error.line, error.column, error.message, error.hint].join('\0');
    const same = byCause.get(cause);
    if (same) same.push(error);
    else byCause.set(cause, [error]);
  }
  return [...byCause.values()].map((same) => {
    if (same.length === 1) return same[0]!;
    const [first] = same as [SiteError];
    return new SiteError(first.message, { file: first.file, line: first.line, column: first.column, hint: first.hint, cause: first.cause, pages: same.flatMap((error) => error.pages) });
  });
}

/** How many example pages an error found on many pages names. */
const EXAMPLE_PAGES = 3;

/** ` (rendering /hu/karrier)`, or ` (in 132 pages, e.g. /, /hu, /de)`; nothing for an error of no page. */
export function pagesNote(pages: readonly string[]): string {
  if (pages.length === 0) return '';
  if (pages.length === 1) return ` (rendering ${pages[0]})`;
  return ` (in ${pages.length} pages, e.g. ${pages.slice(0, EXAMPLE_PAGES).join(', ')})`;
}

/**
 * `content/routes.yaml:42:5: error: unknown template "blag"` and the hint on the next line.
 * File names are shown relative to `cwd` so terminals and editors can open them; an error of
 * no file in particular starts with `sitegen:`.
 */
export function formatSiteError(error: SiteError, cwd = process.cwd()): string {
  const message = `${error.message}${pagesNote(error.pages)}`;
  const head = error.file ? `${path.relative(cwd, error.file) || error.file}:${error.line}:${error.column}: error: ${message}` : `sitegen: ${message}`;
  return error.hint ? `${head}\n  hint: ${error.hint}` : head;
}
