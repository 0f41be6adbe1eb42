import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { inlineSourcesOf, inThreadScanner, type InlineSources, type PageScanner } from '../artifacts/inline-sources';
import { inThreadStageLater } from '../markdown/in-thread-later';
import type { JobResult, LinkData, MarkdownJob, MarkdownStage, ResultArrived } from '../markdown/markdown-stage';
import { fileJob, receivedJobs, type FileJob } from './file-jobs';
import { leanHeaps } from './heaps';
import { firstMarkdownWorker, startMarkdownWorker } from './markdown-worker-start';
import type { ScalePolicy } from './scale-policy';

/**
 * The Markdown stage on worker threads, which also read rendered pages for the security policy
 * (\`PageScanner\`) once their Markdown is done: the build's threads for a site of any size.
 */
export interface MarkdownThreads extends MarkdownStage, PageScanner {
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

/**
 * Pages with the scanning worker at a time: while it renders Markdown, one (the rest wait here,
 * where this thread can take them); then enough that it never waits for this thread to send
 * more (this thread turns its event loop only now and then while it renders).
 */
const SCANS_SENT = { rendering: 1, idle: 16 };

/**
 * Renders Markdown on worker threads. The first starts at once (or was started before the
 * engine loaded), and reads the content ahead (`readAhead`) while the build loads and reads
 * its sources. A small site's Markdown all goes to that one worker: splitting it pays the
 * parser's JIT warm-up, most of a cold build's Markdown time, once per thread (measured). A
 * large site's is dealt out to one worker per core (`policy`). Without the worker script,
 * with `parallel: off`, or if a worker fails, the jobs run on this thread.
 */
export function startMarkdownThreads(policy: ScalePolicy, readAhead?: string): MarkdownThreads {
  if (!policy.markdownWorkers) return onThisThread(inThreadStageLater());
  const first = firstMarkdownWorker(readAhead);
  if (!first) return onThisThread(inThreadStageLater());
  const workers: Worker[] = [first];
  const spawn = () => workers.push(startMarkdownWorker()!);
  const owners = new Map<string, number>();
  const retired = new Set<number>();
  const fallback = inThreadStageLater();
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
      fallback.keep(receivedJobs(sent));
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

/** A stage on this thread, with the pages read here too: no worker to fill cores or read pages. */
export function onThisThread(stage: MarkdownStage): MarkdownThreads {
  return { ...inThreadScanner(), parse: (jobs) => stage.parse(jobs), render: (keys, links, arrived) => stage.render(keys, links, arrived), close: () => stage.close(), fillsCores: () => false, workerCount: () => 0, pagesReadElsewhere() {} };
}
