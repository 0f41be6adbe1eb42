import { describe, expect, it } from 'vitest';
import { parseContent } from '../../../src/engine/markdown/parse-content';
import { BodyPending } from '../../../src/engine/markdown/pending-body';
import { splitContent } from '../../../src/engine/markdown/split-content';
import { Problems } from '../../../src/engine/diagnostics/diagnostic';
import { inThreadStage } from '../../../src/engine/markdown/in-thread-stage';
import type { JobResult, MarkdownStage } from '../../../src/engine/markdown/markdown-stage';
import { planPages } from '../../../src/engine/plan/plan-pages';
import { readSources } from '../../../src/engine/read/read-sources';
import { parseRouteTable } from '../../../src/engine/plan/route-table';
import { LOCALE_CODES, REPO, SITE_LOCALES } from '../../helpers/site';

/** A Markdown stage whose results arrive only when the test lets them, one at a time. */
function heldStage(): { stage: MarkdownStage; release(count: number): void; waiting(): number } {
  const inner = inThreadStage();
  const held: Array<() => void> = [];
  let finish: (() => void) | undefined;
  const stage: MarkdownStage = {
    ...inner,
    async render(keys, links, arrived) {
      const results = await inner.render(keys, links);
      let next = 0;
      keys.forEach((key, index) =>
        held.push(() => {
          arrived?.(key, results[index]!);
          next++;
          if (next === keys.length) finish?.();
        }),
      );
      await new Promise<void>((resolve) => (finish = resolve));
      return results as JobResult[];
    },
  };
  return { stage, release: (count) => held.splice(0, count).forEach((deliver) => deliver()), waiting: () => held.length };
}

describe('Markdown bodies arriving while pages render', () => {
  it('gives the content at once, each body as it arrives, and BodyPending before', async () => {
    const problems = new Problems();
    const sources = await readSources(REPO, LOCALE_CODES, problems);
    const routes = parseRouteTable(sources.routes!.text, sources.routes!.path, SITE_LOCALES, problems)!;
    const pages = planPages(routes, SITE_LOCALES, problems);
    const split = splitContent(sources.content, LOCALE_CODES, problems);
    const { stage, release, waiting } = heldStage();
    stage.parse([...split.values()].map((entry) => entry.job));
    const arrival = await parseContent(routes, pages, split, stage, problems);
    expect(problems.errors).toEqual([]);

    // The front matter is there for every route; no body is yet.
    const first = routes[0]!;
    const home = arrival.content.get(first.id)!.en!;
    expect(home.frontMatter()).toBeDefined();
    expect(() => home.body.html).toThrow(BodyPending);
    const ready = arrival.ready(first.id, 'en');
    expect(ready).toBeInstanceOf(Promise);

    // Bodies arrive in the order of the routes (route by route, en, hu, de), as pages are planned;
    // the stage holds them all once it rendered them (code blocks load their grammars first).
    while (waiting() === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    release(1);
    await ready;
    expect(arrival.ready(first.id, 'en')).toBeUndefined();
    expect(home.body.html).toContain('<');
    expect(home.body.words).toBeGreaterThan(0);
    expect(arrival.ready(first.id, 'hu')).toBeInstanceOf(Promise);
    expect(() => arrival.content.get(first.id)!.hu!.body.headings).toThrow(BodyPending);

    let all = false;
    void arrival.all.then(() => (all = true));
    release(waiting() - 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(all).toBe(false);
    release(1);
    await arrival.all;
    for (const route of routes) for (const locale of ['en', 'hu', 'de'] as const) expect(arrival.ready(route.id, locale)).toBeUndefined();
  });
});
