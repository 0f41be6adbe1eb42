import { SectionMemo } from './body-sections';
import { inThreadStageLater } from './in-thread-later';
import type { JobResult, LinkData, MarkdownJob, MarkdownStage } from './markdown-stage';

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
