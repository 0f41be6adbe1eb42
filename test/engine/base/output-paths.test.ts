import { describe, expect, it } from 'vitest';
import { compactContents, LARGE_TEXT, textOf } from '../../../src/engine/base/output-paths';

describe('an output file waiting to be written', () => {
  it('is held as its UTF-8 bytes from LARGE_TEXT characters, and reads back as the same text', () => {
    // A text with one character past U+00FF: V8 holds all of it at two bytes a character.
    const large = '<url>'.padEnd(LARGE_TEXT, 'x').concat('ő');
    const held = compactContents(large);
    expect(held).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(held as Uint8Array).equals(Buffer.from(large, 'utf8'))).toBe(true);
    expect(textOf(held)).toBe(large);
  });

  it('stays as it was when it is a shorter text, or bytes already', () => {
    const short = 'x'.repeat(LARGE_TEXT - 1);
    expect(compactContents(short)).toBe(short);
    const bytes = new Uint8Array([1, 2, 3]);
    expect(compactContents(bytes)).toBe(bytes);
  });
});
