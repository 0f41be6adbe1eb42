import path from 'node:path';
import { cachedBundle } from '../bundle/bundle-cache';
import { bundleTemplates, importTemplates, loadTemplates, moduleIsIntact, templatesDirOf, type LoadedTemplates } from '../bundle/load-templates';
import { BuildCache } from '../cache/build-cache';
import type { BuildSession } from '../cache/build-session';
import { lastCommitTime } from '../config/build-time';
import type { ResolvedConfig } from '../config/resolve-config';
import { BUNDLED_TEMPLATES_DIR, CACHE_IDENTITY } from '../config/package-info';
import { BuildFailure, Problems, type Diagnostic } from '../diagnostics/diagnostic';
import { isRemote, readPreviousBuild, type PreviousBuild } from '../plan/previous-build';
import type { PageWorkers } from '../render/page-work';
import { onThisThread, startMarkdownThreads, type MarkdownThreads } from '../scale/markdown-workers';
import { readAheadFolder } from '../scale/markdown-worker-start';
import { scalePolicy } from '../scale/scale-policy';
import { executionStrategy, type ExecutionStrategy } from '../scale/execution-strategy';
import { Output } from '../write/write-output';

/** A promise's outcome, held so that a failure is not "unhandled" while other steps run. */
export type Settling<T> = Promise<{ value: T } | { error: unknown }>;

/**
 * What the steps of one build share: its options, what it found so far (errors, warnings,
 * timings), and what it started beside the main thread before the first step (the Markdown
 * threads, the templates' bundle, the cache, the output folder, the previous build). Each step
 * takes the run and the results of the steps before it.
 */
export interface BuildRun {
  readonly config: ResolvedConfig;
  /** A watch session's build keeps its work in the session. */
  readonly session: BuildSession | undefined;
  readonly problems: Problems;
  readonly warnings: Diagnostic[];
  readonly timings: Stopwatch;
  /** How this build runs (threads, large-build paths), decided once here. */
  readonly execution: ExecutionStrategy;
  /** The content folder the first Markdown worker reads ahead, when it does. */
  readonly readAhead: string | undefined;
  readonly threads: MarkdownThreads;
  readonly templates: Settling<LoadedTemplates>;
  readonly cache: Promise<BuildCache> | undefined;
  readonly commitTime: Promise<number | undefined>;
  readonly output: Settling<Output> | undefined;
  readonly previous: Settling<PreviousBuild | undefined>;
  /** Started by the render step for a large site. */
  pageWorkers: PageWorkers | undefined;
  /** `compute()`, or in watch mode its result from the last build while `key` is the same. */
  once<T>(name: string, key: string, compute: () => T): T;
}

/**
 * Starts what works beside this thread while the first steps run: the Markdown threads load
 * (and read the content ahead on a cold build), esbuild bundles the templates in its own
 * process, the cache and the previous build are read, the output folder is opened.
 * `cacheMode` 'replace' starts from an empty persistent cache.
 */
export function startRun(config: ResolvedConfig, session: BuildSession | undefined, cacheMode: 'use' | 'replace'): BuildRun {
  const { root, cacheDir } = config;
  // Stack traces of templates point at their TSX lines.
  process.setSourceMapsEnabled(true);
  const problems = new Problems();
  const timings = stopwatch();
  const persistent = config.persistentCache;
  const policy = scalePolicy(config.parallel);
  // Without a cache, every body is rendered: the Markdown worker reads the content ahead.
  const readAhead = readAheadFolder(root, persistent, policy);
  const templatesDir = templatesDirOf(root, BUNDLED_TEMPLATES_DIR);
  const loadingTemplates = () =>
    persistent
      ? cachedBundle(path.join(cacheDir, 'templates.bin'), `${CACHE_IDENTITY}\0${templatesDir}`, () => bundleTemplates(templatesDir, cacheDir), moduleIsIntact).then(importTemplates)
      : loadTemplates(templatesDir, cacheDir);
  // In this order: what takes longest to get going starts first.
  const threads = session ? onThisThread(session.markdown) : startMarkdownThreads(policy, readAhead);
  const templates = settle(session ? session.reuse('templates', templatesDir, loadingTemplates, (loaded) => loaded.inputs) : loadingTemplates());
  const cache = persistent ? BuildCache.load(cacheDir, CACHE_IDENTITY, cacheMode === 'replace') : undefined;
  // The build's time comes from git unless SOURCE_DATE_EPOCH says otherwise.
  const commitTime = session?.commitTime ?? (config.overrides.timestamp !== undefined ? Promise.resolve(undefined) : lastCommitTime(root));
  if (session) session.commitTime = commitTime;
  const output = config.write ? settle(Output.open(config.outDir)) : undefined;
  // Read before anything is written: the live output is the previous build until the swap.
  const { previous } = config;
  const previousReading = settle(previous === false ? Promise.resolve(undefined) : readPreviousBuild(isRemote(previous.from) ? previous.from : path.resolve(root, previous.from), previous.isDefault));
  return {
    config,
    session,
    problems,
    warnings: [],
    timings,
    execution: executionStrategy(policy, session !== undefined, readAhead),
    readAhead,
    threads,
    templates,
    cache,
    commitTime,
    output,
    previous: previousReading,
    pageWorkers: undefined,
    once: (name, key, compute) => (session ? session.memo(name, key, problems, compute) : compute()),
  };
}

/** Ends what the run started, whether the build succeeded or not. */
export async function closeRun(run: BuildRun): Promise<void> {
  if (!run.session) run.threads.close();
  run.pageWorkers?.close();
  // A build that failed leaves no pack of its bodies (one that succeeded has named it).
  void run.cache?.then((cache) => cache.abandonStream());
  // A build that failed early must not leave the bundling to fail unobserved.
  await run.templates;
}

/** Holds a promise's outcome so a failure is not "unhandled" while other steps run. */
export function settle<T>(promise: Promise<T>): Settling<T> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

/** A bundle's result (or the opened output folder); errors in it join the errors found so far, reported together. */
export async function settledOrErrors<T>(loading: Settling<T>, problems: Problems): Promise<T> {
  const outcome = await loading;
  if ('value' in outcome) return outcome.value;
  if (outcome.error instanceof BuildFailure) for (const error of outcome.error.errors) problems.push(error);
  problems.throwIfAny();
  throw outcome.error;
}

export type Stopwatch = ReturnType<typeof stopwatch>;

/** Each step's time, and the process's resident memory (all threads) as it ends. */
function stopwatch() {
  const laps: Array<[string, number, number]> = [];
  let last = performance.now();
  return {
    laps,
    lap(step: string) {
      const now = performance.now();
      laps.push([step, Math.round((now - last) * 10) / 10, Math.round(process.memoryUsage.rss() / 2 ** 20)]);
      last = now;
    },
  };
}
