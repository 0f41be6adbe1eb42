import type { LoadedTemplates } from '../bundle/load-templates';
import type { ResolvedConfig } from '../config/resolve-config';
import { BuildFailure, type Diagnostic, type Problems } from '../diagnostics/diagnostic';
import type { BuildMemory } from '../memory/build-memory';
import type { PreviousBuild } from '../plan/previous-build';
import type { MarkdownThreads } from '../scale/markdown-workers';
import type { ExecutionStrategy } from '../scale/execution-strategy';
import type { Output } from '../write/write-output';

/** A promise's outcome, held so that a failure is not "unhandled" while other steps run. */
export type Settling<T> = Promise<{ value: T } | { error: unknown }>;

/**
 * What the steps of one build share: its options, what it found so far (errors, warnings,
 * timings), how it runs and what it recalls (both chosen once, by `start-run.ts`), and what it started beside
 * the main thread before the first step (the Markdown threads, the templates' bundle, the
 * output folder, the previous build). Each step takes the run and the results of the steps
 * before it.
 */
export interface BuildRun {
  readonly config: ResolvedConfig;
  readonly problems: Problems;
  readonly warnings: Diagnostic[];
  readonly timings: Stopwatch;
  /** How this build runs (threads, large-build paths). */
  readonly execution: ExecutionStrategy;
  /** What this build recalls of earlier ones and keeps for later ones. */
  readonly memory: BuildMemory;
  readonly threads: MarkdownThreads;
  readonly templates: Settling<LoadedTemplates>;
  readonly commitTime: Promise<number | undefined>;
  readonly output: Settling<Output> | undefined;
  readonly previous: Settling<PreviousBuild | undefined>;
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

/**
 * Each step's time, and with `memory` the process's resident memory (all threads) as it ends.
 * A watch session's rebuilds leave the memory out: reading it waits for the process's memory
 * map, which the other threads' allocations hold (0.4 ms a lap on average, up to 5 ms).
 */
export function stopwatch({ memory = true }: { memory?: boolean } = {}) {
  const laps: Array<[string, number, number | undefined]> = [];
  let last = performance.now();
  return {
    laps,
    /** When the run started, by the wall clock (what files' modification times are compared with). */
    startedAt: Date.now(),
    lap(step: string) {
      const now = performance.now();
      laps.push([step, Math.round((now - last) * 10) / 10, memory ? Math.round(process.memoryUsage.rss() / 2 ** 20) : undefined]);
      last = now;
    },
  };
}
