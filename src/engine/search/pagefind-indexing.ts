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

/**
 * Runs Pagefind over the pages of `shards`, one shard after the other: resolves once the first
 * shard's pages are sent, with `made`, each shard's files a search needs, in path order, once
 * Pagefind has made them. One shard at a time, and each index deleted from Pagefind's service
 * once its files are taken, so the service holds one shard's index: with every locale's at
 * once it took 2.7 GB at 10,000 articles x 3, with one whole locale's 1.9 GB.
 */
export async function indexWithPagefind(
  pagesOf: () => AsyncIterable<SearchPage>,
  shards: readonly SearchShard[],
  /** Awaited before a shard's files are taken (a large message this thread reads at once); may throw to stop. */
  beforeFiles?: () => Promise<void>,
): Promise<{ made: Promise<Map<SearchShard, LocaleIndex>> }> {
  const pagefind = await import('pagefind');
  const release = holdPagefind();
  const open = new Set<PagefindIndex>();
  const close = async () => {
    await Promise.all([...open].map((index) => index.deleteIndex().catch(() => null)));
    await release();
  };
  const nameOf = (shard: SearchShard) => (shard.count === 1 ? shard.info.code : `${shard.info.code} (shard ${shard.shard + 1} of ${shard.count})`);

  /** Sends a shard's pages to a new index of its own: resolves once they are sent, not indexed. */
  async function send(shard: SearchShard) {
    const { info, urls } = shard;
    const { index, errors } = await pagefind.createIndex({ forceLanguage: new Intl.Locale(info.tag).language, rootSelector: INDEXED_ELEMENT });
    if (!index) throw new Error(`Pagefind could not start an index for ${nameOf(shard)}: ${errors.join('; ')}`);
    open.add(index);
    // Pagefind's service works on pages while the next ones are on their way (waiting for each
    // answer before sending the next page left it idle half the time): up to PAGE_BYTES_IN_FLIGHT
    // of HTML is sent ahead, all of a small site's, so this thread can go on with the build.
    const sent = new Map<Promise<void>, number>();
    let inFlight = 0;
    let failure: Error | undefined;
    let count = 0;
    for await (const page of pagesOf()) {
      if (page.locale !== info.code || !urls.has(page.url)) continue;
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
    }
    /** The shard's files, once Pagefind has indexed every page; its index is let go of then. */
    return async (): Promise<LocaleIndex> => {
      await Promise.all(sent.keys());
      if (failure) throw failure;
      await beforeFiles?.();
      const { files: all, errors } = await index.getFiles();
      if (errors.length) throw new Error(`Pagefind could not write the index of ${nameOf(shard)}: ${errors.join('; ')}`);
      open.delete(index);
      await index.deleteIndex().catch(() => null);
      const kept = all.filter((file) => NEEDED.test(file.path)).sort((a, b) => (a.path < b.path ? -1 : 1));
      return { files: kept.map((file) => [file.path, file.content] as const), pages: count };
    };
  }

  let first: Awaited<ReturnType<typeof send>>;
  try {
    first = await send(shards[0]!);
  } catch (error) {
    await close();
    throw error;
  }
  const made = (async () => {
    try {
      const made = new Map<SearchShard, LocaleIndex>([[shards[0]!, await first()]]);
      for (const shard of shards.slice(1)) made.set(shard, await (await send(shard))());
      return made;
    } finally {
      await close();
    }
  })();
  made.catch(() => undefined);
  return { made };
}

type PagefindIndex = NonNullable<Awaited<ReturnType<(typeof import('pagefind'))['createIndex']>>['index']>;
