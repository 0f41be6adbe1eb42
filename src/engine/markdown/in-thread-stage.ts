/**
 * The Markdown stage on the thread that calls it, with remark and its plugins, which load with
 * this module. The Markdown worker imports it; the build's own thread gets it through
 * `inThreadStageLater` (`in-thread-later.ts`), which loads it only once a body is parsed or
 * rendered there.
 */
import { Problems } from '../diagnostics/diagnostic';
import type { ParseBody } from './body-sections';
import { createMarkdownRenderer, type MarkdownTree } from './markdown';
import { EARLY_PARSES, type AnyJob, type InThreadStage, type JobResult, type LinkData, type ParsedAhead, type PlainProblem, type ResultArrived } from './markdown-stage';

const bodyOf = (job: AnyJob): string | undefined => ('isBody' in job ? job.body() : job.body);

/**
 * Both steps on the calling thread (also the worker's own logic). A job whose body was parsed
 * `ahead` (by key, with the same text) takes that tree; `stopAhead` ends the reading ahead once
 * the build has sent its bodies.
 */
export function inThreadStage(
  ahead: Map<string, ParsedAhead> = new Map(),
  stopAhead: () => void = () => {},
  parseBody: ParseBody = (_key, body, parseText) => parseText(body),
): InThreadStage {
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
