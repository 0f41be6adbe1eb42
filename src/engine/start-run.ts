import path from 'node:path';
import { templatesDirOf } from './bundle/load-templates';
import { BuildCache } from './cache/build-cache';
import type { BuildSession } from './cache/build-session';
import { lastCommitTime } from './config/build-time';
import { BUNDLED_TEMPLATES_DIR, CACHE_IDENTITY } from './config/package-info';
import type { ResolvedConfig } from './config/resolve-config';
import { Problems } from './diagnostics/diagnostic';
import { cacheMemory } from './memory/cache-memory';
import { oneOffMemory } from './memory/one-off-memory';
import { sessionMemory } from './memory/session-memory';
import { isRemote, readPreviousBuild } from './plan/previous-build';
import { executionStrategy } from './scale/execution-strategy';
import { readAheadFolder } from './scale/markdown-worker-start';
import { onThisThread, startMarkdownThreads, type MarkdownThreads } from './scale/markdown-workers';
import { scalePolicy } from './scale/scale-policy';
import { settle, stopwatch, type BuildRun } from './steps/run';
import { Output } from './write/write-output';

/**
 * Chooses how the build runs and what it recalls, once: a watch session's memory, the
 * persistent cache (`cacheMode` 'replace' starts it empty), or nothing. Then starts what works
 * beside this thread while the first steps run: the Markdown threads load (and read the content
 * ahead on a cold build), esbuild bundles the templates in its own process, the cache and the
 * previous build are read, the output folder is opened.
 */
export function startRun(config: ResolvedConfig, session: BuildSession | undefined, cacheMode: 'use' | 'replace'): BuildRun {
  const { root, cacheDir } = config;
  const problems = new Problems();
  const timings = stopwatch({ memory: session === undefined });
  const policy = scalePolicy(config.parallel);
  const memory = session ? sessionMemory(session, problems) : config.persistentCache ? cacheMemory(BuildCache.load(cacheDir, CACHE_IDENTITY, cacheMode === 'replace'), cacheDir, problems) : oneOffMemory();
  // Without a cache, every body is rendered: the Markdown worker reads the content ahead.
  const readAhead = readAheadFolder(root, config.persistentCache, policy);
  // In this order: what takes longest to get going starts first. A session's Markdown stage
  // stays on this thread, with its results, for the next build.
  const threads = session ? keptOpen(onThisThread(session.markdown)) : startMarkdownThreads(policy, readAhead);
  const templates = settle(memory.templates(templatesDirOf(root, BUNDLED_TEMPLATES_DIR), cacheDir));
  // The build's time comes from git unless SOURCE_DATE_EPOCH says otherwise.
  const commitTime = memory.commitTime(() => (config.overrides.timestamp !== undefined ? Promise.resolve(undefined) : lastCommitTime(root)));
  const output = config.write ? settle(Output.open(config.outDir)) : undefined;
  // Read before anything is written: the live output is the previous build until the swap.
  const { previous } = config;
  const previousReading = settle(previous === false ? Promise.resolve(undefined) : readPreviousBuild(isRemote(previous.from) ? previous.from : path.resolve(root, previous.from), previous.isDefault));
  return {
    config,
    problems,
    warnings: [],
    timings,
    execution: executionStrategy(policy, session !== undefined, readAhead),
    memory,
    threads,
    templates,
    commitTime,
    output,
    previous: previousReading,
  };
}

/** A session's Markdown stage outlives the build: closing the build leaves it open. */
function keptOpen(threads: MarkdownThreads): MarkdownThreads {
  return { ...threads, close() {} };
}

/** Ends what the run started, whether the build succeeded or not. */
export async function closeRun(run: BuildRun): Promise<void> {
  run.threads.close();
  run.memory.close();
  // A build that failed early must not leave the bundling to fail unobserved.
  await run.templates;
}

