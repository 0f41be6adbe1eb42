import { createHash } from 'node:crypto';
import type { Locale, LocaleInfo } from '../../shared/locales';
import { CACHE_IDENTITY } from '../config/package-info';
import { contentHash } from '../base/content-hash';
import { htmlOf, type SearchPage } from './search-page';

// How many pages a shard holds is `SITEGEN_SEARCH_SHARD_PAGES` (`config/options.ts`, 2,000 by
// default): Pagefind's service holds the whole index it makes in memory (1.9 GB for ~13,000
// pages), and cannot change an index in place, so a shard bounds both what it holds and what
// one edited page makes it index again.

/** Shards for `pages` pages: 1 up to `limit`, else the power of two that holds each to about `limit` or fewer on average (a page keeps its shard while the count does). */
export function shardCount(pages: number, limit: number): number {
  let count = 1;
  while (pages > count * limit) count *= 2;
  return count;
}

/** The shard of a page: by the hash of its URL, so it depends on nothing but the URL and the count. */
export function shardOf(url: string, count: number): number {
  if (count === 1) return 0;
  return createHash('sha256').update(url).digest().readUInt32BE(0) & (count - 1);
}

/** One index to make or take: a locale's whole index, or shard `shard` of its `count`. */
export interface SearchShard {
  info: LocaleInfo;
  shard: number;
  count: number;
  /** The URLs of its pages. */
  urls: ReadonlySet<string>;
  /** The name it is kept under in the search store: the locale's code alone when it has one shard. */
  name: string;
  /** What it is made from (the engine and Pagefind, the language, the shard, each page's URL and HTML hash, in order): only with a store. */
  key?: string;
}

/**
 * Each locale's shards, from one pass over the pages (the URLs; and with `withKeys`, the hash
 * of each page's HTML, read when the build does not know it), in the order of `locales`.
 */
export async function planShards(pages: AsyncIterable<SearchPage>, locales: readonly LocaleInfo[], withKeys: boolean, limit: number): Promise<SearchShard[]> {
  const found = new Map<Locale, Array<[url: string, hash: string]>>(locales.map((info) => [info.code, []]));
  for await (const page of pages) {
    const list = found.get(page.locale);
    if (list) list.push([page.url, withKeys ? (page.hash ?? contentHash(await htmlOf(page))) : '']);
  }
  const shards: SearchShard[] = [];
  for (const info of locales) {
    const list = found.get(info.code)!;
    const count = shardCount(list.length, limit);
    // CACHE_IDENTITY covers Pagefind's version: the bundled engine's code hash includes the lockfile.
    const hashes = Array.from({ length: count }, (_, shard) => createHash('sha256').update(`${CACHE_IDENTITY}\0${info.tag}\0${count === 1 ? '' : `${shard}/${count}\0`}`));
    const urls = Array.from({ length: count }, () => new Set<string>());
    for (const [url, hash] of list) {
      const shard = shardOf(url, count);
      urls[shard]!.add(url);
      if (withKeys) hashes[shard]!.update(url).update('\0').update(hash).update('\0');
    }
    for (let shard = 0; shard < count; shard++) {
      // A shard the hash gave no page (rare: each holds about `limit` pages) is no index; a locale with no page keeps its one, as before shards.
      if (count > 1 && urls[shard]!.size === 0) continue;
      const name = count === 1 ? info.code : `${info.code}.${shard + 1}-of-${count}`;
      shards.push({ info, shard, count, urls: urls[shard]!, name, ...(withKeys ? { key: hashes[shard]!.digest('hex') } : {}) });
    }
  }
  return shards;
}
