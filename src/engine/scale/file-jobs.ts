import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { DeferredJob, MarkdownJob } from '../markdown/markdown-stage';
import { splitFrontMatter } from '../read/front-matter-split';

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

/** A file job as a stage renders it: its body read from the file when needed, and checked. */
export function deferredFileJob(job: FileJob): DeferredJob {
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
    isBody: (text) => hash('sha1', text) === digest,
  };
}

/** Jobs as they arrive in a message: file jobs made deferred, others as they are. */
export function receivedJobs(jobs: ReadonlyArray<MarkdownJob | FileJob>): Array<MarkdownJob | DeferredJob> {
  return jobs.map((job) => ('digest' in job ? deferredFileJob(job) : job));
}
