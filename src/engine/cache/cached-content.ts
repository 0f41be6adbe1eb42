import { createHash } from 'node:crypto';
import { contentPathOf, type KnownContent, type SiteContent } from '../markdown/content';
import type { FrontMatterTexts } from '../markdown/split-content';
import type { SiteSources } from '../read/read-sources';
import type { Route } from '../plan/route-table';
import type { RenderedMarkdown } from '../markdown/markdown';
import type { PlainProblem } from '../markdown/markdown-stage';
import { contentHash } from '../base/content-hash';
import { lazyFields } from '../base/lazy-fields';
import { BodyPacks, compactionDue, packEnds, type BodyLocation, type BodySpan, type PackStream } from './body-packs';

/**
 * A restored body's HTML, read from its pack when first asked for and kept (`lazyFields`: one
 * shape for the 30,000 bodies of a large site, no closure per body).
 */
const withPackedHtml = lazyFields<{ packs: BodyPacks; body: BodyLocation; html?: string }, { html: string }>({
  html: (source) => (source.html ??= source.packs.read(source.body)),
});

/** What a build learned of its content files (`ContentCache.remember`). */
export interface LearnedContent {
  /** The routes as published: a content file of another route is forgotten. */
  routes: readonly Route[];
  content: SiteContent;
  frontMatters: FrontMatterTexts;
  /** This build's key of each content file (`known`). */
  keys: ReadonlyMap<string, string>;
  templatesHash: string;
  warnings: ReadonlyMap<string, readonly PlainProblem[]>;
}

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
export type SavedContent = Omit<CachedContent, 'markdown' | 'body'> & Omit<RenderedMarkdown, 'html'> & { body: BodyLocation };

/**
 * What the build cache knows of each content file: its rendered Markdown (the HTML in packs
 * beside the index, `body-packs.ts`), its warnings and its validated front matter, valid while
 * the file's bytes and the route table are the same.
 */
export class ContentCache {
  private readonly entries = new Map<string, CachedContent>();
  /** Whether this build changed what is known. */
  changed = false;
  /** This build's key of each content file (`known`). */
  private keys = new Map<string, string>();
  private readonly packs: BodyPacks;
  /** The pack this build's new bodies are appended to as they arrive, and where each lies. */
  private stream: PackStream | undefined;
  private readonly streamedAt = new Map<string, BodySpan>();

  constructor(dir: string) {
    this.packs = new BodyPacks(dir);
  }

  /** Takes the saved content files whose packs are there; says whether some were lost. */
  restore(saved: ReadonlyMap<string, SavedContent>): boolean {
    const ends = packEnds([...saved.values()].map((entry) => entry.body));
    // A body whose pack is gone or cut short is rendered again, like a new one.
    const readable = this.packs.readable(ends);
    for (const [file, entry] of saved) {
      if (readable.has(entry.body.pack)) this.entries.set(file, this.restored(entry));
    }
    return readable.size < ends.size;
  }

  /** A content file of the index, its HTML read from its pack on first use. */
  private restored({ key, headings, words, warnings, body, templatesHash, data, frontMatterHash }: SavedContent): CachedContent {
    const markdown = withPackedHtml({ headings, words }, { packs: this.packs, body });
    return { key, markdown, warnings, templatesHash, data, frontMatterHash, body };
  }

  /** `BuildCache.knownContent`. */
  known(files: SiteSources['content'], routesText: string): { known: Map<string, KnownContent>; keys: Map<string, string> } {
    const routesHash = contentHash(routesText);
    const known = new Map<string, KnownContent>();
    const keys = new Map<string, string>();
    this.keys = keys;
    for (const [file, source] of files) {
      // The hash of the bytes, not the text: a known file need not be decoded, nor split (`splitContent`).
      const key = createHash('md5').update(routesHash).update(source.hash).digest('hex');
      keys.set(file, key);
      const cached = this.entries.get(file);
      if (cached?.key === key) known.set(file, cached);
    }
    return { known, keys };
  }

  /** The hash of a file's front matter if it is known by its bytes: it has the front matter it had. */
  frontMatterHash(file: string): string | undefined {
    const entry = this.entries.get(file);
    return entry && entry.key === this.keys.get(file) ? entry.frontMatterHash : undefined;
  }

  /** `BuildCache.streamBodies`. */
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

  /** Deletes this build's pack stream unless `packed` made it part of the cache. */
  abandonStream(): void {
    this.stream?.abandon();
  }

  /** Keeps each content file's Markdown result and validated front matter for the next build. */
  remember({ routes, content, frontMatters: split, keys, templatesHash, warnings }: LearnedContent): void {
    const before = this.entries;
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
    this.entries.clear();
    for (const [file, entry] of next) this.entries.set(file, entry);
  }

  /**
   * The content files as the index keeps them, once every body lies in a pack: those this
   * build rendered go into a new pack; when the live bodies are under half of the packs' bytes,
   * or there are many packs, all of them do. `packs`: the packs the index names.
   */
  packed(): { content: Map<string, SavedContent>; packs: Set<string> } {
    const locations = this.packBodies();
    const content = new Map<string, SavedContent>();
    for (const [file, { key, markdown, warnings, templatesHash, data, frontMatterHash }] of this.entries) {
      content.set(file, { key, headings: markdown.headings, words: markdown.words, warnings, templatesHash, data, frontMatterHash, body: locations.get(file)! });
    }
    return { content, packs: new Set([...locations.values()].map((location) => location.pack)) };
  }

  private packBodies(): Map<string, BodyLocation> {
    const entries = [...this.entries.values()];
    const packed = entries.flatMap((entry) => (entry.body ? [entry.body] : []));
    const streamed = entries.filter((entry) => !entry.body && entry.streamed);
    // The stream counts as one more pack, its bodies as live ones.
    const compact = compactionDue(packed, streamed.map((entry) => entry.streamed!), this.stream);
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
    return new Map([...this.entries].map(([file, entry]) => [file, entry.body!]));
  }

  /** Deletes the packs the index no longer names: only once it is written. */
  keepPacks(packs: ReadonlySet<string>): void {
    this.packs.finish(packs);
  }

  /** Lets go of the packs when nothing is written (`abandonStream` first). */
  close(): void {
    this.stream?.abandon();
    this.packs.close();
  }
}
