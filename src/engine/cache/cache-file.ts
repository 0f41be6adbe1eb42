import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { PlainRoute } from '../plan/route-table';
import type { FileFacts } from '../translations/file-facts';
import { unseal, writeSealed } from '../base/sealed-file';
import { temporaryName } from '../base/temporary-file';
import type { SavedContent } from './cached-content';
import type { ReusablePage } from './page-reuse';

/** What `build.bin` holds besides its format and the engine that wrote it. */
export interface SavedCache {
  content: Map<string, SavedContent>;
  pages: Map<string, ReusablePage>;
  routes: SavedRoutes | undefined;
  translations: Map<string, FileFacts>;
  /** Parsed texts by name (`BuildCache.memo`): the hash of the text, and what parsing it gave. */
  memos: Map<string, { key: string; value: unknown }>;
}

/** The route table as last validated, by the hash of its text and the locales. */
export interface SavedRoutes {
  key: string;
  routes: PlainRoute[];
}

/** Who wrote the file: read and compared before anything else in it. */
export interface Stamp {
  format: number;
  /** `cacheIdentity()` of the engine that wrote it. */
  version: string;
}

/** Bump when the cached shapes change: an older cache is then ignored. */
const FORMAT = 14;
const FILE = 'build.bin';
/** A format-12 file and older is one serialized value, which starts with V8's version tag; later ones start with the stamp's length. */
const SERIALIZED_VALUE = 0xff;
/**
 * Entries of a map per part of the file. The index is written part by part, each serialized
 * only when the last is written: at 10,000 articles x 3 serialized whole it was one 77 MB
 * buffer, made at the build's peak of memory (its end, beside the output's manifests and the
 * other files); a part of 1,000 pages is about a megabyte.
 */
const ENTRIES_PER_PART = 1000;

/** One part of the file: a field's value, or some entries of a field that is a map. */
type Part = { field: keyof SavedCache; value: unknown } | { field: keyof SavedCache; entries: Array<[unknown, unknown]> };

/**
 * The index in `dir`: undefined when there is none, or why it is not used (damaged, cut short,
 * or written by another engine than `identity`) as a sentence for the build's warning.
 */
export async function readCacheFile(dir: string, identity: string): Promise<SavedCache | { discarded: string } | undefined> {
  let file: Buffer;
  try {
    file = await readFile(path.join(dir, FILE));
  } catch {
    // No cache yet.
    return undefined;
  }
  const discarded = (why: string) => ({ discarded: `the build cache ${path.join(dir, FILE)} ${why}: building without it (it is written again)` });
  const opened = openCacheFile(file);
  if (opened === 'damaged') return discarded('is damaged or cut short');
  if (opened === 'earlier') return discarded('was written by an earlier sitegen (format 12 or older)');
  const { stamp } = opened;
  if (stamp.format !== FORMAT || stamp.version !== identity) {
    return discarded(`was written by ${stamp.version ?? 'another sitegen'}${stamp.format === FORMAT ? '' : ` (format ${stamp.format})`}, not ${identity}`);
  }
  try {
    return opened.cache();
  } catch {
    return discarded('is damaged or cut short');
  }
}

/**
 * The stamp of a `build.bin`'s bytes, and its cache, decoded only when asked for: a cache of
 * another engine is let go of without decoding it (at 10,000 articles x 3, decoding it took
 * the first build after an upgrade to 1.47 GB). `damaged` when the checksum or the stamp does
 * not read; `earlier` for a file of format 12 or older, one serialized value.
 */
export function openCacheFile(file: Buffer): { stamp: Stamp; cache(): SavedCache } | 'damaged' | 'earlier' {
  const payload = unseal(file);
  if (!payload || payload.length < 4) return 'damaged';
  if (payload[0] === SERIALIZED_VALUE) return 'earlier';
  const stampEnd = 4 + payload.readUInt32BE(0);
  let stamp: Stamp;
  try {
    stamp = deserialize(payload.subarray(4, stampEnd)) as Stamp;
  } catch {
    return 'damaged';
  }
  return { stamp, cache: () => assemble(partsOf(payload.subarray(stampEnd))) };
}

/** Writes the index to a temporary file first, so a stopped build cannot leave half of it. */
export async function writeCacheFile(dir: string, identity: string, cache: SavedCache): Promise<void> {
  const file = path.join(dir, FILE);
  // Unique per write: two builds at once (in one process too) must not share a temporary file.
  const temporary = temporaryName(file);
  await writeSealed(temporary, fileParts(identity, cache));
  await rename(temporary, file);
}

/** The fields of the cache, each in one part or more: all of them are in every file. */
const FIELDS = ['content', 'pages', 'routes', 'translations', 'memos'] as const satisfies ReadonlyArray<keyof SavedCache>;

/** The file's payload as it is written: the stamp, then the cache's parts, each after its length. */
function* fileParts(identity: string, cache: SavedCache): Generator<Uint8Array> {
  yield* framed(serialize({ format: FORMAT, version: identity } satisfies Stamp));
  // Serialized one at a time, as the writer asks for the next.
  for (const part of cacheParts(cache)) yield* framed(serialize(part));
}

function* framed(bytes: Uint8Array): Generator<Uint8Array> {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  yield length;
  yield bytes;
}

/** A map field in parts of `ENTRIES_PER_PART` entries (one part when empty, so that it is there), any other field whole. */
function* cacheParts(cache: SavedCache): Generator<Part> {
  for (const field of FIELDS) {
    const value = cache[field];
    if (!(value instanceof Map)) {
      yield { field, value };
      continue;
    }
    let entries: Array<[unknown, unknown]> = [];
    for (const entry of value as Map<unknown, unknown>) {
      entries.push(entry);
      if (entries.length === ENTRIES_PER_PART) {
        yield { field, entries };
        entries = [];
      }
    }
    if (entries.length > 0 || value.size === 0) yield { field, entries };
  }
}

/** The parts after the stamp, decoded one by one; a length past the end is damage. */
function* partsOf(body: Buffer): Generator<Part> {
  for (let at = 0; at < body.length; ) {
    if (at + 4 > body.length) throw new RangeError('build.bin: a part is cut short');
    const end = at + 4 + body.readUInt32BE(at);
    if (end > body.length) throw new RangeError('build.bin: a part is cut short');
    yield deserialize(body.subarray(at + 4, end)) as Part;
    at = end;
  }
}

/** The cache from its parts; one without every field is damaged. */
function assemble(parts: Iterable<Part>): SavedCache {
  const cache: Partial<Record<keyof SavedCache, unknown>> = {};
  for (const part of parts) {
    if ('value' in part) cache[part.field] = part.value;
    else {
      const map = (cache[part.field] ??= new Map()) as Map<unknown, unknown>;
      for (const [key, value] of part.entries) map.set(key, value);
    }
  }
  if (FIELDS.some((field) => !(field in cache))) throw new RangeError('build.bin: a field is missing');
  return cache as SavedCache;
}
