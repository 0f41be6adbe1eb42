import type { Locale } from '../../shared/locales';
import type { Code, SourceLocation } from '../diagnostics/diagnostic';
import type { MarkdownTree, RenderedMarkdown } from './markdown';

/** One Markdown body to render. Plain data, so it can cross to a worker thread. */
export interface MarkdownJob {
  /** The content file relative to `content/` (`hu/career.md`). */
  key: string;
  file: string;
  body: string;
  /** Lines before the body in its file. */
  lineOffset: number;
  locale: Locale;
}

/** What Markdown needs to know of the site's URLs, as plain data. */
export interface LinkData {
  /** Route id -> its URL in each locale. */
  urls: Record<string, Record<Locale, string>>;
  /** Page URL -> its route and locale. */
  owners: Record<string, { routeId: string; locale: Locale }>;
}

/** A problem found while rendering, as plain data. */
export type PlainProblem = SourceLocation & { code: Code; message: string; hint: string | undefined };

export interface JobResult {
  markdown: RenderedMarkdown;
  problems: PlainProblem[];
  /** What renders, but not as written (raw HTML left out), at its place in the file. */
  warnings: PlainProblem[];
}

/** Called with each result as soon as it is there, before `render` resolves with all of them. */
export type ResultArrived = (key: string, result: JobResult) => void;

/** Markdown in two steps: `parse` as soon as files are read, `render` once the URLs are known. */
export interface MarkdownStage {
  parse(jobs: readonly MarkdownJob[]): void;
  /**
   * The results for `keys`, in order; every key was parsed before. A worker renders them in
   * that order and sends them a few at a time, so the build can use the first ones (render
   * their pages) while the worker renders the rest.
   */
  render(keys: readonly string[], links: LinkData, arrived?: ResultArrived): Promise<JobResult[]>;
  close(): void;
}

/** At most this many bodies are parsed before the site's URLs are known (per thread). */
export const EARLY_PARSES = 300;

/**
 * A job whose body is read only when its thread gets to it (a large build keeps its bodies in
 * their files: \`scale/file-jobs.ts\`): \`body()\` is undefined when the body is no longer what
 * the build read, which is reported, never rendered.
 */
export interface DeferredJob extends Omit<MarkdownJob, 'body'> {
  body(): string | undefined;
  /** Whether \`text\` is the body the build read (a body parsed ahead is kept only then). */
  isBody(text: string): boolean;
}

/** A job as a stage gets it: its body, or how to read it. */
export type AnyJob = MarkdownJob | DeferredJob;

/** A body parsed ahead, before the build sent it. */
export interface ParsedAhead {
  body: string;
  tree: MarkdownTree;
}

/** Both steps on the calling thread (`in-thread-stage.ts`). */
export interface InThreadStage extends MarkdownStage {
  /** `render` without collecting the results: each goes to `arrived` only (a worker sends them on). */
  renderEach(keys: readonly string[], links: LinkData, arrived: ResultArrived): Promise<void>;
  /** `parse`, also of jobs whose bodies are read when needed (a worker's, in a large build). */
  parse(jobs: ReadonlyArray<AnyJob>): void;
  /** Jobs a worker renders: only kept, and rendered here only if that worker fails. */
  keep(jobs: ReadonlyArray<AnyJob>): void;
}
