import path from 'node:path';
import { BuildFailure, SiteError } from '../diagnostics/diagnostic';

/** The persistent build cache's folder in a site. */
export const CACHE_DIR = '.sitegen-cache';
/** The output folder under the root when none is given. */
export const DEFAULT_OUT = 'dist';
/**
 * The output folder of a preview build (`--drafts`, `--future`) when none is given: beside the
 * production output, never in it, so no draft reaches what is published or what the next
 * production build takes for the previous one.
 */
export const DEFAULT_PREVIEW_OUT = 'dist-preview';
/** The environment variable that points the forms at another PocketBase, for one build. */
export const BACKEND_URL_ENV = 'SITEGEN_POCKETBASE_URL';
/** The reproducible-builds convention: the build's time, in seconds. */
export const SOURCE_DATE_EPOCH = 'SOURCE_DATE_EPOCH';
/** The pages of a locale one search index holds before the locale's index is in shards (`search/search-shards.ts`). */
export const SEARCH_SHARD_PAGES_ENV = 'SITEGEN_SEARCH_SHARD_PAGES';
/** Its default: Pagefind's service holds about 400 MB for 2,000 pages, under the build's own peak at scale (docs/performance.md). */
export const DEFAULT_SEARCH_SHARD_PAGES = 2000;

/**
 * Where large-site machinery runs: `auto` by the site's size (docs/architecture.md, "Threads"),
 * `off` everything on the main thread, `always` every worker and read-ahead even on a small
 * site (the tests use it so each mode runs on every test run).
 */
export type Parallel = 'auto' | 'off' | 'always';
export const PARALLEL_MODES: readonly Parallel[] = ['auto', 'off', 'always'];

/**
 * What a build shows besides the published pages: drafts (`--drafts`) and pages whose
 * `publishDate` is after the build's time (`--future`). A production build shows neither;
 * `sitegen watch` shows both.
 */
export interface PreviewOptions {
  readonly drafts: boolean;
  readonly future: boolean;
}

/** What a caller of `build()` may say about the build; everything is optional. */
export interface UserOptions {
  /** The site folder (route table, content, locales). Default: the current directory. */
  root?: string;
  /** The output folder. Default: `dist` under the root. */
  out?: string;
  /** false renders into memory only and leaves the output folder alone (tests, checks). */
  write?: boolean;
  /**
   * false builds without the persistent cache in `.sitegen-cache/` (neither read nor written).
   * Only builds that write use it.
   */
  cache?: boolean;
  /**
   * The earlier build whose URLs this one must keep answering (docs/redirects.md): an output
   * folder or the URL of the published site. Default: the output folder as it is before this
   * build, for a build that writes. false: none.
   */
  previous?: string | false;
  /** Where large-site machinery runs (`Parallel`). Default: `auto`. */
  parallel?: Parallel;
  /** The environment the build reads its overrides from. Default: `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * The build's time is the current time (`--now`), not `SOURCE_DATE_EPOCH` or the last commit:
   * for CI, where a scheduled page goes live with the first build after its time.
   */
  now?: boolean;
  /** Show pages with `draft: true` (`--drafts`), labelled. Default: false; true in watch mode. */
  drafts?: boolean;
  /** Show pages whose `publishDate` is after the build's time (`--future`), labelled. Default: false; true in watch mode. */
  future?: boolean;
}

/**
 * The options of one build, resolved once before any stage runs: paths absolute, defaults
 * applied, the environment's overrides validated. Immutable; no stage reads the options or the
 * environment itself.
 */
export interface ResolvedOptions {
  readonly root: string;
  readonly outDir: string;
  readonly cacheDir: string;
  /** The build writes its output folder (false: into memory). */
  readonly write: boolean;
  /** A watch session's build: keeps work in memory, never a persistent cache. */
  readonly inSession: boolean;
  /** The persistent cache is read and written. */
  readonly persistentCache: boolean;
  /** Where the previous build comes from, or false for none. */
  readonly previous: { readonly from: string; readonly isDefault: boolean } | false;
  readonly parallel: Parallel;
  /** What this build shows besides published pages (`docs/content.md`, "Drafts and scheduled pages"). */
  readonly preview: PreviewOptions;
  /** What the environment sets for this build. */
  readonly overrides: {
    /** `SITEGEN_POCKETBASE_URL`: the backend the forms send to, instead of `backendUrl`. */
    readonly backendUrl: string | undefined;
    /** `SOURCE_DATE_EPOCH`, in milliseconds; the current time with `now`. */
    readonly timestamp: number | undefined;
    /** `SITEGEN_SEARCH_SHARD_PAGES`: pages per search index before a locale's is in shards (tests split a small site with it). */
    readonly searchShardPages: number;
  };
}

/**
 * Resolves a build's options; a malformed environment variable is a located error. `inSession`:
 * a build of a long-lived session (watch mode), which keeps its work in memory.
 */
export function resolveOptions(options: UserOptions = {}, inSession = false): ResolvedOptions {
  const env = options.env ?? process.env;
  const root = path.resolve(options.root ?? '.');
  // Watch mode shows what editors are working on; a build shows it only when asked.
  const preview: PreviewOptions = Object.freeze({ drafts: options.drafts ?? inSession, future: options.future ?? inSession });
  const isPreview = preview.drafts || preview.future;
  const outDir = resolveOutDir(root, options.out ?? (isPreview && !inSession ? DEFAULT_PREVIEW_OUT : undefined));
  const write = options.write !== false;
  const parallel = options.parallel ?? 'auto';
  const errors: SiteError[] = [];
  if (!PARALLEL_MODES.includes(parallel)) {
    errors.push(new SiteError('config/parallel-mode', `parallel is "${String(parallel)}"`, { hint: `use one of: ${PARALLEL_MODES.join(', ')}` }));
  }
  const backendUrl = env[BACKEND_URL_ENV] || undefined;
  if (backendUrl !== undefined && !isHttpUrl(backendUrl)) {
    errors.push(new SiteError('config/env-backend-url', `${BACKEND_URL_ENV} is "${backendUrl}", not an http(s) URL`, { file: BACKEND_URL_ENV, hint: 'set it to the PocketBase origin, like http://127.0.0.1:8090' }));
  }
  const epoch = env[SOURCE_DATE_EPOCH];
  if (epoch !== undefined && epoch !== '' && !/^\d+$/.test(epoch)) {
    errors.push(new SiteError('config/env-source-date-epoch', `${SOURCE_DATE_EPOCH} is "${epoch}", not a number of seconds`, { file: SOURCE_DATE_EPOCH, hint: 'set it to a Unix time in seconds, e.g. $(git log -1 --format=%ct), or unset it' }));
  }
  const shardPages = env[SEARCH_SHARD_PAGES_ENV];
  if (shardPages !== undefined && shardPages !== '' && !/^[1-9]\d*$/.test(shardPages)) {
    errors.push(new SiteError('config/env-search-shard-pages', `${SEARCH_SHARD_PAGES_ENV} is "${shardPages}", not a whole number of pages`, { file: SEARCH_SHARD_PAGES_ENV, hint: `set it to 1 or more pages, or unset it for ${DEFAULT_SEARCH_SHARD_PAGES}` }));
  }
  if (errors.length > 0) throw new BuildFailure(errors);
  // A preview is never published: no earlier build's URLs are its to keep.
  const previousFrom = options.previous ?? (write && !inSession && !isPreview ? outDir : false);
  return Object.freeze({
    root,
    outDir,
    cacheDir: path.join(root, CACHE_DIR),
    write,
    inSession,
    persistentCache: write && !inSession && options.cache !== false,
    previous: previousFrom === false ? false : Object.freeze({ from: previousFrom, isDefault: options.previous === undefined }),
    parallel,
    preview,
    overrides: Object.freeze({
      backendUrl: backendUrl?.replace(/\/+$/, ''),
      // Whole seconds, as SOURCE_DATE_EPOCH gives them.
      timestamp: options.now ? Math.floor(Date.now() / 1000) * 1000 : epoch ? Number(epoch) * 1000 : undefined,
      searchShardPages: shardPages ? Number(shardPages) : DEFAULT_SEARCH_SHARD_PAGES,
    }),
  });
}

/** The output folder: `out` under the root, `dist` when none is given. */
export function resolveOutDir(root = '.', out?: string): string {
  return path.resolve(root, out ?? DEFAULT_OUT);
}

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol) && /^https?:\/\//.test(value);
  } catch {
    return false;
  }
}
