/**
 * The build's own thread gets its Markdown stage through `inThreadStageLater`, which loads remark
 * only when a body is parsed or rendered there: a build whose bodies the worker renders keeps
 * the worker's jobs on this thread (for when the worker fails) and never loads it.
 */
import { describe, expect, it } from 'vitest';
import * as inThread from '../../../src/engine/markdown/in-thread-stage';
import { inThreadStageLater } from '../../../src/engine/markdown/in-thread-later';
import type { LinkData, MarkdownJob } from '../../../src/engine/markdown/markdown-stage';

const LINKS: LinkData = { urls: { contact: { en: '/contact', hu: '/hu/kapcsolat', de: '/de/kontakt' } }, owners: {} };
const job = (key: string, body: string): MarkdownJob => ({ key, file: `content/${key}`, body, lineOffset: 3, locale: 'en' });
const JOBS = [job('en/a.md', '# A\n\nSee [us](route:contact).\n'), job('en/b.md', '| x | y |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst b = 1;\n```\n')];

/** A stage that counts the loads of its module. */
function counted() {
  let loads = 0;
  const stage = inThreadStageLater(undefined, async () => {
    loads++;
    return inThread;
  });
  return { stage, loads: () => loads };
}

/** What the stage renders on the thread that calls it, loaded at once. */
async function expected(keys: readonly string[]) {
  const stage = inThread.inThreadStage();
  stage.parse(JOBS);
  return stage.render(keys, LINKS);
}

describe('the Markdown stage on the build thread, loaded when first needed', () => {
  it('keeps jobs without loading the parser, and renders nothing for no keys', async () => {
    const { stage, loads } = counted();
    stage.keep(JOBS);
    stage.parse([]);
    expect(await stage.render([], LINKS)).toEqual([]);
    stage.close();
    expect(loads()).toBe(0);
  });

  it('loads once when a body is parsed, and renders what the stage loaded at once renders', async () => {
    const { stage, loads } = counted();
    stage.parse(JOBS);
    stage.parse([]);
    const arrived: string[] = [];
    const results = await stage.render(['en/b.md', 'en/a.md'], LINKS, (key) => arrived.push(key));
    expect(loads()).toBe(1);
    expect(arrived).toEqual(['en/b.md', 'en/a.md']);
    expect(results).toEqual(await expected(['en/b.md', 'en/a.md']));
    expect(results[0]!.markdown.html).toContain('<table');
    expect(results[1]!.markdown.html).toContain('href="/contact"');
  });

  it("renders kept jobs when asked (a worker that failed), the calls made before the load replayed in order", async () => {
    const { stage, loads } = counted();
    stage.keep(JOBS.slice(0, 1));
    stage.keep(JOBS.slice(1));
    const results = await stage.render(['en/a.md', 'en/b.md'], LINKS);
    expect(loads()).toBe(1);
    expect(results).toEqual(await expected(['en/a.md', 'en/b.md']));
    // Loaded: later calls go straight through.
    stage.parse([job('en/c.md', 'Third.\n')]);
    expect((await stage.render(['en/c.md'], LINKS))[0]!.markdown.html).toBe('<p>Third.</p>\n');
    expect(loads()).toBe(1);
  });
});
