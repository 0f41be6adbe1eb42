import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Problems } from '../diagnostics/diagnostic';
import { cachingStage } from '../markdown/caching-stage';
import type { MarkdownJob, MarkdownStage } from '../markdown/markdown-stage';
import { WidgetBundler } from '../bundle/bundle-widgets';
import { TemplateContext } from '../bundle/template-context';
import type { PageInputs } from './page-inputs';
import { SessionInputs } from './session-inputs';
import type { SiteSources } from '../read/read-sources';
import type { PageReuse, ReusablePage } from './page-reuse';
import type { FactsMemo } from '../translations/file-facts';
import { memoryStore, type EncodedStore } from '../images/encode-images';
import { memorySearchStore, type SearchStore } from '../search/search-store';
import type { KnownPageHashes } from '../search/search-index';
import { SharedSources } from './shared-sources';

/**
 * What a long-lived process (`sitegen watch`) keeps between builds so a rebuild redoes only
 * what its changed files affect: the Markdown results, the bundles while their sources did not
 * change, and every page's HTML with the inputs it read.
 */
export class BuildSession {
  readonly markdown: MarkdownStage = cachingStage();
  /** Rendered pages by output path: the inputs they read and a fingerprint of those inputs. */
  readonly pages = new Map<string, ReusablePage>();
  private readonly bundles = new Map<string, { value: unknown; affects: (file: string) => boolean }>();
  private readonly memos = new Map<string, { key: string; value: unknown }>();
  private readonly alikes = new Map<string, { inputs: readonly unknown[]; value: unknown }>();
  /** The split of each content source text object (the same object while the file is unchanged). */
  readonly splits = new WeakMap<object, { file: string; frontMatter: string; job: MarkdownJob }>();
  /** Page payloads by page plan, with the content data they were made from. */
  readonly payloads = new WeakMap<object, { data: unknown; headings: unknown; json: Uint8Array }>();
  /** Validated front matter by its parsed document (the same object while its text is unchanged). */
  readonly validated = new WeakMap<object, { template: string; data: unknown }>();
  /** What the translations' state needs of each content file, by the hash of its bytes. */
  translations: FactsMemo | undefined;
  /** The encodings of the raster images: an edit encodes only an image that changed. */
  readonly images: EncodedStore = memoryStore();
  /** Each locale's search index: an edit indexes only the locale whose pages changed. */
  readonly search: SearchStore = memorySearchStore();
  /** The hash of each page's HTML as the last index read it: an index hashes only the pages an edit rendered again. */
  readonly searchPageHashes: KnownPageHashes = new Map();
  /** The sources as last read: a rebuild reads only the changed files again. */
  sources: SiteSources | undefined;
  /** The site's last commit time, asked once: watch mode keeps the first build's time. */
  commitTime: Promise<number | undefined> | undefined;
  /** Absolute paths changed since the last build; undefined before the first build. */
  changed: ReadonlySet<string> | undefined;
  private lastReuse: PageReuse | undefined;
  /** The hashes of what pages read, and their fingerprints, while the files they come from stay the same. */
  private readonly inputs = new SessionInputs();
  /** One copy of what the pages kept in memory allow (`shared-sources.ts`). */
  private readonly sharedSources = new SharedSources();
  private readonly bundlers = new Map<string, WidgetBundler>();
  /** The templates' esbuild context: an edit bundles them again from what it kept. */
  readonly templateContext = new TemplateContext();

  /** The browser bundler of a widgets folder, kept with esbuild's incremental contexts. */
  widgetBundler(dir: string, generatedDir: string): WidgetBundler {
    let bundler = this.bundlers.get(dir);
    if (!bundler) {
      bundler = new WidgetBundler(dir, true, generatedDir);
      this.bundlers.set(dir, bundler);
    }
    return bundler;
  }

  /** Stops what the session keeps running (esbuild contexts). */
  async dispose(): Promise<void> {
    await Promise.all([...this.bundlers.values()].map((bundler) => bundler.dispose()));
    await this.templateContext.dispose();
    this.bundlers.clear();
    this.markdown.close();
  }

  /** How many pages the last build rendered (the others were reused). */
  get rendered(): number {
    return this.lastReuse?.rendered ?? 0;
  }

  private readonly hashes = new WeakMap<object, string>();

  /** The fingerprint of `text`, kept with `owner` (a source object that is replaced when its file changes). */
  hashOf(owner: object, text: string): string {
    let hash = this.hashes.get(owner);
    if (hash === undefined) {
      hash = fingerprint(text);
      this.hashes.set(owner, hash);
    }
    return hash;
  }

  /**
   * What renderPages needs to reuse pages: `everything` is the hash of what every page reads
   * (`pageConfigHash`), and the hash of each other input a page can read is kept between builds
   * while its file does not change (`session-inputs.ts`).
   */
  pageReuse(build: PageInputs, everything: string): PageReuse {
    const hashOf = this.inputs.hasher(build, (owner, text) => this.hashOf(owner, text));
    this.lastReuse = {
      pages: this.pages,
      everything,
      rendered: 0,
      hashOf,
      fingerprint: (deps) => this.inputs.fingerprint(everything, deps, hashOf),
      sources: this.sharedSources,
    };
    return this.lastReuse;
  }

  /**
   * `compute()` again only when `key` (the text it parses) changed. A result computed while the
   * build had problems is not kept: the problems are reported again next time, and a parser that
   * gave up because of another file's errors (returning nothing for a valid text) is asked again.
   */
  memo<T>(name: string, key: string, problems: Problems, compute: () => T): T {
    const hit = this.memos.get(name);
    if (hit && hit.key === key) return hit.value as T;
    const value = compute();
    if (problems.ok) this.memos.set(name, { key, value });
    return value;
  }

  /** `compute()`, or its result from the last time while every one of `inputs` is the same; kept only when no problem was found. */
  memoAlike<T>(name: string, inputs: readonly unknown[], problems: Problems, compute: () => T): T {
    const hit = this.alikes.get(name);
    if (hit && hit.inputs.length === inputs.length && hit.inputs.every((input, index) => Object.is(input, inputs[index]))) return hit.value as T;
    this.alikes.delete(name);
    const value = compute();
    // A promise is kept once it resolved with no problem found by then.
    if (value instanceof Promise) {
      return value.then((resolved: unknown) => {
        if (problems.ok) this.alikes.set(name, { inputs, value: Promise.resolve(resolved) });
        return resolved;
      }) as T;
    }
    if (problems.ok) this.alikes.set(name, { inputs, value });
    return value;
  }

  /**
   * The cached result of `load`, unless a changed file affects it: a file under `dir`, or one
   * of the files the result says it was made from (`inputsOf`).
   */
  async reuse<T>(name: string, dir: string, load: () => Promise<T>, inputsOf: (value: T) => readonly string[] = () => []): Promise<T> {
    const cached = this.bundles.get(name);
    const changed = this.changed;
    if (cached && changed && ![...changed].some(cached.affects)) return cached.value as T;
    const value = await load();
    const inputs = new Set(inputsOf(value));
    this.bundles.set(name, { value, affects: (file) => file.startsWith(dir + path.sep) || inputs.has(file) });
    return value;
  }
}

/** A short, stable hash of some strings. */
export function fingerprint(...parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 16);
}
