import type { Locale } from '../shared/locales';
import { Problems, type SourceLocation } from './errors';
import { createMarkdownRenderer, type RenderedMarkdown } from './markdown';

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

/**
 * Renders Markdown jobs on this thread, in order. The jobs and results are plain data so the
 * work can move to worker threads; for a site of this size it does not pay: each thread pays
 * the same JIT warm-up of the parser, which is most of a cold build's Markdown time.
 */
export function createMarkdownJobRunner(): (jobs: readonly MarkdownJob[], links: LinkData) => Promise<JobResult[]> {
  const render = createMarkdownRenderer();
  return async (jobs, links) => runMarkdownJobs(render, jobs, links);
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
