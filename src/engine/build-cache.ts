import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { createHash } from 'node:crypto';
import { LOCALES } from '../shared/locales';
import { contentPathOf, type KnownContent, type SiteContent, type SplitContent } from './content';
import { plainRoutes, type PlainRoute, type Route } from './route-table';
import type { RenderedMarkdown } from './markdown';
import { pageInputHasher, type PageInputs } from './page-inputs';
import type { PageReuse, ReusablePage } from './render-pages';
import { contentHash } from './write-output';

/** What the cache keeps of one content file. */
export interface CachedContent {
  /** Hash of what the Markdown result depends on: the file's text and the route table. */
  key: string;
  markdown: RenderedMarkdown;
  /** The validated front matter, and the templates it was validated against. */
  templatesHash: string;
  data: Record<string, unknown>;
}

/** Bump when the cached shapes change: an older cache is then ignored. */
const FORMAT = 3;
const FILE = 'build.bin';

/**
 * The persistent build cache in `.sitegen-cache/build.bin`: what one build learned that the next
 * can reuse. Each content file's Markdown result and front matter (by its text and the route
 * table), and each page's fingerprint of the inputs it read with the hash of its HTML, so an
 * unchanged page is neither rendered nor written. Tied to the engine version; safe to delete.
 * A build reads it whole at the start and writes it whole after it succeeded.
 */
export class BuildCache {
  readonly content = new Map<string, CachedContent>();
  readonly pages = new Map<string, ReusablePage>();
  /** The route table as last read, by the hash of its text. */
  private routes: { key: string; routes: PlainRoute[] } | undefined;
  /** Whether this build learned anything: a build that changed nothing does not write it again. */
  private changed = true;
  private reuse: PageReuse | undefined;

  private constructor(
    private readonly dir: string,
    private readonly version: string,
  ) {}

  /** The cache of `dir`, or an empty one when there is none, it is unreadable or of another version. */
  static async load(dir: string, engineVersion: string): Promise<BuildCache> {
    const cache = new BuildCache(dir, engineVersion);
    try {
      const saved = deserialize(await readFile(path.join(dir, FILE))) as {
        format: number;
        version: string;
        content: Map<string, CachedContent>;
        pages: Map<string, ReusablePage>;
        routes: { key: string; routes: PlainRoute[] } | undefined;
      };
      if (saved.format === FORMAT && saved.version === engineVersion) {
        for (const [key, value] of saved.content) cache.content.set(key, value);
        for (const [key, value] of saved.pages) cache.pages.set(key, value);
        cache.routes = saved.routes;
        cache.changed = false;
      }
    } catch {
      // No cache yet, or a damaged one: build without it.
    }
    return cache;
  }

  /** The routes read from this same route table text before, if any (valid then, so valid now). */
  knownRoutes(text: string): PlainRoute[] | undefined {
    return this.routes?.key === contentHash(text) ? this.routes.routes : undefined;
  }

  rememberRoutes(text: string, routes: readonly Route[]): void {
    const key = contentHash(text);
    if (this.routes?.key === key) return;
    this.routes = { key, routes: plainRoutes(routes) };
    this.changed = true;
  }

  /**
   * The content files whose Markdown result is still valid (same text, same route table), with
   * the key each result is kept under.
   */
  knownContent(split: SplitContent, routesText: string): { known: Map<string, KnownContent>; keys: Map<string, string> } {
    const routesHash = contentHash(routesText);
    const known = new Map<string, KnownContent>();
    const keys = new Map<string, string>();
    for (const [file, entry] of split) {
      const key = createHash('md5').update(routesHash).update(entry.frontMatter).update('\0').update(entry.job.body).digest('hex');
      keys.set(file, key);
      const cached = this.content.get(file);
      if (cached?.key === key) known.set(file, cached);
    }
    return { known, keys };
  }

  /** Keeps each content file's Markdown result and validated front matter for the next build. */
  rememberContent(routes: readonly Route[], content: SiteContent, keys: ReadonlyMap<string, string>, templatesHash: string): void {
    const before = this.content;
    const next = new Map<string, CachedContent>();
    for (const route of routes) {
      const byLocale = content.get(route.id);
      if (!byLocale) continue;
      for (const locale of LOCALES) {
        const page = byLocale[locale];
        const file = contentPathOf(route, locale);
        const key = keys.get(file);
        if (!key) continue;
        const known = before.get(file);
        if (known?.key === key && known.templatesHash === templatesHash) next.set(file, known);
        else next.set(file, { key, markdown: { html: page.html, headings: [...page.headings], words: page.words }, templatesHash, data: page.data });
      }
    }
    if (next.size !== before.size || [...next].some(([file, entry]) => before.get(file) !== entry)) this.changed = true;
    this.content.clear();
    for (const [file, entry] of next) this.content.set(file, entry);
  }

  /**
   * Page reuse across builds: a page whose inputs hash as before, and whose HTML the output
   * already holds, is neither rendered nor written. `everything` covers what all pages read.
   */
  pageReuse(build: PageInputs, everything: string, inOutput: (file: string, hash: string) => boolean): PageReuse {
    this.reuse = { pages: this.pages, everything, rendered: 0, hashOf: pageInputHasher(build, (_, text) => contentHash(text)), inOutput };
    return this.reuse;
  }

  /** Forgets pages that are no longer built. */
  keepPages(outputPaths: ReadonlySet<string>): void {
    for (const file of this.pages.keys()) {
      if (outputPaths.has(file)) continue;
      this.pages.delete(file);
      this.changed = true;
    }
  }

  /**
   * Writes the cache (to a temporary file first, so a stopped build cannot leave half of it),
   * unless this build rendered no page and learned nothing new.
   */
  async save(): Promise<void> {
    if (!this.changed && !this.reuse?.rendered) return;
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, FILE);
    const temporary = `${file}.tmp-${process.pid}`;
    await writeFile(temporary, serialize({ format: FORMAT, version: this.version, content: this.content, pages: this.pages, routes: this.routes }));
    await rename(temporary, file);
  }
}
