import type { Locale } from '../../shared/locales';
import { Problems, type Code, type SourceLocation } from '../diagnostics/diagnostic';
import { SectionMemo, type ParseBody } from './body-sections';
import { createMarkdownRenderer, type MarkdownTree, type RenderedMarkdown } from './markdown';

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

const bodyOf = (job: AnyJob): string | undefined => ('isBody' in job ? job.body() : job.body);

/** A body parsed ahead, before the build sent it. */
export interface ParsedAhead {
  body: string;
  tree: MarkdownTree;
}

/**
 * Both steps on the calling thread (also the worker's own logic). A job whose body was parsed
 * `ahead` (by key, with the same text) takes that tree; `stopAhead` ends the reading ahead once
 * the build has sent its bodies.
 */
export function inThreadStage(
  ahead: Map<string, ParsedAhead> = new Map(),
  stopAhead: () => void = () => {},
  parseBody: ParseBody = (_key, body, parseText) => parseText(body),
): MarkdownStage & {
  /** `render` without collecting the results: each goes to `arrived` only (a worker sends them on). */
  renderEach(keys: readonly string[], links: LinkData, arrived: ResultArrived): Promise<void>;
  /** `parse`, also of jobs whose bodies are read when needed (a worker's, in a large build). */
  parse(jobs: ReadonlyArray<AnyJob>): void;
  /** Jobs a worker renders: only kept, and rendered here only if that worker fails. */
  keep(jobs: ReadonlyArray<AnyJob>): void;
} {
  const renderer = createMarkdownRenderer();
  const parse = (key: string, body: string) => parseBody(key, body, renderer.parse);
  const parsed = new Map<string, { job: AnyJob; tree: MarkdownTree | undefined }>();
  // Bodies to parse before they are asked for, one per turn of the event loop, so a render
  // request is taken up between two of them and its first results go out early.
  const early: string[] = [];
  let earlyCount = 0;
  const parseEarly = () => {
    const key = early.shift();
    if (key === undefined) return;
    const entry = parsed.get(key);
    const body = entry && !entry.tree ? bodyOf(entry.job) : undefined;
    if (body !== undefined) entry!.tree = parse(key, body);
    setImmediate(parseEarly);
  };
  return {
    parse(jobs: ReadonlyArray<AnyJob>) {
      stopAhead();
      const idle = early.length === 0;
      for (const job of jobs) {
        const guess = ahead.get(job.key);
        ahead.delete(job.key);
        if (guess && ('isBody' in job ? job.isBody(guess.body) : guess.body === job.body)) {
          parsed.set(job.key, { job: { ...job, body: guess.body }, tree: guess.tree });
          continue;
        }
        parsed.set(job.key, { job, tree: undefined });
        // Parsing ahead only fills the wait for the route table; holding thousands of syntax
        // trees would cost more in memory and garbage collection than it saves.
        if (earlyCount >= EARLY_PARSES) continue;
        earlyCount++;
        early.push(job.key);
      }
      // What the build did not send (a file it skipped, or knows from its cache) is not needed.
      ahead.clear();
      if (idle && early.length > 0) setImmediate(parseEarly);
    },
    keep(jobs) {
      for (const job of jobs) parsed.set(job.key, { job, tree: undefined });
    },
    async render(keys, links, arrived) {
      const results: JobResult[] = [];
      for (const key of keys) results.push(await finish(key, links, arrived));
      return results;
    },
    async renderEach(keys, links, arrived) {
      for (const key of keys) await finish(key, links, arrived);
    },
    close() {},
  };

  async function finish(key: string, links: LinkData, arrived: ResultArrived | undefined): Promise<JobResult> {
    const entry = parsed.get(key)!;
    const { job } = entry;
    parsed.delete(key);
    const problems = new Problems();
    const warnings: PlainProblem[] = [];
    // A tree parsed early needs its body no more (nor its file read again).
    let { tree } = entry;
    if (!tree) {
      const body = bodyOf(job);
      if (body === undefined) {
        problems.add('content/changed-during-build', `${job.file} changed or went away during the build`, {
          file: job.file,
          hint: 'build again: a large build reads each Markdown body from its file when it renders it, and this one was no longer what the build had read',
        });
      }
      tree = parse(key, body ?? '');
    }
    const markdown = await renderer.finish(tree, {
      file: job.file,
      lineOffset: job.lineOffset,
      routeUrl: (id) => links.urls[id]?.[job.locale],
      foreignRoute(url) {
        const owner = links.owners[url];
        return owner && owner.locale !== job.locale ? owner.routeId : undefined;
      },
      problems,
      warn: (code, message, { line, column }, hint) => warnings.push({ code, message, file: job.file, line, column, hint }),
    });
    const result = {
      markdown,
      warnings,
      problems: problems.errors.map((error) => ({
        code: error.code,
        message: error.message,
        file: error.file ?? job.file,
        line: error.line ?? 1,
        column: error.column ?? 1,
        hint: error.hint,
      })),
    };
    arrived?.(key, result);
    return result;
  }
}

/**
 * A long-lived stage for watch mode: renders on this thread (warm after the first build) and
 * reuses the result of every body whose text and the site's URLs did not change. After the
 * first build, a body edited again is parsed again only in its changed sections
 * (`body-sections.ts`), unless `sections` is false.
 */
export function cachingStage({ sections = true }: { sections?: boolean } = {}): MarkdownStage {
  const memo = new SectionMemo();
  let built = false;
  const stage = inThreadStage(undefined, undefined, (key, body, parseText) =>
    built && sections ? memo.parse(key, body, parseText) : parseText(body),
  );
  const jobs = new Map<string, MarkdownJob>();
  const done = new Map<string, { job: MarkdownJob; links: string; result: JobResult }>();
  const linkKeys = new WeakMap<LinkData, string>();
  // Errors carry positions in the file: the offset of the body counts too.
  const same = (a: MarkdownJob, b: MarkdownJob) => a.body === b.body && a.lineOffset === b.lineOffset && a.file === b.file && a.locale === b.locale;
  return {
    parse(next) {
      jobs.clear();
      for (const job of next) jobs.set(job.key, job);
    },
    async render(keys, links, arrived) {
      const linksKey = linkKeys.get(links) ?? JSON.stringify(links);
      linkKeys.set(links, linksKey);
      const todo = keys.filter((key) => {
        const cached = done.get(key);
        return !cached || !same(cached.job, jobs.get(key)!) || cached.links !== linksKey;
      });
      stage.parse(todo.map((key) => jobs.get(key)!));
      const results = await stage.render(todo, links);
      built = true;
      todo.forEach((key, index) => done.set(key, { job: jobs.get(key)!, links: linksKey, result: results[index]! }));
      return keys.map((key) => {
        const { result } = done.get(key)!;
        arrived?.(key, result);
        return result;
      });
    },
    close() {},
  };
}
