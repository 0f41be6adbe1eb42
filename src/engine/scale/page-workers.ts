/**
 * Rendering pages on worker threads, one per core, for a large site whose pages wait for all of
 * its Markdown anyway: React, hashing and reading each page for the security policy run there;
 * this thread sends each page its own Markdown body and writes what comes back. The workers
 * start while the Markdown is still being rendered (they load React and the templates), and
 * receive what every page renders from once it is all there.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Locale } from '../../shared/locales';
import { SiteError, type Code, type Problems, type SourceLocation } from '../diagnostics/diagnostic';
import { inlineSourcesOf, type InlineSources } from '../artifacts/inline-sources';
import { contentOf } from '../markdown/content';
import { PACKAGE_ROOT } from '../config/package-info';
import type { PagePlan } from '../plan/plan-pages';
import { plainRoutes, type Route } from '../plan/route-table';
import type { FinishedPage, PageWork, PageWorkers } from '../render/page-work';
import type { RenderInput } from '../render/render-input';
import type { Heading } from '../template-api';
import { contentHash } from '../base/content-hash';

/** What a page worker renders from: the render input as plain data, the templates by file. */
export interface PageWorkerSetup {
  moduleFile: string;
  recordDeps: boolean;
  input: Omit<RenderInput, 'templates' | 'content' | 'arrival'>;
  /** Every route's front matter and word count in every locale: pages list and link others. */
  content: Array<[routeId: string, byLocale: Record<Locale, { data: Record<string, unknown>; words: number }>]>;
}

/** One page to render, with its own Markdown body. */
export interface PageTask {
  plan: PagePlan;
  html: string;
  headings: readonly Heading[];
}


/** A problem found on a worker, as plain data (a template's error keeps its stack for --verbose). */
export type WorkerProblem = Partial<SourceLocation> & { code: Code; message: string; hint: string | undefined; stack: string | undefined; pages: readonly string[]; subject?: string | undefined };

/** What a worker sends back for a page: the page, or the problems that stopped it. */
export interface WorkerPage {
  page: FinishedPage | undefined;
  problems: WorkerProblem[];
}

export type PageWorkerRequest = { type: 'setup'; setup: PageWorkerSetup } | { type: 'render'; tasks: PageTask[] };
export type PageWorkerReply = { type: 'rendered'; pages: WorkerPage[] };

const WORKER_SCRIPT = import.meta.url.endsWith('.ts') ? undefined : path.join(PACKAGE_ROOT, 'lib', 'page-worker.js');

/**
 * Pages per message, and messages a worker holds at once: enough that it never waits for this
 * thread, few enough that pages do not pile up in memory while this thread writes.
 */
const PAGES_PER_MESSAGE = 8;
const MESSAGES_AHEAD = 3;

/**
 * Starts a worker per core, importing the templates from `moduleFile`; undefined where there is
 * no worker script (running from the sources).
 */
export function startPageWorkers(moduleFile: string, count = availableParallelism()): PageWorkers | undefined {
  if (!WORKER_SCRIPT || !existsSync(WORKER_SCRIPT)) return undefined;
  const workers = Array.from({ length: count }, () => new Worker(WORKER_SCRIPT));
  // Idle, they must not keep the process alive.
  for (const worker of workers) worker.unref();
  return {
    async render(work, problems, deliver, fallback) {
      // Taken from the front by a cursor: splicing the front off a list of 40,000 plans moves
      // the rest every time (a quarter of a second at 10,000 articles x 3).
      let taken = 0;
      const take = (count = work.plans.length) => {
        const plans = work.plans.slice(taken, taken + count);
        taken += plans.length;
        return plans;
      };
      const here = async (plans: readonly PagePlan[]) => {
        for (const plan of plans) {
          const page = fallback(plan, problems);
          if (page) await deliver(plan, { ...page, hash: contentHash(page.html), inline: inlineSourcesOf(page.html) });
        }
      };
      let setup: PageWorkerSetup;
      try {
        setup = setupOf(work, moduleFile);
      } catch {
        return here(take());
      }
      const tasksOf = (plans: readonly PagePlan[]) =>
        plans.map((plan): PageTask => {
          const content = contentOf(work.input.content, plan.routeId, plan.locale);
          return { plan: withoutRoute(plan), html: content.html, headings: content.headings };
        });
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve, reject) => {
              const sent: PagePlan[][] = [];
              let delivering = Promise.resolve();
              let failed = false;
              const fill = () => {
                while (!failed && sent.length < MESSAGES_AHEAD && taken < work.plans.length) {
                  const plans = take(PAGES_PER_MESSAGE);
                  sent.push(plans);
                  worker.postMessage({ type: 'render', tasks: tasksOf(plans) } satisfies PageWorkerRequest);
                }
                if (sent.length === 0) finish();
              };
              const onMessage = (reply: PageWorkerReply) => {
                delivering = delivering
                  .then(async () => {
                    if (failed) return;
                    const plans = sent.shift()!;
                    for (const [index, { page, problems: found }] of reply.pages.entries()) {
                      for (const problem of found) problems.push(siteErrorOf(problem));
                      if (page) await deliver(plans[index]!, page);
                    }
                    fill();
                  })
                  .catch(stop);
              };
              // A worker that fails or stops (out of memory, say): what it had not answered
              // renders here; the others take the rest.
              const onError = () => {
                if (failed) return;
                failed = true;
                void delivering.then(() => here(sent.splice(0).flat())).then(finish, stop);
              };
              // Writing failed (a full disk, say): the build fails with that error.
              const stop = (error: unknown) => {
                failed = true;
                detach();
                reject(error);
              };
              const detach = () => {
                worker.off('message', onMessage);
                worker.off('error', onError);
                worker.off('exit', onError);
                worker.unref();
              };
              const finish = () => {
                detach();
                resolve();
              };
              worker.on('message', onMessage);
              worker.on('error', onError);
              worker.on('exit', onError);
              worker.ref();
              try {
                worker.postMessage({ type: 'setup', setup } satisfies PageWorkerRequest);
                fill();
              } catch {
                onError();
              }
            }),
        ),
      );
      // Every worker failed before every plan was taken.
      await here(take());
    },
    count,
    close: () => workers.forEach((worker) => void worker.terminate()),
  };
}

/** The render input as plain data that can cross to a worker. */
function setupOf(work: PageWork, moduleFile: string): PageWorkerSetup {
  const { templates: _templates, content, arrival: _arrival, routes, feeds, ...input } = work.input;
  return {
    moduleFile,
    recordDeps: work.recordDeps,
    input: {
      ...input,
      // Routes carry functions that locate them in the route table (for errors of earlier stages).
      routes: plainRoutes(routes) as Route[],
      feeds: feeds.map((feed) => ({ ...feed, hub: withoutRoute(feed.hub), entries: feed.entries.map(withoutRoute) })),
    },
    content: [...content].map(([routeId, byLocale]) => {
      const plain: PageWorkerSetup['content'][number][1] = {};
      for (const [locale, page] of Object.entries(byLocale)) plain[locale] = { data: page.data, words: page.words };
      return [routeId, plain];
    }),
  };
}

/** A plan as a worker gets it: its route is known there by id. */
function withoutRoute(plan: PagePlan): PagePlan {
  const { route: _route, ...plain } = plan;
  return plain as PagePlan;
}

function siteErrorOf({ stack, ...problem }: WorkerProblem): SiteError {
  return new SiteError(problem.code, problem.message, { ...problem, cause: stack === undefined ? undefined : Object.assign(new Error(problem.message), { stack }) });
}
