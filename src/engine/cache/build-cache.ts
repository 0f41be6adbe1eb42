import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { Problems } from '../diagnostics/diagnostic';
import type { KnownContent } from '../markdown/content';
import type { SiteSources } from '../read/read-sources';
import type { PlainRoute, Route } from '../plan/route-table';
import type { RenderedMarkdown } from '../markdown/markdown';
import { FactsMemo } from '../translations/file-facts';
import { readCacheFile, writeCacheFile } from './cache-file';
import { ContentCache, type LearnedContent } from './cached-content';
import { PageCache } from './cached-pages';
import { RouteCache } from './cached-routes';
import type { PageInputs } from './page-inputs';
import type { PageReuse } from './page-reuse';

/**
 * The persistent build cache in `.sitegen-cache/build.bin`: what one build learned that the next
 * can reuse. Each content file's Markdown result and front matter (by its text and the route
 * table, `cached-content.ts`), the route table (`cached-routes.ts`), and each page's fingerprint
 * of the inputs it read with the hash of its HTML and a compressed copy of it
 * (`cached-pages.ts`), so an unchanged page is neither rendered nor written, nor rendered when
 * the output is gone. Tied to the engine version; safe to delete. A build reads the index whole
 * at the start and writes it whole after it succeeded (`cache-file.ts`); the rendered Markdown
 * and the pages' copies, most of the bytes, lie in packs beside it (`body-packs.ts`) and are
 * read only where they are needed.
 */
export class BuildCache {
  private readonly contentCache: ContentCache;
  private routeCache = new RouteCache(undefined);
  private readonly pageCache: PageCache;
  /** Whether the index on disk lacks what this cache holds: there was none to use, or packs were lost. */
  private stale = true;
  /** Why the cache on disk was not used, when there was one (a build warning). */
  discarded: string | undefined;
  /** What the translations' state needs of each content file, by the hash of its bytes (`translations/`). */
  translations = new FactsMemo();
  private memos = new Map<string, { key: string; value: unknown }>();
  private memosChanged = false;

  private constructor(
    private readonly dir: string,
    private readonly version: string,
  ) {
    this.contentCache = new ContentCache(dir);
    this.pageCache = new PageCache(new Map(), dir);
  }

  /**
   * The cache of `dir`, or an empty one when there is none, it is damaged, or another engine
   * wrote it (`identity`: sitegen's code and the Node.js and ICU it ran on, which format dates
   * and numbers). A cache that was there but is not used says why in `discarded`. `ignore`:
   * start empty (the cache was found damaged in use); it is written again after the build.
   */
  static async load(dir: string, identity: string, ignore = false): Promise<BuildCache> {
    const cache = new BuildCache(dir, identity);
    if (ignore) return cache;
    const saved = await readCacheFile(dir, identity);
    if (!saved) return cache;
    if ('discarded' in saved) {
      cache.discarded = saved.discarded;
      return cache;
    }
    const bodiesLost = cache.contentCache.restore(saved.content);
    cache.stale = cache.pageCache.restore(saved.pages) || bodiesLost;
    cache.routeCache = new RouteCache(saved.routes);
    cache.translations = new FactsMemo(saved.translations);
    cache.memos = saved.memos;
    return cache;
  }

  /** The routes validated from this text for these locales (`locales` names them) before: a route has a path in every locale. */
  knownRoutes(text: string, locales: string): PlainRoute[] | undefined {
    return this.routeCache.known(text, locales);
  }

  rememberRoutes(text: string, locales: string, routes: readonly Route[]): void {
    this.routeCache.remember(text, locales, routes);
  }

  /**
   * The content files whose Markdown result is still valid (same text, same route table), with
   * the key each result is kept under.
   */
  knownContent(files: SiteSources['content'], routesText: string): { known: Map<string, KnownContent>; keys: Map<string, string> } {
    return this.contentCache.known(files, routesText);
  }

  /**
   * Writes each body this build renders into a new pack as it arrives (by content file), and
   * gives it back as a body whose HTML is read from there when a page asks for it: a large
   * build then holds no rendered body for long, and the pack is the cache's at the end.
   */
  streamBodies(): (file: string, markdown: RenderedMarkdown) => RenderedMarkdown {
    return this.contentCache.streamBodies();
  }

  /** Deletes this build's pack stream unless `save` made it part of the cache (a failed build). */
  abandonStream(): void {
    this.contentCache.abandonStream();
    this.pageCache.close();
  }

  /** Keeps each content file's Markdown result and validated front matter for the next build. */
  rememberContent(learned: LearnedContent): void {
    this.contentCache.remember(learned);
  }

  /**
   * Page reuse across builds: a page whose inputs hash as before, and whose HTML the output
   * already holds, is neither rendered nor written. `everything` covers what all pages read.
   */
  pageReuse(build: PageInputs, everything: string, inOutput: (file: string, hash: string) => boolean): PageReuse {
    // A file known by its bytes has the front matter it had: its hash is kept, the file unsplit.
    return this.pageCache.pageReuse(build, everything, inOutput, (file) => this.contentCache.frontMatterHash(file));
  }

  /**
   * What `compute` parsed from a text (`key`), kept while the text is the same: the messages
   * and their translation records, which every build parses with positions otherwise (tens of
   * milliseconds). Plain data only (it is serialized). Not kept when the build has problems.
   */
  memo<T>(name: string, key: string, problems: Problems, compute: () => T): T {
    const hash = createHash('sha1').update(key).digest('hex');
    const hit = this.memos.get(name);
    if (hit?.key === hash) return hit.value as T;
    const value = compute();
    if (problems.ok) {
      this.memos.set(name, { key: hash, value });
      this.memosChanged = true;
    }
    return value;
  }

  /** Forgets pages that are no longer built. */
  keepPages(outputPaths: ReadonlySet<string>): void {
    this.pageCache.keep(outputPaths);
  }

  /** Writes the cache, unless this build rendered no page and learned nothing new. */
  async save(): Promise<void> {
    const learned = this.stale || this.routeCache.changed || this.contentCache.changed || this.pageCache.changed || this.pageCache.rendered || this.translations.changed || this.memosChanged;
    if (!learned) {
      this.pageCache.close();
      return this.contentCache.close();
    }
    await mkdir(this.dir, { recursive: true });
    const { content, packs } = this.contentCache.packed();
    const pagePacks = this.pageCache.packed();
    await writeCacheFile(this.dir, this.version, { content, pages: this.pageCache.pages, routes: this.routeCache.saved, translations: new Map(this.translations.kept), memos: this.memos });
    // Only now that the index no longer names them may the old packs go.
    this.contentCache.keepPacks(packs);
    this.pageCache.keepPacks(pagePacks);
  }
}
