import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { createHash } from 'node:crypto';
import { contentPathOf, type KnownContent, type SiteContent } from '../markdown/content';
import type { FrontMatterTexts } from '../markdown/split-content';
import type { SiteSources } from '../read/read-sources';
import { plainRoutes, type PlainRoute, type Route } from '../plan/route-table';
import type { RenderedMarkdown } from '../markdown/markdown';
import { pageInputHasher, type PageInputs } from './page-inputs';
import type { PageReuse, ReusablePage } from './page-reuse';
import { temporaryName } from '../base/temporary-file';
import { contentHash } from '../base/content-hash';
import { BodyPacks, packEnds, type BodyLocation, type BodySpan, type PackStream } from './body-packs';
import { seal, unseal } from '../base/sealed-file';
import { lazyFields } from '../base/lazy-fields';
import type { PlainProblem } from '../markdown/markdown-stage';
import { FactsMemo, type FileFacts } from '../translations/file-facts';

/** What the cache keeps of one content file. */
export interface CachedContent {
  /** Hash of what the Markdown result depends on: the file's text and the route table. */
  key: string;
  /** The rendered Markdown; its HTML is read from the packs when a page asks for it. */
  markdown: RenderedMarkdown;
  /** What rendering it warned of, given again by every build that reuses it. */
  warnings: readonly PlainProblem[];
  /** The validated front matter, and the templates it was validated against. */
  templatesHash: string;
  data: Record<string, unknown>;
  /** `contentHash` of the front matter's text: what a card of the page shows (`pageInputHasher`). */
  frontMatterHash: string;
  /** Where the HTML lies in the packs; none yet for a body this build rendered... */
  body?: BodyLocation;
  /** ...which lies in this build's pack stream instead (`streamBodies`). */
  streamed?: BodySpan;
}

/** A content file as `build.bin` holds it: the HTML stays in the packs. */
type SavedContent = Omit<CachedContent, 'markdown' | 'body'> & Omit<RenderedMarkdown, 'html'> & { body: BodyLocation };

interface Saved {
  format: number;
  /** `cacheIdentity()` of the engine that wrote it. */
  version: string;
  content: Map<string, SavedContent>;
  pages: Map<string, ReusablePage>;
  routes: { key: string; routes: PlainRoute[] } | undefined;
  translations: Map<string, FileFacts>;
}

/** Bump when the cached shapes change: an older cache is then ignored. */
const FORMAT = 9;
const FILE = 'build.bin';
/** Edits one at a time add small packs: past this many, the live bodies are written into one. */
const MAX_PACKS = 16;

/**
 * The persistent build cache in `.sitegen-cache/build.bin`: what one build learned that the next
 * can reuse. Each content file's Markdown result and front matter (by its text and the route
 * table), and each page's fingerprint of the inputs it read with the hash of its HTML, so an
 * unchanged page is neither rendered nor written. Tied to the engine version; safe to delete.
 * A build reads the index whole at the start and writes it whole after it succeeded; the
 * rendered Markdown, most of the bytes, lies in packs beside it (`body-packs.ts`) and is read
 * only for the pages that are rendered again.
 */
export class BuildCache {
  readonly content = new Map<string, CachedContent>();
  readonly pages = new Map<string, ReusablePage>();
  /** The route table as last read, by the hash of its text. */
  private routes: { key: string; routes: PlainRoute[] } | undefined;
  /** Whether this build learned anything: a build that changed nothing does not write it again. */
  private changed = true;
  private reuse: PageReuse | undefined;
  /** This build's key of each content file (`knownContent`). */
  private keys = new Map<string, string>();
  private readonly packs: BodyPacks;
  /** The pack this build's new bodies are appended to as they arrive, and where each lies. */
  private stream: PackStream | undefined;
  private readonly streamedAt = new Map<string, BodySpan>();
  /** Why the cache on disk was not used, when there was one (a build warning). */
  discarded: string | undefined;
  /** What the translations' state needs of each content file, by the hash of its bytes (`translations/`). */
  translations = new FactsMemo();

  private constructor(
    private readonly dir: string,
    private readonly version: string,
  ) {
    this.packs = new BodyPacks(dir);
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
    let file: Buffer;
    try {
      file = await readFile(path.join(dir, FILE));
    } catch {
      // No cache yet.
      return cache;
    }
    let saved: Saved;
    try {
      const payload = unseal(file);
      if (!payload) throw new Error('damaged');
      saved = deserialize(payload) as Saved;
    } catch {
      cache.discarded = `the build cache ${path.join(dir, FILE)} is damaged or cut short: building without it (it is written again)`;
      return cache;
    }
    if (saved.format !== FORMAT || saved.version !== identity) {
      cache.discarded = `the build cache ${path.join(dir, FILE)} was written by ${saved.version ?? 'another sitegen'}${saved.format === FORMAT ? '' : ` (format ${saved.format})`}, not ${identity}: building without it (it is written again)`;
      return cache;
    }
    const ends = packEnds([...saved.content.values()].map((entry) => entry.body));
    // A body whose pack is gone or cut short is rendered again, like a new one.
    const readable = cache.packs.readable(ends);
    for (const [file, entry] of saved.content) {
      if (readable.has(entry.body.pack)) cache.content.set(file, cache.restore(entry));
    }
    for (const [key, value] of saved.pages) cache.pages.set(key, value);
    cache.routes = saved.routes;
    cache.translations = new FactsMemo(saved.translations);
    cache.changed = readable.size < ends.size;
    return cache;
  }

  /** A content file of the index, its HTML read from its pack on first use. */
  private restore({ key, headings, words, warnings, body, templatesHash, data, frontMatterHash }: SavedContent): CachedContent {
    const packs = this.packs;
    let html: string | undefined;
    const markdown: RenderedMarkdown = {
      get html() {
        return (html ??= packs.read(body));
      },
      headings,
      words,
    };
    return { key, markdown, warnings, templatesHash, data, frontMatterHash, body };
  }

  /** The routes read from this same route table text before, if any (valid then, so valid now). */
  /** The routes validated from this text for these locales (`locales` names them) before: a route has a path in every locale. */
  knownRoutes(text: string, locales: string): PlainRoute[] | undefined {
    return this.routes?.key === contentHash(`${text}\0${locales}`) ? this.routes.routes : undefined;
  }

  rememberRoutes(text: string, locales: string, routes: readonly Route[]): void {
    const key = contentHash(`${text}\0${locales}`);
    if (this.routes?.key === key) return;
    this.routes = { key, routes: plainRoutes(routes) };
    this.changed = true;
  }

  /**
   * The content files whose Markdown result is still valid (same text, same route table), with
   * the key each result is kept under.
   */
  knownContent(files: SiteSources['content'], routesText: string): { known: Map<string, KnownContent>; keys: Map<string, string> } {
    const routesHash = contentHash(routesText);
    const known = new Map<string, KnownContent>();
    const keys = new Map<string, string>();
    this.keys = keys;
    for (const [file, source] of files) {
      // The hash of the bytes, not the text: a known file need not be decoded, nor split (`splitContent`).
      const key = createHash('md5').update(routesHash).update(source.hash).digest('hex');
      keys.set(file, key);
      const cached = this.content.get(file);
      if (cached?.key === key) known.set(file, cached);
    }
    return { known, keys };
  }

  /**
   * Writes each body this build renders into a new pack as it arrives (by content file), and
   * gives it back as a body whose HTML is read from there when a page asks for it: a large
   * build then holds no rendered body for long, and the pack is the cache's at the end.
   */
  streamBodies(): (file: string, markdown: RenderedMarkdown) => RenderedMarkdown {
    const stream = (this.stream ??= this.packs.stream());
    // Read back from the stream when asked for: the main thread does not keep the HTML.
    const withHtml = lazyFields<BodySpan, { html: string }>({ html: (at) => stream.read(at) });
    return (file, { html, headings, words }) => {
      const at = stream.append(html);
      this.streamedAt.set(file, at);
      return withHtml({ headings, words }, at);
    };
  }

  /** Deletes this build's pack stream unless `save` made it part of the cache (a failed build). */
  abandonStream(): void {
    this.stream?.abandon();
  }

  /** Keeps each content file's Markdown result and validated front matter for the next build. */
  rememberContent(
    routes: readonly Route[],
    content: SiteContent,
    split: FrontMatterTexts,
    keys: ReadonlyMap<string, string>,
    templatesHash: string,
    warnings: ReadonlyMap<string, readonly PlainProblem[]>,
  ): void {
    const before = this.content;
    const next = new Map<string, CachedContent>();
    for (const route of routes) {
      const byLocale = content.get(route.id);
      if (!byLocale) continue;
      for (const [locale, page] of Object.entries(byLocale)) {
        const file = contentPathOf(route, locale);
        const key = keys.get(file);
        if (!key) continue;
        const known = before.get(file);
        if (known?.key === key && known.templatesHash === templatesHash) next.set(file, known);
        // Only the templates changed: the same Markdown, where it lies already.
        else if (known?.key === key) next.set(file, { ...known, templatesHash, data: page.data });
        else {
          // A body streamed into this build's pack stays there; another is kept to be packed.
          const streamed = this.streamedAt.get(file);
          const markdown: RenderedMarkdown = streamed
            ? {
                get html() {
                  return page.html;
                },
                headings: [...page.headings],
                words: page.words,
              }
            : { html: page.html, headings: [...page.headings], words: page.words };
          next.set(file, { key, markdown, warnings: warnings.get(file) ?? [], templatesHash, data: page.data, frontMatterHash: contentHash(split.get(file)!.frontMatter), streamed });
        }
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
    // A file known by its bytes has the front matter it had: its hash is kept, the file unsplit.
    const frontMatterHash = (file: string) => {
      const entry = this.content.get(file);
      return entry && entry.key === this.keys.get(file) ? entry.frontMatterHash : undefined;
    };
    const hashOf = pageInputHasher(build, (_, text) => contentHash(text), frontMatterHash);
    this.reuse = { pages: this.pages, everything, rendered: 0, hashOf, inOutput };
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
    if (!this.changed && !this.reuse?.rendered && !this.translations.changed) {
      this.stream?.abandon();
      return this.packs.close();
    }
    await mkdir(this.dir, { recursive: true });
    const content = new Map<string, SavedContent>();
    const locations = this.packBodies();
    for (const [file, { key, markdown, warnings, templatesHash, data, frontMatterHash }] of this.content) {
      content.set(file, { key, headings: markdown.headings, words: markdown.words, warnings, templatesHash, data, frontMatterHash, body: locations.get(file)! });
    }
    const saved: Saved = { format: FORMAT, version: this.version, content, pages: this.pages, routes: this.routes, translations: new Map(this.translations.kept) };
    const file = path.join(this.dir, FILE);
    // Unique per write: two builds at once (in one process too) must not share a temporary file.
    const temporary = temporaryName(file);
    await writeFile(temporary, seal(serialize(saved)));
    await rename(temporary, file);
    // Only now that the index no longer names them may the old packs go.
    this.packs.finish(new Set([...locations.values()].map((location) => location.pack)));
  }

  /**
   * Where each body lies once the new ones are written: those this build rendered go into a new
   * pack; when the live bodies are under half of the packs' bytes, or there are many packs, all
   * of them do.
   */
  private packBodies(): Map<string, BodyLocation> {
    const entries = [...this.content.values()];
    const packed = entries.flatMap((entry) => (entry.body ? [entry.body] : []));
    const streamed = entries.filter((entry) => !entry.body && entry.streamed);
    // The stream counts as one more pack, its bodies as live ones.
    const live = [...packed, ...streamed.map((entry) => entry.streamed!)].reduce((sum, body) => sum + body.length, 0);
    const ends = packEnds(packed);
    const held = [...ends.values()].reduce((sum, bytes) => sum + bytes, 0) + (this.stream?.bytes ?? 0);
    const compact = live < held / 2 || ends.size + (streamed.length > 0 ? 1 : 0) >= MAX_PACKS;
    if (!compact && streamed.length > 0) {
      const pack = this.stream!.finish()!;
      for (const entry of streamed) entry.body = { pack, ...entry.streamed! };
    }
    const fresh = entries.filter((entry) => compact || !entry.body);
    if (fresh.length > 0) {
      const written = this.packs.write(fresh.map((entry) => entry.markdown.html));
      fresh.forEach((entry, index) => (entry.body = written[index]!));
    }
    // Compacted, the stream's bodies are in the new pack too.
    this.stream?.abandon();
    return new Map([...this.content].map(([file, entry]) => [file, entry.body!]));
  }
}
