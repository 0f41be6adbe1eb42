import { holdPagefind } from './pagefind-service';
import { htmlOf, INDEXED_ELEMENT, searchedPart, type SearchPage } from './search-page';
import type { SearchShard } from './search-shards';
import type { LocaleIndex } from './search-store';

/**
 * The files of Pagefind's bundle a search needs: its script and worker, the entry, the
 * language's WebAssembly (with the stemmer), the metadata and the chunks. Pagefind's own UIs,
 * highlighting and playground are left out: the site has its own search box.
 */
const NEEDED = /^(pagefind\.js|pagefind-worker\.js|pagefind-entry\.json|wasm\.[a-z-]+\.pagefind|pagefind\.[^/]+\.pf_meta|(index|fragment|filter)\/[^/]+\.pf_(index|fragment|filter))$/;

/** HTML sent to Pagefind and not yet indexed, at most (UTF-16 code units): a large site's pages are not all held at once. */
const PAGE_BYTES_IN_FLIGHT = 32 * 1024 * 1024;

/** Each shard's files a search needs, in path order, once Pagefind has made them. */
export type MadeIndexes = Promise<Map<SearchShard, LocaleIndex>>;

/**
 * Runs Pagefind over the pages of `shards`, one shard after the other: resolves once the first
 * shard's pages are sent, with `made`, each shard's files a search needs, in path order, once
 * Pagefind has made them. One shard at a time, and each index deleted from Pagefind's service
 * once its files are taken, so the service holds one shard's index: with every locale's at
 * once it took 2.7 GB at 10,000 articles x 3, with one whole locale's 1.9 GB.
 */
export async function indexWithPagefind(pagesOf: () => AsyncIterable<SearchPage>, shards: readonly SearchShard[]): Promise<{ made: MadeIndexes }> {
  const service = await pagefindService();
  const send = async (shard: SearchShard) => {
    const index = await service.open(shard);
    for await (const page of pagesOf()) if (page.locale === shard.info.code && shard.urls.has(page.url)) await index.add(page);
    return index.files;
  };
  let first: Awaited<ReturnType<typeof send>>;
  try {
    first = await send(shards[0]!);
  } catch (error) {
    await service.close();
    throw error;
  }
  const made = (async () => {
    try {
      const made = new Map<SearchShard, LocaleIndex>([[shards[0]!, await first()]]);
      for (const shard of shards.slice(1)) made.set(shard, await (await send(shard))());
      return made;
    } finally {
      await service.close();
    }
  })();
  made.catch(() => undefined);
  return { made };
}

/**
 * Runs Pagefind over `pages` with every shard's index open at once, each page sent to its
 * shard's as it comes: for pages that arrive while they render (`search-feed.ts`), so a few
 * hundred pages, whose indexes together are what one shard's would be at most. Resolves with
 * each shard's files once `pages` ends and Pagefind has indexed them.
 */
export async function indexAsPagesCome(pages: AsyncIterable<SearchPage>, shards: readonly SearchShard[]): MadeIndexes {
  const service = await pagefindService();
  try {
    const indexes = new Map<SearchShard, OpenIndex>();
    const indexOf = new Map<string, OpenIndex>();
    for (const shard of shards) {
      const index = await service.open(shard);
      indexes.set(shard, index);
      for (const url of shard.urls) indexOf.set(`${shard.info.code}\0${url}`, index);
    }
    for await (const page of pages) await indexOf.get(`${page.locale}\0${page.url}`)?.add(page);
    const made = new Map<SearchShard, LocaleIndex>();
    for (const [shard, index] of indexes) made.set(shard, await index.files());
    return made;
  } finally {
    await service.close();
  }
}

/** An index being made: pages go in without waiting for Pagefind; `files` waits for it and lets the index go. */
interface OpenIndex {
  add(page: SearchPage): Promise<void>;
  files(): Promise<LocaleIndex>;
}

/** Pagefind's service, held until `close` (which deletes the indexes still open). */
async function pagefindService(): Promise<{ open(shard: SearchShard): Promise<OpenIndex>; close(): Promise<void> }> {
  const pagefind = await import('pagefind');
  const release = holdPagefind();
  const open = new Set<PagefindIndex>();
  const nameOf = (shard: SearchShard) => (shard.count === 1 ? shard.info.code : `${shard.info.code} (shard ${shard.shard + 1} of ${shard.count})`);
  return {
    async open(shard) {
      const { index, errors } = await pagefind.createIndex({ forceLanguage: new Intl.Locale(shard.info.tag).language, rootSelector: INDEXED_ELEMENT });
      if (!index) throw new Error(`Pagefind could not start an index for ${nameOf(shard)}: ${errors.join('; ')}`);
      open.add(index);
      // Pagefind's service works on pages while the next ones are on their way (waiting for each
      // answer before sending the next page left it idle half the time): up to PAGE_BYTES_IN_FLIGHT
      // of HTML is sent ahead, all of a small site's, so this thread can go on with the build.
      const sent = new Map<Promise<void>, number>();
      let inFlight = 0;
      let failure: Error | undefined;
      let count = 0;
      return {
        async add(page) {
          count++;
          const html = searchedPart(await htmlOf(page));
          const added: Promise<void> = index
            .addHTMLFile({ url: page.url, content: html })
            .then(
              ({ errors }) => {
                if (errors.length) failure ??= new Error(`Pagefind could not index ${page.url}: ${errors.join('; ')}`);
              },
              (error: Error) => void (failure ??= error),
            )
            .finally(() => {
              inFlight -= sent.get(added)!;
              sent.delete(added);
            });
          sent.set(added, html.length);
          inFlight += html.length;
          while (inFlight > PAGE_BYTES_IN_FLIGHT) await Promise.race(sent.keys());
          if (failure) throw failure;
        },
        async files() {
          await Promise.all(sent.keys());
          if (failure) throw failure;
          const { files: all, errors } = await index.getFiles();
          if (errors.length) throw new Error(`Pagefind could not write the index of ${nameOf(shard)}: ${errors.join('; ')}`);
          open.delete(index);
          await index.deleteIndex().catch(() => null);
          const kept = all.filter((file) => NEEDED.test(file.path)).sort((a, b) => (a.path < b.path ? -1 : 1));
          return { files: kept.map((file) => [file.path, file.content] as const), pages: count };
        },
      };
    },
    async close() {
      await Promise.all([...open].map((index) => index.deleteIndex().catch(() => null)));
      await release();
    },
  };
}

type PagefindIndex = NonNullable<Awaited<ReturnType<(typeof import('pagefind'))['createIndex']>>['index']>;
