import { contentHash } from '../base/content-hash';
import { pageInputHasher, type PageInputs } from './page-inputs';
import type { PageReuse, ReusablePage } from './page-reuse';

/** What the build cache knows of each page: the fingerprint of the inputs it read, and its HTML's hash. */
export class PageCache {
  /** Whether this build forgot a page. */
  changed = false;
  /** This build's reuse: how many pages it rendered tells whether there is anything new to write. */
  private reuse: PageReuse | undefined;

  constructor(readonly pages: Map<string, ReusablePage>) {}

  /** `BuildCache.pageReuse`; `frontMatterHash`: the hash of a content file's front matter known by its bytes. */
  pageReuse(build: PageInputs, everything: string, inOutput: (file: string, hash: string) => boolean, frontMatterHash: (file: string) => string | undefined): PageReuse {
    const hashOf = pageInputHasher(build, (_, text) => contentHash(text), frontMatterHash);
    this.reuse = { pages: this.pages, everything, rendered: 0, hashOf, inOutput };
    return this.reuse;
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
}
