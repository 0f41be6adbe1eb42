import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import type { Worker } from 'node:worker_threads';
import type { Locale } from '../../shared/locales';
import { Problems, type SourceLocation } from '../diagnostics/errors';
import { splitFrontMatter } from '../read/front-matter-split';
import { inlineSourcesOf, type InlineSources } from '../artifacts/inline-sources';
import { createMarkdownRenderer, type MarkdownTree, type RenderedMarkdown } from './markdown';
import { firstMarkdownWorker, startMarkdownWorker } from '../scale/markdown-worker-start';
import { BODIES_FOR_LARGE_BUILD, type ScalePolicy } from '../scale/scale-policy';

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
export type PlainProblem = SourceLocation & { message: string; hint: string | undefined };

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
  /**
   * What a rendered page's security policy must allow (`inlineSourcesOf`). The worker is idle
   * once the Markdown is rendered, so it reads the pages while this thread renders the next.
   */
  inlineSources(html: string): Promise<InlineSources>;
  /**
   * While this thread would wait for `until` (or, without it, for the pages sent to
   * `inlineSources`), it reads queued pages itself, a page per turn of the event loop: the
   * worker may still be busy with the Markdown, and the pages must all be read before the
   * build can finish.
   */
  scanHere(until?: Promise<unknown>): Promise<void>;
  /**
   * Whether rendering keeps every core busy (a worker per core). Then pages are better rendered
   * after the Markdown than beside it: a third thread on two cores only slowed both (measured).
   */
  fillsCores(): boolean;
  /** How many worker threads have rendered Markdown in this stage (0: this thread did). */
  workerCount(): number;
  /**
   * The pages are read for the policy where they render (page workers): once the Markdown is
   * done, no worker of this stage stays or starts to read them.
   */
  pagesReadElsewhere(): void;
  close(): void;
}

/** What the build asks of a worker. */
export type WorkerRequest =
  | { type: 'parse'; jobs: Array<MarkdownJob | FileJob> }
  | { type: 'render'; keys: readonly string[]; links: LinkData }
  | { type: 'scan'; id: number; html: string };

/** A worker's answers: rendered results a few at a time, in the order asked for, the last with `done`. */
export type WorkerReply = { type: 'rendered'; results: JobResult[]; done: boolean } | { type: 'scanned'; id: number; sources: InlineSources };

/** Results a worker sends in one message: small enough that the first pages render early. */
export const RESULTS_PER_MESSAGE = 16;

/** At most this many bodies are parsed before the site's URLs are known (per thread). */
export const EARLY_PARSES = 300;

/**
 * Pages with the scanning worker at a time: while it renders Markdown, one (the rest wait here,
 * where this thread can take them); then enough that it never waits for this thread to send
 * more (this thread turns its event loop only now and then while it renders).
 */
const SCANS_SENT = { rendering: 1, idle: 16 };

/**
 * From this many bodies, heaps grow to 1.25 times what they hold instead of 1.5: more full
 * collections, for a peak under a gigabyte at 10,000 articles x 3 (30,000 bodies: 956 against
 * 1,034 MB, and about a sixth more CPU time, one run each). At that size memory is what runs
 * out on a build machine, and a cold build of it is rare once the cache is kept.
 */
const JOBS_FOR_LEANEST_HEAPS = 20_000;

/**
 * The heaps of this process grow lean from now on, for a build rendering `bodies` Markdown
 * bodies (V8 reads the flag at each collection). A cold build of a large site calls it before
 * reading its sources: the first full collections come while they are read, and each sets how
 * far the heap grows until the next.
 */
export function leanHeaps(bodies: number): void {
  // By the real size, even with \`parallel: always\`: the flag tunes the process, and stays set.
  if (bodies < BODIES_FOR_LARGE_BUILD) return;
  setFlagsFromString(`--heap-growing-percent=${bodies >= JOBS_FOR_LEANEST_HEAPS ? 25 : 50}`);
}

/**
 * Renders Markdown on worker threads. The first starts at once (or was started before the
 * engine loaded), and reads the content ahead (`readAhead`) while the build loads and reads
 * its sources. A small site's Markdown all goes to that one worker: splitting it pays the
 * parser's JIT warm-up, most of a cold build's Markdown time, once per thread (measured). A
 * large site's is dealt out to one worker per core (`policy`). Without the worker script,
 * with `parallel: off`, or if a worker fails, the jobs run on this thread.
 */
export function startMarkdownStage(policy: ScalePolicy, readAhead?: string): MarkdownStage {
  if (!policy.markdownWorkers) return inThreadStage();
  const first = firstMarkdownWorker(readAhead);
  if (!first) return inThreadStage();
  const workers: Worker[] = [first];
  const spawn = () => workers.push(startMarkdownWorker()!);
  const owners = new Map<string, number>();
  const retired = new Set<number>();
  const fallback = inThreadStage();
  // Workers rendering Markdown now: the first one takes fewer pages to scan meanwhile.
  const rendering = new Set<Worker>();
  const renderOn = (worker: Worker, keys: readonly string[], links: LinkData, arrived?: ResultArrived) =>
    new Promise<JobResult[]>((resolve) => {
      const results: JobResult[] = [];
      const failed = () => {
        worker.off('message', done);
        // What arrived stays; the rest renders here.
        void fallback.render(keys.slice(results.length), links, arrived).then((rest) => resolve([...results, ...rest]));
      };
      const done = (reply: WorkerReply) => {
        if (reply.type !== 'rendered') return;
        for (const result of reply.results) {
          arrived?.(keys[results.length]!, result);
          results.push(result);
        }
        if (!reply.done) return;
        worker.off('message', done);
        worker.off('error', failed);
        busy(worker, -1);
        rendering.delete(worker);
        pump();
        resolve(results);
      };
      worker.on('message', done);
      worker.once('error', failed);
      busy(worker, +1);
      rendering.add(worker);
      post(worker, { type: 'render', keys, links });
    });
  // A worker keeps the process alive only while the build waits for it.
  const waits = new Map<Worker, number>();
  const busy = (worker: Worker, change: number) => {
    const count = (waits.get(worker) ?? 0) + change;
    waits.set(worker, count);
    if (count === 0) worker.unref();
    else if (count === 1 && change > 0) worker.ref();
  };
  const post = (worker: Worker, request: WorkerRequest) => worker.postMessage(request);
  // Pages to scan. Only a few are with the first worker at a time (it may still be rendering
  // Markdown); the others wait here, where this thread can take them (`scanHere`).
  type Scan = { id: number; html: string; resolve: (sources: InlineSources) => void };
  const queued: Scan[] = [];
  const sent = new Map<number, Scan>();
  let scanned = 0;
  let scanner: Worker | undefined = first;
  const pump = () => {
    const limit = scanner && rendering.has(scanner) ? SCANS_SENT.rendering : SCANS_SENT.idle;
    while (scanner && sent.size < limit && queued.length > 0) {
      const scan = queued.shift()!;
      sent.set(scan.id, scan);
      busy(scanner, +1);
      post(scanner, { type: 'scan', id: scan.id, html: scan.html });
    }
  };
  const readsPages = (worker: Worker) => {
    worker.on('message', (reply: WorkerReply) => {
      if (reply.type !== 'scanned') return;
      sent.get(reply.id)?.resolve(reply.sources);
      sent.delete(reply.id);
      busy(worker, -1);
      pump();
    });
    worker.once('error', () => {
      if (worker !== scanner) return;
      scanner = undefined;
      for (const { html, resolve } of [...sent.values(), ...queued.splice(0)]) resolve(inlineSourcesOf(html));
      sent.clear();
    });
  };
  readsPages(first);
  /** Ends a worker whose work is done; resolves once its thread (and heap) is gone. */
  const retire = async (owner: number) => {
    if (retired.has(owner)) return;
    retired.add(owner);
    await workers[owner]!.terminate();
  };
  // A worker started to read pages only (see render).
  let reader: Worker | undefined;
  let readElsewhere = false;
  return {
    parse(jobs) {
      const lean = policy.isLarge(jobs.length);
      // A large build's bodies stay in their files until their thread renders them.
      const sent = lean ? jobs.map(fileJob) : jobs;
      fallback.keep(sent);
      const wanted = policy.markdownWorkersFor(jobs.length);
      leanHeaps(jobs.length);
      while (workers.length < wanted) spawn();
      const shares: Array<Array<MarkdownJob | FileJob>> = workers.map(() => []);
      sent.forEach((job, index) => {
        const owner = index % workers.length;
        owners.set(job.key, owner);
        shares[owner]!.push(job);
      });
      shares.forEach((share, owner) => share.length > 0 && post(workers[owner]!, { type: 'parse', jobs: share }));
    },
    async render(keys, links, arrived) {
      const shares: string[][] = workers.map(() => []);
      for (const key of keys) shares[owners.get(key) ?? 0]!.push(key);
      const results = await Promise.all(
        shares.map(async (share, owner) => {
          if (share.length === 0) return [];
          if (retired.has(owner)) return fallback.render(share, links, arrived);
          const done = await renderOn(workers[owner]!, share, links, arrived);
          // With the pages read where they render, a worker done with its share goes at once
          // (its heap with it: a large build's page workers are about to start).
          if (readElsewhere) await retire(owner);
          return done;
        }),
      );
      // The extra workers have nothing more to do: their heaps (hundreds of megabytes on a
      // large site, mostly garbage of the Markdown) go now rather than at the end of the build.
      // The first one reads pages next; on a large site, whose pages wait for all the Markdown,
      // a new worker does, and the first one's heap goes too. (A watch session's later builds
      // render their few changed bodies on this thread.)
      if (workers.length > 1 && scanner === first && sent.size === 0 && !reader) {
        reader = readElsewhere ? undefined : startMarkdownWorker();
        if (reader) readsPages(reader);
        scanner = reader;
      }
      await Promise.all(workers.map((_, owner) => (owner === 0 && scanner === first ? undefined : retire(owner))));
      pump();
      const byKey = new Map<string, JobResult>();
      shares.forEach((share, owner) => share.forEach((key, index) => byKey.set(key, results[owner]![index]!)));
      return keys.map((key) => byKey.get(key)!);
    },
    inlineSources(html) {
      if (!scanner) return Promise.resolve(inlineSourcesOf(html));
      return new Promise((resolve) => {
        queued.push({ id: scanned++, html, resolve });
        pump();
      });
    },
    async scanHere(until) {
      let waited = false;
      void until?.then(() => (waited = true));
      // The last first: the worker takes them from the front.
      while (!waited && queued.length > 0) {
        const { html, resolve } = queued.pop()!;
        resolve(inlineSourcesOf(html));
        await new Promise((next) => setImmediate(next));
      }
    },
    fillsCores: () => workers.length >= availableParallelism(),
    workerCount: () => workers.length,
    pagesReadElsewhere: () => void (readElsewhere = true),
    close: () => {
      workers.forEach((worker, owner) => retired.has(owner) || void worker.terminate());
      void reader?.terminate();
    },
  };
}

/**
 * A job whose body its thread reads from the file when it gets to it: a large build does not
 * hold its Markdown in memory (the main thread) or for minutes ahead (the workers); 110 MB at
 * 10,000 articles x 3. `digest` is the hash of the body the build read: a file whose body
 * changed since is reported, not rendered.
 */
export type FileJob = Omit<MarkdownJob, 'body'> & { digest: string };

export function fileJob({ body, ...job }: MarkdownJob): FileJob {
  return { ...job, digest: hash('sha1', body) };
}

/** A job as a stage keeps it until it renders it: its body, or how to read it from the file. */
type KeptJob = Omit<MarkdownJob, 'body'> & { body: string | (() => string | undefined) };

function kept(job: MarkdownJob | FileJob): KeptJob {
  if (!('digest' in job)) return job;
  const { file, digest } = job;
  return {
    ...job,
    body() {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        return undefined;
      }
      const body = splitFrontMatter(text)?.body;
      return body !== undefined && hash('sha1', body) === digest ? body : undefined;
    },
  };
}

const bodyOf = (job: KeptJob): string | undefined => (typeof job.body === 'string' ? job.body : job.body());

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
export function inThreadStage(ahead: Map<string, ParsedAhead> = new Map(), stopAhead: () => void = () => {}): MarkdownStage & {
  /** `render` without collecting the results: each goes to `arrived` only (a worker sends them on). */
  renderEach(keys: readonly string[], links: LinkData, arrived: ResultArrived): void;
  /** `parse`, also of jobs whose bodies are in their files (a worker's, in a large build). */
  parse(jobs: ReadonlyArray<MarkdownJob | FileJob>): void;
  /** Jobs a worker renders: only kept, and rendered here only if that worker fails. */
  keep(jobs: ReadonlyArray<MarkdownJob | FileJob>): void;
} {
  const renderer = createMarkdownRenderer();
  const parsed = new Map<string, { job: KeptJob; tree: MarkdownTree | undefined }>();
  // Bodies to parse before they are asked for, one per turn of the event loop, so a render
  // request is taken up between two of them and its first results go out early.
  const early: string[] = [];
  let earlyCount = 0;
  const parseEarly = () => {
    const key = early.shift();
    if (key === undefined) return;
    const entry = parsed.get(key);
    const body = entry && !entry.tree ? bodyOf(entry.job) : undefined;
    if (body !== undefined) entry!.tree = renderer.parse(body);
    setImmediate(parseEarly);
  };
  return {
    parse(jobs: ReadonlyArray<MarkdownJob | FileJob>) {
      stopAhead();
      const idle = early.length === 0;
      for (const job of jobs) {
        const guess = ahead.get(job.key);
        ahead.delete(job.key);
        if (guess && ('digest' in job ? hash('sha1', guess.body) === job.digest : guess.body === job.body)) {
          parsed.set(job.key, { job: { ...job, body: guess.body }, tree: guess.tree });
          continue;
        }
        parsed.set(job.key, { job: kept(job), tree: undefined });
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
      for (const job of jobs) parsed.set(job.key, { job: kept(job), tree: undefined });
    },
    inlineSources: async (html) => inlineSourcesOf(html),
    scanHere: async () => {},
    fillsCores: () => false,
    workerCount: () => 0,
    pagesReadElsewhere() {},
    async render(keys, links, arrived) {
      return keys.map((key) => finish(key, links, arrived));
    },
    renderEach(keys, links, arrived) {
      for (const key of keys) finish(key, links, arrived);
    },
    close() {},
  };

  function finish(key: string, links: LinkData, arrived: ResultArrived | undefined): JobResult {
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
        problems.add(`${job.file} changed or went away during the build`, {
          file: job.file,
          hint: 'build again: a large build reads each Markdown body from its file when it renders it, and this one was no longer what the build had read',
        });
      }
      tree = renderer.parse(body ?? '');
    }
    const markdown = renderer.finish(tree, {
      file: job.file,
      lineOffset: job.lineOffset,
      routeUrl: (id) => links.urls[id]?.[job.locale],
      foreignRoute(url) {
        const owner = links.owners[url];
        return owner && owner.locale !== job.locale ? owner.routeId : undefined;
      },
      problems,
      warn: (message, { line, column }, hint) => warnings.push({ message, file: job.file, line, column, hint }),
    });
    const result = {
      markdown,
      warnings,
      problems: problems.errors.map((error) => ({
        message: error.message,
        file: error.file ?? job.file,
        line: error.line,
        column: error.column,
        hint: error.hint,
      })),
    };
    arrived?.(key, result);
    return result;
  }
}

/**
 * A long-lived stage for watch mode: renders on this thread (warm after the first build) and
 * reuses the result of every body whose text and the site's URLs did not change.
 */
export function cachingStage(): MarkdownStage {
  const stage = inThreadStage();
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
      todo.forEach((key, index) => done.set(key, { job: jobs.get(key)!, links: linksKey, result: results[index]! }));
      return keys.map((key) => {
        const { result } = done.get(key)!;
        arrived?.(key, result);
        return result;
      });
    },
    inlineSources: stage.inlineSources,
    scanHere: stage.scanHere,
    fillsCores: () => false,
    workerCount: () => 0,
    pagesReadElsewhere() {},
    close() {},
  };
}
