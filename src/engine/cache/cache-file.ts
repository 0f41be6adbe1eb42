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

interface Saved extends SavedCache {
  format: number;
  /** `cacheIdentity()` of the engine that wrote it. */
  version: string;
}

/** Bump when the cached shapes change: an older cache is then ignored. */
const FORMAT = 12;
const FILE = 'build.bin';

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
  let saved: Saved;
  try {
    const payload = unseal(file);
    if (!payload) throw new Error('damaged');
    saved = deserialize(payload) as Saved;
  } catch {
    return { discarded: `the build cache ${path.join(dir, FILE)} is damaged or cut short: building without it (it is written again)` };
  }
  if (saved.format !== FORMAT || saved.version !== identity) {
    return {
      discarded: `the build cache ${path.join(dir, FILE)} was written by ${saved.version ?? 'another sitegen'}${saved.format === FORMAT ? '' : ` (format ${saved.format})`}, not ${identity}: building without it (it is written again)`,
    };
  }
  return saved;
}

/** Writes the index to a temporary file first, so a stopped build cannot leave half of it. */
export async function writeCacheFile(dir: string, identity: string, cache: SavedCache): Promise<void> {
  const saved: Saved = { format: FORMAT, version: identity, ...cache };
  const file = path.join(dir, FILE);
  // Unique per write: two builds at once (in one process too) must not share a temporary file.
  const temporary = temporaryName(file);
  await writeFile(temporary, seal(serialize(saved)));
  await rename(temporary, file);
}
