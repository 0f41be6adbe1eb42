import { describe, expect, it } from 'vitest';
import { BuildCache } from '../../../src/engine/cache/build-cache';
import { Problems } from '../../../src/engine/diagnostics/diagnostic';
import { tempDir } from '../../helpers/site';

/** What the persistent cache keeps of a parsed text (the messages, their translation records). */
describe('the build cache memo of parsed texts', () => {
  it('gives the parse of the same text back in the next build, and parses a changed text again', async () => {
    const dir = await tempDir();
    const parsed: string[] = [];
    const parse = (text: string) => () => {
      parsed.push(text);
      return { words: new Map(text.split(' ').map((word, index) => [word, { index, at: { line: 1, column: index + 1 } }])) };
    };
    const first = await BuildCache.load(dir, 'engine');
    const value = first.memo('messages', 'one two', new Problems(), parse('one two'));
    await first.save();

    const second = await BuildCache.load(dir, 'engine');
    expect(second.memo('messages', 'one two', new Problems(), parse('one two'))).toEqual(value);
    expect(parsed).toEqual(['one two']);
    expect(second.memo('messages', 'one three', new Problems(), parse('one three')).words.get('three')).toEqual({ index: 1, at: { line: 1, column: 2 } });
    expect(parsed).toEqual(['one two', 'one three']);
  });

  it('does not keep what was parsed while the build had problems: they are reported again next time', async () => {
    const dir = await tempDir();
    let calls = 0;
    const failing = new Problems();
    const first = await BuildCache.load(dir, 'engine');
    first.memo('messages', 'text', failing, () => {
      calls++;
      failing.add('messages/invalid-json', 'a broken message');
      return 'partial';
    });
    await first.save();
    const second = await BuildCache.load(dir, 'engine');
    expect(second.memo('messages', 'text', new Problems(), () => (calls++, 'whole'))).toBe('whole');
    expect(calls).toBe(2);
  });
});
