import { describe, expect, it } from 'vitest';
import { contentSourceHash, messageSourceHash, normalizeText, translatableFields } from '../../../src/engine/translations/source-hash';

describe('the hash of a source', () => {
  it('does not change with whitespace, line ends or decomposed accents', () => {
    expect(normalizeText('  Két\u00a0szó\r\n\n  és   egy\tharmadik ')).toBe('Két szó és egy harmadik');
    const hashOf = (title: string, body: string) => contentSourceHash(translatableFields({ title }, undefined), body);
    expect(hashOf('Rólunk', 'One\ntwo.\n\nThree.')).toBe(hashOf('Ro\u0301lunk ', 'One two.\r\n\r\nThree.\n'));
    expect(messageSourceHash('{count, plural,\n  one {# item}\n  other {# items}}')).toBe(messageSourceHash('{count, plural, one {# item} other {# items}}'));
  });

  it('changes with a word of the body or of a translated field', () => {
    const hash = contentSourceHash({ title: 'About us' }, 'We build software.');
    expect(contentSourceHash({ title: 'About us' }, 'We build apps.')).not.toBe(hash);
    expect(contentSourceHash({ title: 'About them' }, 'We build software.')).not.toBe(hash);
  });

  it('takes every text except dates by default, and the named fields whole', () => {
    const data = { title: 'T', date: '2025-01-02', amount: 5, tags: ['a', 'b'], steps: [{ title: 'S', posted: '2025-01-01' }], translation: { source: 'x', marked: 'y' } };
    expect(translatableFields(data, undefined)).toEqual({ steps: [{ title: 'S' }], tags: ['a', 'b'], title: 'T' });
    expect(translatableFields(data, ['title', 'amount', 'date', 'translation'])).toEqual({ amount: 5, date: '2025-01-02', title: 'T' });
    // Key order and YAML style do not count.
    expect(JSON.stringify(translatableFields({ b: 'x', a: 'y' }, undefined))).toBe(JSON.stringify(translatableFields({ a: 'y', b: 'x' }, undefined)));
  });
});
