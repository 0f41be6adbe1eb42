import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Locale } from '../shared/locales';
import { Problems, type SourceLocation } from './errors';
import { createMarkdownRenderer, type RenderedMarkdown } from './markdown';
import { PACKAGE_ROOT } from './package-info';

/** One Markdown body to render. Plain data, so it can cross to a worker thread. */
export interface MarkdownJob {
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
}

export type RenderMarkdown = (jobs: readonly MarkdownJob[], links: LinkData) => Promise<JobResult[]>;

/**
 * The bundled engine (`lib/`) has a worker entry; running from the TypeScript sources (tests),
 * Markdown renders on the main thread: the same code, the same output.
 */
const WORKER_SCRIPT = import.meta.url.endsWith('.ts') ? undefined : path.join(PACKAGE_ROOT, 'lib', 'markdown-worker.js');

/**
 * Renders Markdown on one worker thread, started at once so it loads while the build reads and
 * parses its sources; the main thread meanwhile parses front matter and loads the templates.
 * All Markdown goes to the one worker: splitting it across threads would pay the parser's JIT
 * warm-up, most of a cold build's Markdown time, once per thread. Without the worker script,
 * or if the worker fails, the jobs run on this thread.
 */
export function startMarkdownRenderer(): { render: RenderMarkdown; close(): void } {
  let local: ReturnType<typeof createMarkdownRenderer> | undefined;
  const inThread: RenderMarkdown = async (jobs, links) => runMarkdownJobs((local ??= createMarkdownRenderer()), jobs, links);
  if (!WORKER_SCRIPT || !existsSync(WORKER_SCRIPT)) return { render: inThread, close() {} };
  const worker = new Worker(WORKER_SCRIPT);
  // Idle, the worker must not keep the process alive.
  worker.unref();
  return {
    render: (jobs, links) =>
      new Promise((resolve) => {
        const fallBack = () => {
          worker.off('message', done);
          resolve(inThread(jobs, links));
        };
        const done = (results: JobResult[]) => {
          worker.off('error', fallBack);
          worker.unref();
          resolve(results);
        };
        worker.once('message', done);
        worker.once('error', fallBack);
        worker.ref();
        worker.postMessage({ jobs, links });
      }),
    close: () => void worker.terminate(),
  };
}

/** Renders jobs one after another. */
export function runMarkdownJobs(
  render: ReturnType<typeof createMarkdownRenderer>,
  jobs: readonly MarkdownJob[],
  links: LinkData,
): JobResult[] {
  return jobs.map((job) => {
    const problems = new Problems();
    const markdown = render(job.body, {
      file: job.file,
      lineOffset: job.lineOffset,
      routeUrl: (id) => links.urls[id]?.[job.locale],
      foreignRoute(url) {
        const owner = links.owners[url];
        return owner && owner.locale !== job.locale ? owner.routeId : undefined;
      },
      problems,
    });
    return {
      markdown,
      problems: problems.errors.map((error) => ({
        message: error.message,
        file: error.file ?? job.file,
        line: error.line,
        column: error.column,
        hint: error.hint,
      })),
    };
  });
}
