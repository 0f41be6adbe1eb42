import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { seal, unseal } from '../base/sealed-file';
import { temporaryName } from '../base/temporary-file';

/** A locale's index (or one shard of it) as Pagefind made it: its files (paths inside its bundle folder) and the pages in it. */
export interface LocaleIndex {
  files: ReadonlyArray<readonly [path: string, bytes: Uint8Array]>;
  pages: number;
}

/**
 * Each locale's last index, or each shard's (by its name: `en`, `en.3-of-8`), with the key of
 * what it was made from (`planShards`): a build whose pages of a shard are as before takes its
 * index from here instead of running Pagefind. One entry per name, so the store does not grow
 * with every edit (only when a locale's count of shards changes: the entries of the earlier
 * count stay until the cache is cleared). Safe to lose: the shard is indexed again.
 */
export interface SearchStore {
  get(locale: string, key: string): Promise<LocaleIndex | undefined>;
  put(locale: string, key: string, index: LocaleIndex): Promise<void>;
}

/** A store in memory: a watch session keeps its indexes while it runs. */
export function memorySearchStore(): SearchStore {
  const kept = new Map<string, { key: string; index: LocaleIndex }>();
  return {
    get: async (locale, key) => (kept.get(locale)?.key === key ? kept.get(locale)!.index : undefined),
    put: async (locale, key, index) => void kept.set(locale, { key, index }),
  };
}

/**
 * A store in a folder of the build cache (`.sitegen-cache/search/`), one sealed file per
 * name: a damaged or cut-short file is ignored (the locale is indexed again), never served.
 */
export function folderSearchStore(dir: string): SearchStore {
  const fileOf = (locale: string) => path.join(dir, `${locale}.bin`);
  return {
    async get(locale, key) {
      let file: Buffer;
      try {
        file = await readFile(fileOf(locale));
      } catch {
        return undefined;
      }
      const payload = unseal(file);
      if (!payload) return undefined;
      try {
        const saved = deserialize(payload) as { key: string; index: LocaleIndex };
        return saved.key === key ? saved.index : undefined;
      } catch {
        return undefined;
      }
    },
    async put(locale, key, index) {
      await mkdir(dir, { recursive: true });
      const target = fileOf(locale);
      const temporary = temporaryName(target);
      await writeFile(temporary, seal(serialize({ key, index })));
      await rename(temporary, target);
    },
  };
}
