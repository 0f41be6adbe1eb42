import { createHash } from 'node:crypto';

/** One output file of a bundle: its name in the assets folder, its bytes, the names it imports. */
export interface NamedOutput {
  name: string;
  contents: Uint8Array;
  imports: readonly string[];
}

/**
 * Names each file of a bundle by its own final bytes: `chunk-JEIM73TA.js` keeps its prefix and
 * takes the hash of its contents after the names it imports have been renamed the same way.
 *
 * esbuild's `[hash]` also takes in each input's path relative to the working folder, so the
 * same widgets built from another checkout folder got other names, a new release and a full
 * upload. Names made from bytes alone are the same wherever the site and sitegen live.
 *
 * Returns the new name of every file and the files under their new names, with their import
 * specifiers rewritten. Imports must form no cycle: with code splitting, esbuild moves a module
 * to the chunk of exactly the entry points that reach it, so a chunk imports only chunks
 * reached by more entry points.
 */
export function nameByContent(outputs: readonly NamedOutput[]): { names: Map<string, string>; files: Map<string, Uint8Array> } {
  const byName = new Map(outputs.map((output) => [output.name, output]));
  const names = new Map<string, string>();
  const files = new Map<string, Uint8Array>();
  const naming = new Set<string>();

  const rename = (output: NamedOutput): string => {
    const done = names.get(output.name);
    if (done) return done;
    if (naming.has(output.name)) throw new Error(`bundle files import each other in a cycle through ${output.name}`);
    naming.add(output.name);
    const renamed = new Map<string, string>();
    for (const imported of output.imports) {
      const target = byName.get(imported);
      if (target) renamed.set(imported, rename(target));
    }
    const contents = renamed.size ? rewriteImports(output.contents, renamed) : output.contents;
    const name = withHash(output.name, base32Hash(contents));
    names.set(output.name, name);
    files.set(name, contents);
    return name;
  };
  for (const output of outputs) rename(output);
  return { names, files };
}

/** `"./chunk-OLDHASH.js"` becomes `"./chunk-NEWHASH.js"` wherever the file refers to it. */
function rewriteImports(contents: Uint8Array, renamed: ReadonlyMap<string, string>): Uint8Array {
  const text = Buffer.from(contents).toString('utf8');
  const specifiers = new RegExp([...renamed.keys()].map((name) => `(?<=["'\`]\\./)${escapeRegExp(name)}(?=["'\`])`).join('|'), 'g');
  return Buffer.from(text.replace(specifiers, (name) => renamed.get(name)!), 'utf8');
}

/** The name with its hash part (esbuild's `-[hash]` before the extension) replaced. */
function withHash(name: string, hash: string): string {
  const match = /^(.*)-[A-Z0-9]{8}(\.[a-z]+)$/.exec(name);
  if (!match) throw new Error(`bundle file ${name} has no content hash in its name`);
  return `${match[1]}-${hash}${match[2]}`;
}

/** Eight characters of base32 (as esbuild's): 40 bits, upper case, safe in any file system. */
function base32Hash(contents: Uint8Array): string {
  const digest = createHash('sha256').update(contents).digest();
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of digest) {
    value = ((value << 8) | byte) & 0xfff;
    bits += 8;
    while (bits >= 5 && out.length < 8) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    if (out.length === 8) break;
  }
  return out;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
