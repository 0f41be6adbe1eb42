import { hash } from 'node:crypto';
import { contentHash } from '../base/content-hash';
import type { BodyLocation } from './body-packs';
import type { InlineSources } from '../artifacts/inline-sources';
import type { PagePlan } from '../plan/plan-pages';
import type { SharedSources } from './shared-sources';

/** A page rendered before, with the inputs it read and a fingerprint of them. */
export interface ReusablePage {
  fingerprint: string;
  deps: readonly string[];
  /** Its HTML (watch mode keeps pages in memory)... */
  html?: string;
  /** ...or the hash of its HTML (a persistent cache, when the output holds the page)... */
  hash?: string;
  /** ...and where the cache keeps its HTML, for an output that lacks it (a CI job restores the cache, not the output). */
  stored?: BodyLocation;
  /** What the page's HTML contains that the security policy must allow. */
  inline?: InlineSources;
}

/**
 * Reuse of pages between builds. A page is rendered again only when one of the inputs it read
 * changed: what every page reads (the page view of the configuration, `PageConfig`), or the
 * content of a route it showed (its own, or one it listed or linked).
 */
export interface PageReuse {
  pages: Map<string, ReusablePage>;
  /** Hash of what every page reads: `pageConfigHash`. */
  everything: string;
  /**
   * Hash of an input by name: `content:<route id>:<locale>` (the whole file) or
   * `summary:<route id>:<locale>` (what a card of it shows).
   */
  hashOf(input: string): string;
  /** Counts the pages rendered (not reused). */
  rendered: number;
  /**
   * Set for a persistent cache, which keeps hashes instead of HTML: whether the output holds
   * these bytes, so the page need not be written either.
   */
  inOutput?(outputPath: string, hash: string): boolean;
  /** A persistent cache's copy of a page's HTML (`stored`), as UTF-8 bytes to be written as they are, when it has one. */
  storedHtml?(page: ReusablePage): Uint8Array | undefined;
  /** Keeps a copy of a page rendered now in the persistent cache (`stored`); `copy`, when given, is `compressPage(html)`, made on another thread. */
  keepHtml?(page: ReusablePage, html: string, copy?: Uint8Array): void;
  /** Where pages that allow the same share what they allow (`shared-sources.ts`). */
  sources?: SharedSources;
  /** The fingerprint of what a page read, when not `inputsFingerprint` made anew (a watch session keeps them: `session-inputs.ts`). */
  fingerprint?(deps: readonly string[]): string;
}

/**
 * The fingerprint of what a page read: a digest of what every page reads and of each of its
 * inputs with its hash. A digest, not their text: a hub's was a few hundred characters, kept
 * for every page (10 MB at 10,000 articles x 3).
 */
export function inputsFingerprint(everything: string, deps: readonly string[], hashOf: (input: string, index: number) => string): string {
  return hash('sha1', [everything, ...deps.map((dep, index) => `${dep}=${hashOf(dep, index)}`)].join('\n'));
}

/** What an earlier build left of a page that still holds: its HTML, or the hash of the bytes the output holds. */
export type EarlierPage = { html: string | Uint8Array; inline?: InlineSources; hash?: string } | { hash: string; inline: InlineSources };

/** Reuse during one rendering of the pages: what may be kept, and what is remembered for the next build. */
export interface PageReuseRun {
  /** The page as an earlier build rendered it, when none of the inputs it read changed. */
  earlier(plan: PagePlan): EarlierPage | undefined;
  /**
   * Remembers a page rendered now with the inputs it read (`deps`); `hash`, when known, is
   * `contentHash(html)`. Undefined when nothing is kept (no reuse, or the page said nothing of its inputs).
   */
  remember(plan: PagePlan, html: string, deps: readonly string[] | undefined, hash?: string, copy?: Uint8Array): ReusablePage | undefined;
  /** What a page remembered now contains that the policy must allow, once it is read. */
  allows(page: ReusablePage, inline: InlineSources): void;
  /** Fingerprints what was remembered: once every body is there, since a fingerprint reads the summaries of other routes. */
  finish(): void;
}

/** Reuse for one rendering of the pages; with no `reuse`, nothing is kept and nothing remembered. */
export function pageReuseRun(reuse: PageReuse | undefined): PageReuseRun {
  const fingerprintOf = (deps: readonly string[]) => reuse!.fingerprint?.(deps) ?? inputsFingerprint(reuse!.everything, deps, reuse!.hashOf);
  const unprinted: Array<{ page: ReusablePage; deps: readonly string[] }> = [];
  return {
    earlier(plan) {
      const cached = reuse?.pages.get(plan.outputPath);
      if (!cached || cached.fingerprint !== fingerprintOf(cached.deps)) return undefined;
      if (cached.html !== undefined) return { html: cached.html, inline: cached.inline };
      if (cached.hash === undefined || !cached.inline) return undefined;
      if (reuse!.inOutput?.(plan.outputPath, cached.hash)) return { hash: cached.hash, inline: cached.inline };
      // Not in the output (a fresh checkout with the cache restored): the cache's copy is written.
      const html = reuse!.storedHtml?.(cached);
      return html === undefined ? undefined : { html, inline: cached.inline, hash: cached.hash };
    },
    remember(plan, html, deps, hash = reuse?.inOutput ? contentHash(html) : undefined, copy) {
      if (!reuse || !deps) return undefined;
      const entry: ReusablePage = reuse.inOutput ? { fingerprint: '', deps, hash } : { fingerprint: '', deps, html };
      unprinted.push({ page: entry, deps });
      reuse.keepHtml?.(entry, html, copy);
      reuse.pages.set(plan.outputPath, entry);
      reuse.rendered++;
      return entry;
    },
    allows(page, inline) {
      page.inline = reuse?.sources?.of(inline) ?? inline;
    },
    finish() {
      for (const { page, deps } of unprinted) page.fingerprint = fingerprintOf(deps);
      unprinted.length = 0;
    },
  };
}
