import type { Locale } from '../../shared/locales';
import type { Code, SourceLocation } from '../diagnostics/diagnostic';
import { SectionMemo, type ParseBody } from './body-sections';
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

/**
 * The stage on this thread, loaded when a body is first parsed or rendered here. remark and
 * its plugins take about 45 ms to load, and a build whose bodies the Markdown worker renders
 * (or the cache holds) never needs them on this thread: it only keeps the worker's jobs, in
 * case the worker fails. Calls made before the module is there are replayed in their order
 * once it is. `loadModule` is for tests, which count the loads.
 */
export function inThreadStageLater(
  parseBody?: ParseBody,
  loadModule: () => Promise<typeof import('./in-thread-stage')> = () => import('./in-thread-stage'),
): InThreadStage {
  let stage: InThreadStage | undefined;
  let loading: Promise<InThreadStage> | undefined;
  const waiting: Array<(stage: InThreadStage) => void> = [];
  const load = () =>
    (loading ??= loadModule().then(({ inThreadStage }) => {
      stage = inThreadStage(undefined, undefined, parseBody);
      for (const call of waiting.splice(0)) call(stage);
      return stage;
    }));
  const later = (call: (stage: InThreadStage) => void, needsParser: boolean) => {
    if (stage) return call(stage);
    waiting.push(call);
    if (needsParser) void load();
  };
  return {
    parse: (jobs) => later((loaded) => loaded.parse(jobs), jobs.length > 0),
    keep: (jobs) => later((loaded) => loaded.keep(jobs), false),
    render: async (keys, links, arrived) => (keys.length === 0 && !stage ? [] : (await load()).render(keys, links, arrived)),
    renderEach: async (keys, links, arrived) => (await load()).renderEach(keys, links, arrived),
    close: () => stage?.close(),
  };
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
  const stage = inThreadStageLater((key, body, parseText) => (built && sections ? memo.parse(key, body, parseText) : parseText(body)));
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
