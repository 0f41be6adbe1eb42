import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitContent } from '../../../src/engine/markdown/split-content';
import { Problems } from '../../../src/engine/diagnostics/diagnostic';
import { createMarkdownRenderer } from '../../../src/engine/markdown/markdown';
import { inThreadStage } from '../../../src/engine/markdown/in-thread-stage';
import type { LinkData, MarkdownJob } from '../../../src/engine/markdown/markdown-stage';
import { deferredFileJob, fileJob } from '../../../src/engine/scale/file-jobs';
import { readAhead, readAheadInTurns } from '../../../src/engine/scale/markdown-read-ahead';
import { readSources } from '../../../src/engine/read/read-sources';
import { LOCALE_CODES, REPO, tempDir } from '../../helpers/site';

const NO_LINKS: LinkData = { urls: {}, owners: {} };
const job = (body: string): MarkdownJob => ({ key: 'en/page.md', file: '/site/content/en/page.md', body, lineOffset: 3, locale: 'en' });

describe('reading the Markdown ahead', () => {
  it('guesses exactly the bodies the build then sends for the real site', async () => {
    const sources = await readSources(REPO, LOCALE_CODES, new Problems());
    const split = splitContent(sources.content, LOCALE_CODES, new Problems());
    const ahead = readAhead(path.join(REPO, 'content'));
    expect([...ahead.keys()].sort()).toEqual([...split.keys()].sort());
    for (const [key, entry] of split) expect(ahead.get(key)!.body).toBe(entry.job.body);
    // In the order the pages render: route by route as the table lists them, en, hu, de.
    const firstContent = /^\s*content:\s*(\S+)/m.exec(sources.routes!.text)![1];
    expect([...ahead.keys()].slice(0, 3)).toEqual(['en', 'hu', 'de'].map((locale) => `${locale}/${firstContent}.md`));
  });

  it('skips files outside the locale folders (the locale files name them) or without front matter, and a missing folder', async () => {
    const site = await tempDir();
    const root = path.join(site, 'content');
    await mkdir(path.join(site, 'locales'), { recursive: true });
    await writeFile(path.join(site, 'locales', 'en.json'), '{}');
    await mkdir(path.join(root, 'en'), { recursive: true });
    await mkdir(path.join(root, 'drafts'), { recursive: true });
    await writeFile(path.join(root, 'en', 'b.md'), '---\ntitle: B\n---\n# B\n');
    await writeFile(path.join(root, 'en', 'a.md'), '---\ntitle: A\n---\n# A\n');
    await writeFile(path.join(root, 'en', 'bare.md'), '# No front matter\n');
    await writeFile(path.join(root, 'drafts', 'c.md'), '---\ntitle: C\n---\n# C\n');
    expect([...readAhead(root).keys()]).toEqual(['en/a.md', 'en/b.md']);
    expect(readAhead(path.join(root, 'missing')).size).toBe(0);
  });

  it('uses a guessed tree only when the body sent is the same text', async () => {
    const renderer = createMarkdownRenderer();
    // A guess whose tree differs from its text shows which one was used.
    const guess = () => new Map([['en/page.md', { body: '# Sent\n', tree: renderer.parse('# Guessed\n') }]]);

    const same = inThreadStage(guess());
    same.parse([job('# Sent\n')]);
    expect((await same.render(['en/page.md'], NO_LINKS))[0]!.markdown.html).toContain('Guessed');

    const changed = inThreadStage(guess());
    changed.parse([job('# Edited since\n')]);
    const [result] = await changed.render(['en/page.md'], NO_LINKS);
    expect(result!.markdown.html).toContain('Edited since');
    expect(result!.markdown.html).not.toContain('Guessed');

    // A large build sends the body's hash instead (the worker reads the file itself).
    const sameByHash = inThreadStage(guess());
    sameByHash.parse([deferredFileJob(fileJob(job('# Sent\n')))]);
    expect((await sameByHash.render(['en/page.md'], NO_LINKS))[0]!.markdown.html).toContain('Guessed');
  });

  it('reads ahead one body per turn of the event loop, so requests are taken up in between, until stopped', async () => {
    const root = await tempDir();
    await mkdir(path.join(root, 'en'), { recursive: true });
    for (let index = 0; index < 10; index++) await writeFile(path.join(root, 'en', `page-${index}.md`), `---\ntitle: P${index}\n---\n# Page ${index}\n`);
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const reading = readAheadInTurns(root);
    expect(reading.ahead.size).toBe(1);
    await turn();
    expect(reading.ahead.size).toBe(2);
    reading.stop();
    for (let index = 0; index < 5; index++) await turn();
    expect([...reading.ahead.keys()]).toEqual(['en/page-0.md', 'en/page-1.md']);
    const all = readAheadInTurns(root);
    for (let index = 0; index < 12; index++) await turn();
    expect(all.ahead.size).toBe(10);
  });
});
