import type { WidgetBundle } from '../bundle/bundle-widgets';
import type { LoadedTemplates } from '../bundle/load-templates';
import type { RecordedBuild, RecordSources } from '../cache/build-record';
import type { LearnedContent } from '../cache/cached-content';
import type { PageInputs } from '../cache/page-inputs';
import type { PageReuse } from '../cache/page-reuse';
import type { EncodedStore } from '../images/encode-images';
import type { KnownContent } from '../markdown/content';
import type { RenderedMarkdown } from '../markdown/markdown';
import type { MarkdownJob } from '../markdown/markdown-stage';
import type { PlainRoute, Route } from '../plan/route-table';
import type { SiteSources } from '../read/read-sources';
import type { SearchStore } from '../search/search-store';
import type { FactsMemo } from '../translations/file-facts';
import type { Output } from '../write/write-output';

/** What the content files are known as before any Markdown work: results an earlier build left, by file. */
export interface KnownFiles {
  /** Content files whose Markdown result is still valid (same bytes, same route table). */
  known: Map<string, KnownContent>;
  /** This build's key of each content file, under which its result is kept. */
  keys: Map<string, string>;
  /** Why an earlier build's memory was there but not used (a damaged or foreign cache), for a warning. */
  discarded?: string;
}

/** What the widget bundle is made from. */
export interface WidgetInputs {
  widgetsDir: string;
  generatedDir: string;
  /** The default locale's widget messages, built in for when messages cannot load. */
  fallbackMessages: Record<string, string>;
}

/** What a build learned that the next one can use (`remember`): its content (`routes` the published ones), and the route table as validated. */
export interface Learned extends LearnedContent {
  routesText: string;
  localesKey: string;
  validatedRoutes: readonly Route[];
  outputPaths: ReadonlySet<string>;
}

/**
 * What one build recalls of earlier builds and keeps for later ones, chosen once when the run
 * starts (`memoryFor`): nothing (`one-off-memory.ts`), the persistent cache in `.sitegen-cache/`
 * (`cache-memory.ts`), or a watch session's memory in this process (`session-memory.ts`).
 * The steps ask it and never learn which one it is. A method that has nothing to recall computes.
 */
export interface BuildMemory {
  /** Watch mode's output: the release and build id stay "dev", so an edit changes only the pages that show it. */
  readonly dev: boolean;
  /** The site's sources: all read, or only the files changed since the last build read again. */
  readSources(read: () => Promise<SiteSources>, refresh: (previous: SiteSources, changed: ReadonlySet<string>) => Promise<SiteSources>): Promise<SiteSources>;
  /** Which content files need no Markdown work this build. */
  knownFiles(content: SiteSources['content'], routesText: string): Promise<KnownFiles>;
  /** The split of each content source object seen before, or undefined. */
  readonly splits: WeakMap<object, { file: string; frontMatter: string; job: MarkdownJob }> | undefined;
  /** What the translations' state needs of each content file, by the hash of its bytes. */
  translationFacts(): FactsMemo | undefined;
  /** `compute()`, or its result from an earlier build while `key` is the same. */
  once<T>(name: string, key: string, compute: () => T): T;
  /** `compute()`, or its result from the last build while every one of `inputs` is the same object (or value) as then. */
  alike<T>(name: string, inputs: readonly unknown[], compute: () => T): T;
  /** The routes validated from this route table text for these locales before, if any. */
  knownRoutes(text: string, localesKey: string): PlainRoute[] | undefined;
  /** The compiled templates: bundled, or an earlier bundle while its sources are the same. */
  templates(templatesDir: string, cacheDir: string): Promise<LoadedTemplates>;
  /** The browser bundle: bundled, or an earlier bundle while its sources are the same. */
  widgets(inputs: WidgetInputs): Promise<WidgetBundle>;
  /** The site's last commit time, asked once per process where a session keeps it. */
  commitTime(ask: () => Promise<number | undefined>): Promise<number | undefined>;
  /** Receives each body rendered now; gives back the body to keep (a persistent cache streams it into a pack). */
  bodyKeeper(): ((file: string, markdown: RenderedMarkdown) => RenderedMarkdown) | undefined;
  /** Validated front matter by its parsed document, or undefined. */
  readonly validated: WeakMap<object, { template: string; data: unknown }> | undefined;
  /** Where each locale's search index is kept with the key of its pages; undefined when none is. */
  searchStore(): SearchStore | undefined;
  /** Where raster encodings are kept. */
  imageStore(): EncodedStore;
  /** How pages of earlier builds are reused; undefined when none are. */
  pageReuse(inputs: PageInputs, everything: string, output: Output | undefined): PageReuse | undefined;
  /** Page payloads by page plan, or undefined. */
  readonly payloads: WeakMap<object, { data: unknown; headings: unknown; json: Uint8Array }> | undefined;
  /** Keeps what this build learned for the next one. */
  remember(learned: Learned): Promise<void>;
  /**
   * Starts the record of what the output is made from and holds, so that the next build can
   * find nothing changed (`cache/build-record.ts`): the sources are stamped now, and the
   * function returned records the rest once the output is swapped in. A memory that keeps no
   * record does neither.
   */
  startRecord(sources: () => RecordSources): (build: () => Promise<RecordedBuild>) => Promise<void>;
  /** Ends what the memory holds open for this build (a failed build leaves no pack of its bodies). */
  close(): void;
}
