import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { seal, unseal } from '../base/sealed-file';
import { temporaryName } from '../base/temporary-file';
import { contentHash } from '../base/content-hash';

/** A bundle with the files esbuild read to make it. */
export interface Bundled<T> {
  value: T;
  /** Absolute paths of the input files. */
  inputs: readonly string[];
}

/**
 * A bundle kept in `file` (under `.sitegen-cache/`) with the hash of every input file: while
 * `key` (what else the bundle depends on) and every input's bytes are the same, the bundle is
 * reused instead of made again. Hashing the inputs (sitegen's and the site's sources, and the
 * packages they import) costs a few milliseconds; bundling costs hundreds. A missing or
 * damaged file (its checksum: `seal`), or `usable` saying no, makes the bundle again.
 */
export async function cachedBundle<T>(file: string, key: string, make: () => Promise<Bundled<T>>, usable: (value: T) => boolean = () => true): Promise<T> {
  const saved = await readRecord<T>(file);
  if (saved && saved.key === key && usable(saved.value) && unchanged(saved.inputs)) return saved.value;
  const made = await make();
  const inputs = made.inputs.map((input) => [input, contentHash(readFileSync(input))] as const);
  await mkdir(path.dirname(file), { recursive: true });
  // Unique per write: two builds at once (in one process too) must not share a temporary file.
  const temporary = temporaryName(file);
  await writeFile(temporary, seal(serialize({ key, inputs, value: made.value })));
  await rename(temporary, file);
  return made.value;
}

async function readRecord<T>(file: string): Promise<{ key: string; inputs: Array<readonly [string, string]>; value: T } | undefined> {
  try {
    const payload = unseal(await readFile(file));
    return payload && deserialize(payload);
  } catch {
    return undefined;
  }
}

/**
 * Read synchronously: a few dozen small files, where asynchronous reads would each wait for a
 * turn of this thread's event loop while the build's stages keep it busy.
 */
function unchanged(inputs: ReadonlyArray<readonly [string, string]>): boolean {
  return inputs.every(([input, hash]) => existsSync(input) && contentHash(readFileSync(input)) === hash);
}
