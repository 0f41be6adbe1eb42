import type { Code } from './catalogue';

export type { Code };

/** Where in a source file something is; line and column start at 1. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

export type Severity = 'error' | 'warning';

/**
 * One thing sitegen has to say about the site, its output or a publish: an error (the command
 * fails) or a warning (it works, but loses something). It names where: a source file with its
 * line and column, an output file, or a URL; says what happened, and in `hint` what to do. Its
 * code is in the catalogue (`catalogue.ts`, `docs/errors.md`). Build errors, build warnings,
 * the findings of `sitegen check` and the failures of `sitegen publish` are all diagnostics,
 * printed by one formatter in one order (`format.ts`).
 */
export interface Diagnostic {
  readonly code: Code;
  readonly severity: Severity;
  readonly message: string;
  readonly hint?: string | undefined;
  /** A source file (with `line`), an output file or an environment variable's name. */
  readonly file?: string | undefined;
  readonly line?: number | undefined;
  readonly column?: number | undefined;
  /** The URL (path) of the page it is about. */
  readonly url?: string | undefined;
  /** The pages whose rendering ran into it (a template's error), in the order they rendered. */
  readonly pages?: readonly string[] | undefined;
  readonly cause?: unknown;
}

/** Where something was found and what to do about it. */
export type Where = Partial<SourceLocation> & {
  url?: string | undefined;
  /** What the error is about when the place is found later: the image URL a page named (`images/`). */
  subject?: string | undefined;
  hint?: string | undefined;
  cause?: unknown;
  pages?: readonly string[] | undefined;
};

/**
 * An error diagnostic that can be thrown: a stage that cannot go on throws it (or a
 * `BuildFailure` of several); stages that can go on collect them (`Problems`).
 */
export class SiteError extends Error implements Diagnostic {
  override name = 'SiteError';
  readonly code: Code;
  readonly severity = 'error' as const;
  readonly file: string | undefined;
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly url: string | undefined;
  readonly hint: string | undefined;
  readonly pages: readonly string[];
  /** See `Where.subject`. */
  readonly subject: string | undefined;

  constructor(code: Code, message: string, where: Where = {}) {
    super(message, where.cause === undefined ? undefined : { cause: where.cause });
    this.code = code;
    this.file = where.file;
    // A source file is named with its place; the first line when none is known.
    this.line = where.file === undefined ? where.line : (where.line ?? 1);
    this.column = where.file === undefined ? where.column : (where.column ?? 1);
    this.url = where.url;
    this.hint = where.hint;
    this.pages = where.pages ?? [];
    this.subject = where.subject;
  }
}

/** A warning diagnostic. */
export function warning(code: Code, message: string, where: Where = {}): Diagnostic {
  const { hint, cause, pages, ...place } = where;
  return { code, severity: 'warning', message, ...place, ...(hint === undefined ? {} : { hint }), ...(pages?.length ? { pages } : {}), ...(cause === undefined ? {} : { cause }) };
}

/** A build that found errors; it carries all of them, sorted, one per cause. */
export class BuildFailure extends Error {
  override name = 'BuildFailure';
  constructor(readonly errors: SiteError[]) {
    super(`${errors.length} error${errors.length === 1 ? '' : 's'} in the site's sources`);
  }
}

/** Collects the errors of one stage so a build reports them all at once. */
export class Problems {
  readonly errors: SiteError[] = [];

  add(code: Code, message: string, where: Where = {}): void {
    this.errors.push(new SiteError(code, message, where));
  }

  push(error: SiteError): void {
    this.errors.push(error);
  }

  get ok(): boolean {
    return this.errors.length === 0;
  }

  /** Ends the build here when any stage so far found an error. */
  throwIfAny(): void {
    if (this.errors.length > 0) throw new BuildFailure(sortDiagnostics(groupByCause(this.errors)));
  }
}

/**
 * One error per cause: a template or message that fails on every page it renders is one error
 * with the pages it failed on, not one per page.
 */
export function groupByCause(errors: readonly SiteError[]): SiteError[] {
  const byCause = new Map<string, SiteError[]>();
  for (const error of errors) {
    const cause = error.pages.length === 0 ? `\0${byCause.size}` : [error.code, error.file, error.line, error.column, error.message, error.hint].join('\0');
    const same = byCause.get(cause);
    if (same) same.push(error);
    else byCause.set(cause, [error]);
  }
  return [...byCause.values()].map((same) => {
    if (same.length === 1) return same[0]!;
    const [first] = same as [SiteError];
    return new SiteError(first.code, first.message, { file: first.file, line: first.line, column: first.column, hint: first.hint, cause: first.cause, pages: same.flatMap((error) => error.pages) });
  });
}

/**
 * Source files first (by file and place), then pages by URL, then output files, then what
 * concerns no place; within one place, errors before warnings, then by code and message. The
 * same diagnostic twice is listed once.
 */
export function sortDiagnostics<D extends Diagnostic>(diagnostics: readonly D[]): D[] {
  const group = (d: Diagnostic) => (d.file !== undefined && d.line !== undefined ? 0 : d.url !== undefined ? 1 : d.file !== undefined ? 2 : 3);
  const key = (d: Diagnostic) => [d.code, d.file, d.line, d.column, d.url, d.message, d.hint].join('\0');
  const sorted = [...diagnostics].sort(
    (a, b) =>
      group(a) - group(b) ||
      compare(a.file ?? a.url ?? '', b.file ?? b.url ?? '') ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      compare(a.severity, b.severity) ||
      compare(a.code, b.code) ||
      compare(a.message, b.message),
  );
  return sorted.filter((d, index) => index === 0 || key(d) !== key(sorted[index - 1]!));
}

/** Code-unit order: the same on every machine, unlike `localeCompare`. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
