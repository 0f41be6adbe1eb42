import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { build } from '../../../src/engine';
import { splitFrontMatter } from '../../../src/engine/read/front-matter-split';
import { copySite, edit, tempDir } from '../../helpers/site';

// Counts the splits while still splitting: the build must give the same output.
vi.mock('../../../src/engine/read/front-matter-split', async (original) => {
  const actual = await original<typeof import('../../../src/engine/read/front-matter-split')>();
  return { ...actual, splitFrontMatter: vi.fn(actual.splitFrontMatter) };
});

describe('content files the build cache knows', () => {
  it('are neither decoded nor split: a build after one edit splits only the edited file', { timeout: 120_000 }, async () => {
    const root = await copySite();
    const out = path.join(await tempDir(), 'dist');
    const split = vi.mocked(splitFrontMatter);
    await build({ root, out });
    expect(split.mock.calls.length).toBeGreaterThan(90);

    split.mockClear();
    await build({ root, out });
    expect(split.mock.calls).toEqual([]);

    // A changed title: the hub pages that list the article render again, and they are the only
    // pages that read another file's front matter, through its hash kept in the cache.
    await edit(root, 'content/en/blog/clickup-as-erp.md', (text) => text.replace(/^title: .*$/m, 'title: "ClickUp, an ERP after all?"'));
    split.mockClear();
    const edited = await build({ root, out });
    expect(split.mock.calls.map(([text]) => text.includes('ClickUp, an ERP after all?'))).toEqual([true]);
    expect(await readFile(path.join(out, 'en/blog/index.html'), 'utf8')).toContain('ClickUp, an ERP after all?');
    expect(edited.unchanged.has('en/blog/index.html')).toBe(false);
  });
});
