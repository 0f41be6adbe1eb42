import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { PlainRoute } from '../plan/route-table';
import type { FileFacts } from '../translations/file-facts';
import { seal, unseal } from '../base/sealed-file';
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
const FORMAT = 13;
const FILE = 'build.bin';
/** A format-12 file and older is one serialized value, which starts with V8's version tag; later ones start with the stamp's length. */
const SERIALIZED_VALUE = 0xff;

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
  return { stamp, cache: () => deserialize(payload.subarray(stampEnd)) as SavedCache };
}

/** Writes the index to a temporary file first, so a stopped build cannot leave half of it. */
export async function writeCacheFile(dir: string, identity: string, cache: SavedCache): Promise<void> {
  const stamp = serialize({ format: FORMAT, version: identity } satisfies Stamp);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(stamp.length);
  const file = path.join(dir, FILE);
  // Unique per write: two builds at once (in one process too) must not share a temporary file.
  const temporary = temporaryName(file);
  await writeFile(temporary, seal(length, stamp, serialize(cache)));
  await rename(temporary, file);
}
