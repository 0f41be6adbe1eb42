import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { contentHash } from '../base/content-hash';
import { BodyPacks, compactionDue, packEnds, type BodySpan, type PackStream } from './body-packs';
import { pageInputHasher, type PageInputs } from './page-inputs';
import type { PageReuse, ReusablePage } from './page-reuse';
import { SharedSources } from './shared-sources';

/**
 * Brotli at its fastest: a third of the bytes at about 300 MB/s here, where a page takes
 * far longer to render (docs/performance.md, "The cache restored without the output").
 */
const COMPRESSION = { params: { [constants.BROTLI_PARAM_QUALITY]: 0 } };

/** A page's copy as the cache keeps it. */
export function compressPage(html: string): Uint8Array {
  return brotliCompressSync(html, COMPRESSION);
}

/**
 * What the build cache knows of each page: the fingerprint of the inputs it read, its HTML's
 * hash, and a compressed copy of its HTML in packs beside the index (`pages-<hash>.bin`, as
 * `body-packs.ts` keeps the Markdown bodies). A page the output holds is neither rendered nor
 * written; one the output lacks (a CI job restores the cache into a fresh checkout) is written
 * from its copy instead of rendered.
 */
export class PageCache {
  /** Whether this build forgot a page. */
  changed = false;
  /** This build's reuse: how many pages it rendered tells whether there is anything new to write. */
  private reuse: PageReuse | undefined;
  private readonly packs: BodyPacks;
  /** The pack the pages rendered now are appended to, and where each lies in it. */
  private stream: PackStream | undefined;
  private readonly streamed = new Map<ReusablePage, BodySpan>();
  /** One copy of what pages allow, for the saved pages and those rendered now. */
  private readonly sources = new SharedSources();

  constructor(
    readonly pages: Map<string, ReusablePage>,
    dir: string,
  ) {
    this.packs = new BodyPacks(dir, 'pages');
  }

  /** Takes the saved pages; a page whose pack is gone or cut short keeps no copy. Says whether some were lost. */
  restore(saved: ReadonlyMap<string, ReusablePage>): boolean {
    const stored = [...saved.values()].flatMap((page) => (page.stored ? [page.stored] : []));
    const ends = packEnds(stored);
    const readable = this.packs.readable(ends);
    for (const [file, page] of saved) {
      if (page.stored && !readable.has(page.stored.pack)) delete page.stored;
      if (page.inline) page.inline = this.sources.of(page.inline);
      this.pages.set(file, page);
    }
    return readable.size < ends.size;
  }

  /** `BuildCache.pageReuse`; `frontMatterHash`: the hash of a content file's front matter known by its bytes. */
  pageReuse(build: PageInputs, everything: string, inOutput: (file: string, hash: string) => boolean, frontMatterHash: (file: string) => string | undefined): PageReuse {
    const hashOf = pageInputHasher(build, (_, text) => contentHash(text), frontMatterHash);
    this.reuse = {
      pages: this.pages,
      everything,
      rendered: 0,
      hashOf,
      inOutput,
      storedHtml: (page) => this.storedHtml(page),
      keepHtml: (page, html, copy = compressPage(html)) => this.streamed.set(page, (this.stream ??= this.packs.stream()).append(copy)),
      sources: this.sources,
    };
    return this.reuse;
  }

  private storedHtml(page: ReusablePage): Uint8Array | undefined {
    if (!page.stored) return undefined;
    let bytes: Buffer;
    try {
      bytes = this.packs.readBytes(page.stored);
    } catch (error) {
      // Deleted since the cache was read (another build of the site compacted it): render the page.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    return brotliDecompressSync(bytes);
  }

  /** Whether this build rendered a page, whose fingerprint is then new. */
  get rendered(): boolean {
    return Boolean(this.reuse?.rendered);
  }

  /** Forgets pages that are no longer built. */
  keep(outputPaths: ReadonlySet<string>): void {
    for (const file of this.pages.keys()) {
      if (outputPaths.has(file)) continue;
      this.pages.delete(file);
      this.changed = true;
    }
  }

  /**
   * Every copy in a named pack, before the index is written: the pages rendered now go into
   * this build's pack; when the live copies are under half of the packs' bytes, or there are
   * many packs, all of them go into one new pack. The packs the index names.
   */
  packed(): Set<string> {
    const live = [...this.pages.values()];
    const stored = live.flatMap((page) => (page.stored && !this.streamed.has(page) ? [page.stored] : []));
    const streamed = live.filter((page) => this.streamed.has(page));
    if (compactionDue(stored, streamed.map((page) => this.streamed.get(page)!), this.stream)) {
      const kept = live.filter((page) => page.stored || this.streamed.has(page));
      const bytes = kept.map((page) => (this.streamed.has(page) ? this.stream!.readBytes(this.streamed.get(page)!) : this.packs.readBytes(page.stored!)));
      const written = kept.length > 0 ? this.packs.write(bytes) : [];
      kept.forEach((page, index) => (page.stored = written[index]!));
    } else if (streamed.length > 0) {
      const pack = this.stream!.finish()!;
      for (const page of streamed) page.stored = { pack, ...this.streamed.get(page)! };
    }
    this.stream?.abandon();
    this.streamed.clear();
    return new Set(live.flatMap((page) => (page.stored ? [page.stored.pack] : [])));
  }

  /** Deletes the packs the index no longer names: only once it is written. */
  keepPacks(packs: ReadonlySet<string>): void {
    this.packs.finish(packs);
  }

  /** Deletes this build's pack unless `packed` named it (a failed build), and lets go of the packs. */
  close(): void {
    this.stream?.abandon();
    this.packs.close();
  }
}
