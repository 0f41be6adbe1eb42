/** A page Pagefind found: its data (URL, title, excerpt) is fetched when asked for. */
export interface Found {
  data(): Promise<{ url: string; meta: { title?: string }; excerpt: string }>;
}

interface PagefindSearch {
  results: Found[];
  /** Per filter, the results of each of its values: here, of each shard (`SHARD`). */
  filters?: Record<string, Record<string, number>>;
}

/** What the search box uses of Pagefind's script (`pagefind.js`, Pagefind 1.6). */
interface Pagefind {
  options(options: { mergeFilter: Record<string, string> }): Promise<void>;
  mergeIndex(url: string, options: { mergeFilter: Record<string, string> }): Promise<void>;
  search(term: string, options?: { filters: Record<string, { any: string[] }> }): Promise<PagefindSearch | null>;
}

/** The filter each shard's pages have (Pagefind's `mergeFilter`, added in the browser, not in the index): its number. */
const SHARD = 'sitegen-shard';

/**
 * Searches a locale's index: the bundle with Pagefind's script, and the other shards of a
 * locale in shards (`latest.json`'s `searchShards`, docs/content.md "Search"), merged into it
 * with Pagefind's `mergeIndex`: the shards run on the first one's script and WebAssembly and
 * give one list of results.
 */
export async function openSearchIndex(bundle: string, shards: readonly string[]): Promise<(term: string) => Promise<{ results: Found[] } | null>> {
  const pagefind = (await import(/* @vite-ignore */ `${bundle}pagefind.js`)) as Pagefind;
  if (shards.length === 0) return (term) => pagefind.search(term);
  // Set before the first search, while the bundle's own index is not loaded yet.
  await pagefind.options({ mergeFilter: { [SHARD]: '0' } });
  await Promise.all(shards.map((url, n) => pagefind.mergeIndex(url, { mergeFilter: { [SHARD]: String(n + 1) } })));
  return (term) => searchShards(pagefind, term);
}

/**
 * A search over the shards that finds what one index of the locale finds. Pagefind looks a
 * word that is not in an index up by the longest prefix of it that is: a shard without the
 * word would add the pages of a shorter one ("adat" for "adatkezelés": 17 more pages on this
 * site in 4 shards, where its one index finds 1). So each word is first looked up as such (a
 * quoted search, stemmed, has no such fallback), and the search is made in the shards that
 * hold every word (Pagefind finds the pages with all the words): an empty list if none does.
 * Only a word no shard holds is looked up by its prefix, each shard by its own.
 */
async function searchShards(pagefind: Pagefind, term: string): Promise<{ results: Found[] } | null> {
  const words = term.split(/\s+/).map((word) => word.replaceAll('"', '')).filter(Boolean);
  const holding = await Promise.all(
    words.map(async (word) => {
      const exact = await pagefind.search(`"${word}"`);
      return new Set(Object.entries(exact?.filters?.[SHARD] ?? {}).flatMap(([shard, count]) => (count > 0 ? [shard] : [])));
    }),
  );
  if (words.length === 0 || holding.some((shards) => shards.size === 0)) return pagefind.search(term);
  const all = [...holding[0]!].filter((shard) => holding.every((shards) => shards.has(shard)));
  if (all.length === 0) return { results: [] };
  return pagefind.search(term, { filters: { [SHARD]: { any: all } } });
}
