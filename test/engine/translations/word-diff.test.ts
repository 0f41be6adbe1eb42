import { describe, expect, it } from 'vitest';
import { diffExcerpt, wordDiff } from '../../../src/engine/translations/word-diff';

describe('a word diff of a source', () => {
  it('shows each change with a few words around it, in git word-diff notation', () => {
    const before = 'title: About us\n\nOne two three four five six seven eight nine ten eleven twelve. We build software.';
    const after = 'title: About us\n\nOne two three four five six seven eight nine ten eleven twelve. We design and build software.';
    expect(diffExcerpt(wordDiff(before, after), 3)).toBe('… eleven twelve. We {+design and+} build software.');
  });

  it('marks removed and replaced words, and ignores whitespace', () => {
    expect(diffExcerpt(wordDiff('Read  the\nblog', 'Read the journal'))).toBe('Read the [-blog-]{+journal+}');
  });

  it('keeps context to the line of the change', () => {
    const excerpt = diffExcerpt(wordDiff('title: A title\ndescription: old words here\n\nbody text', 'title: A title\ndescription: new words here\n\nbody text'), 6);
    expect(excerpt).toBe('… description: [-old-]{+new+} words here …');
  });
});
