import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nameByContent, type NamedOutput } from '../../../src/engine/bundle/content-names';

const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString('utf8');
const output = (name: string, code: string, imports: string[] = []): NamedOutput => ({ name, contents: Buffer.from(code), imports });

/** esbuild's hash alphabet and length: the first 40 bits of the SHA-256 of the bytes, in base32. */
function hashOf(bytes: Uint8Array): string {
  const bits = [...createHash('sha256').update(bytes).digest()].map((byte) => byte.toString(2).padStart(8, '0')).join('');
  return Array.from({ length: 8 }, (_, i) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[parseInt(bits.slice(i * 5, i * 5 + 5), 2)]).join('');
}

const bundle = (shared: string) => [
  output('Form-AAAAAAAA.js', 'import{a}from"./chunk-BBBBBBBB.js";import"./chunk-CCCCCCCC.js";a();', ['chunk-BBBBBBBB.js', 'chunk-CCCCCCCC.js']),
  output('chunk-BBBBBBBB.js', 'import{r}from"./chunk-CCCCCCCC.js";export const a=()=>r;', ['chunk-CCCCCCCC.js']),
  output('chunk-CCCCCCCC.js', shared),
  output('loader-DDDDDDDD.js', 'import(x.src);'),
];

describe('naming bundle files by their bytes', () => {
  it('names every file by the hash of its final bytes and rewrites the imports to the new names', () => {
    const { names, files } = nameByContent(bundle('export const r=1;'));
    expect([...names.keys()].sort()).toEqual(['Form-AAAAAAAA.js', 'chunk-BBBBBBBB.js', 'chunk-CCCCCCCC.js', 'loader-DDDDDDDD.js']);
    for (const [name, contents] of files) expect(name).toMatch(new RegExp(`-${hashOf(contents)}\\.js$`));
    const form = text(files.get(names.get('Form-AAAAAAAA.js')!));
    expect(form).toBe(`import{a}from"./${names.get('chunk-BBBBBBBB.js')}";import"./${names.get('chunk-CCCCCCCC.js')}";a();`);
    expect(text(files.get(names.get('loader-DDDDDDDD.js')!))).toBe('import(x.src);');
  });

  it('renames every file that imports a changed file, directly or not, and no other', () => {
    const before = nameByContent(bundle('export const r=1;')).names;
    const after = nameByContent(bundle('export const r=2;')).names;
    expect(after.get('chunk-CCCCCCCC.js')).not.toBe(before.get('chunk-CCCCCCCC.js'));
    expect(after.get('chunk-BBBBBBBB.js')).not.toBe(before.get('chunk-BBBBBBBB.js'));
    expect(after.get('Form-AAAAAAAA.js')).not.toBe(before.get('Form-AAAAAAAA.js'));
    expect(after.get('loader-DDDDDDDD.js')).toBe(before.get('loader-DDDDDDDD.js'));
  });

  it('does not depend on the names esbuild gave', () => {
    // Other hashes from esbuild (another folder, another esbuild), the same bytes otherwise.
    const stand = new Map([['chunk-BBBBBBBB.js', 'chunk-QQQQ2222.js'], ['chunk-CCCCCCCC.js', 'chunk-QQQQ3333.js']]);
    const other = bundle('export const r=1;').map((file) => ({
      name: stand.get(file.name) ?? file.name.replace(/-[A-Z]{8}/, '-ZZZZZZZZ'),
      contents: Buffer.from(text(file.contents).replace(/chunk-[A-Z]{8}\.js/g, (name) => stand.get(name)!)),
      imports: file.imports.map((name) => stand.get(name)!),
    }));
    const a = [...nameByContent(bundle('export const r=1;')).files.keys()].sort();
    const b = [...nameByContent(other).files.keys()].sort();
    expect(b).toEqual(a);
  });

  it('refuses imports in a cycle rather than naming a file after a name not yet known', () => {
    expect(() => nameByContent([output('chunk-AAAAAAAA.js', '"./chunk-BBBBBBBB.js"', ['chunk-BBBBBBBB.js']), output('chunk-BBBBBBBB.js', '"./chunk-AAAAAAAA.js"', ['chunk-AAAAAAAA.js'])])).toThrow(/cycle/);
  });
});
