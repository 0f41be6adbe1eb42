import { describe, expect, it } from 'vitest';
import { CannotEdit, withTranslationRecord } from '../../../src/engine/translations/edit-front-matter';
import { recordIn } from '../../../src/engine/translations/record';
import { splitFrontMatter } from '../../../src/engine/read/front-matter-split';

const RECORD = { source: '0123456789ab', marked: '2026-02-03T04:05:06Z' };
const FIELD = 'translation: { source: "0123456789ab", marked: "2026-02-03T04:05:06Z" }';

/** The record the build reads back from an edited file. */
function recordOf(text: string) {
  return recordIn(splitFrontMatter(text)!.frontMatter);
}

describe('writing the record into front matter', () => {
  it('adds the field as the last line of the front matter, every other byte as it was', () => {
    const text = '---\n# a comment\ntitle: "Rólunk"   # kept\ndescription: >\n  folded\n  text\n---\n\nBody **text**\n';
    const edited = withTranslationRecord(text, RECORD);
    expect(edited).toBe(`---\n# a comment\ntitle: "Rólunk"   # kept\ndescription: >\n  folded\n  text\n${FIELD}\n---\n\nBody **text**\n`);
    expect(recordOf(edited)).toEqual({ ...RECORD, line: 7 });
  });

  it('keeps CRLF line ends', () => {
    const text = '---\r\ntitle: a\r\ntags: [x]\r\n---\r\nbody\r\n';
    expect(withTranslationRecord(text, RECORD)).toBe(`---\r\ntitle: a\r\ntags: [x]\r\n${FIELD}\r\n---\r\nbody\r\n`);
  });

  it('replaces only the values of a flow record', () => {
    const text = '---\ntitle: a\ntranslation: {source: "aaaaaaaaaaaa", marked: 2025-01-01T00:00:00Z} # why\nsummary: s\n---\nbody';
    const edited = withTranslationRecord(text, RECORD);
    expect(edited).toBe('---\ntitle: a\ntranslation: {source: "0123456789ab", marked: "2026-02-03T04:05:06Z"} # why\nsummary: s\n---\nbody');
  });

  it('replaces only the values of a block record', () => {
    const text = '---\ntitle: a\ntranslation:\n  source: aaaaaaaaaaaa\n  marked: 2025-01-01T00:00:00Z\nsummary: s\n---\nbody';
    const edited = withTranslationRecord(text, RECORD);
    expect(edited).toBe('---\ntitle: a\ntranslation:\n  source: "0123456789ab"\n  marked: "2026-02-03T04:05:06Z"\nsummary: s\n---\nbody');
    expect(recordOf(edited)).toEqual({ ...RECORD, line: 3 });
  });

  it('replaces a value that is no record, keeping the lines around it', () => {
    expect(withTranslationRecord('---\ntranslation: yes\ntitle: a\n---\n', RECORD)).toBe(`---\n${FIELD}\ntitle: a\n---\n`);
    expect(withTranslationRecord('---\ntranslation:\ntitle: a\n---\n', RECORD)).toBe(`---\n${FIELD}\ntitle: a\n---\n`);
    expect(withTranslationRecord('---\ntitle: a\ntranslation:\n  - x\n  - y\n---\n', RECORD)).toBe(`---\ntitle: a\n${FIELD}\n---\n`);
  });

  it('writes into an empty front matter', () => {
    expect(withTranslationRecord('---\n---\nbody', RECORD)).toBe(`---\n${FIELD}\n---\nbody`);
  });

  it('refuses what it cannot edit in place', () => {
    expect(() => withTranslationRecord('no front matter', RECORD)).toThrow(CannotEdit);
    expect(() => withTranslationRecord('---\n{ title: a }\n---\n', RECORD)).toThrow(CannotEdit);
    expect(() => withTranslationRecord('---\ntitle: [a\n---\n', RECORD)).toThrow(CannotEdit);
  });
});

describe('reading the record', () => {
  it('reads only the field, at its line', () => {
    expect(recordIn('\ntitle: a\ndescription: |\n  translation: not this\ntranslation: { source: "abc", marked: "t" }\nz: 1')).toEqual({ source: 'abc', marked: 't', line: 5 });
    expect(recordIn('\ntitle: a')).toBeUndefined();
    expect(recordIn('\ntranslation: 12')).toBeUndefined();
  });
});

describe('a CRLF file', () => {
  it('whose front matter ends with a flow collection splits into valid YAML (it was "Unexpected scalar at node end")', () => {
    expect(splitFrontMatter('---\r\ntitle: a\r\ntags: [x]\r\n---\r\nbody')!.frontMatter).toBe('\r\ntitle: a\r\ntags: [x]');
    const edited = withTranslationRecord('---\r\ntitle: a\r\n---\r\nbody', RECORD);
    expect(recordOf(edited)).toEqual({ ...RECORD, line: 3 });
  });
});
