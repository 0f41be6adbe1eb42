/**
 * Starting the Markdown worker, kept apart from the rest of the engine so that `sitegen build`
 * can start it before the engine's modules load (a fifth of a second of a cold start): this
 * module imports nothing heavy.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PACKAGE_ROOT } from '../config/package-info';
import { CACHE_DIR, type Parallel } from '../config/options';
import { scalePolicy, type ScalePolicy } from './scale-policy';


/**
 * The bundled engine (`lib/`) has a worker entry; running from the TypeScript sources (tests),
 * Markdown renders on the main thread: the same code, the same output.
 */
const WORKER_SCRIPT = import.meta.url.endsWith('.ts') ? undefined : path.join(PACKAGE_ROOT, 'lib', 'markdown-worker.js');

/** What a worker starts with: the content folder to read ahead, if any. */
export interface MarkdownWorkerData {
  readAhead: string | undefined;
}

/**
 * The first worker reads and parses the site's Markdown on its own while the build loads and
 * reads its sources; the build then sends the same bodies and the worker keeps each tree whose
 * text is the same. Only worth it when the build will need the Markdown: not when a persistent
 * cache is there to know it (`ScalePolicy.readAhead`).
 */
export function readAheadFolder(root: string, cache: boolean, policy: ScalePolicy): string | undefined {
  return policy.readAhead(cache && existsSync(path.join(root, CACHE_DIR))) ? path.join(root, 'content') : undefined;
}

export function startMarkdownWorker(readAhead?: string): Worker | undefined {
  if (!WORKER_SCRIPT || !existsSync(WORKER_SCRIPT)) return undefined;
  const worker = new Worker(WORKER_SCRIPT, { workerData: { readAhead } satisfies MarkdownWorkerData });
  // Idle, a worker must not keep the process alive.
  worker.unref();
  return worker;
}

let prestarted: { worker: Worker | undefined; readAhead: string | undefined } | undefined;

/** Starts the first worker now; the next build that reads ahead the same folder takes it. */
export function prestartMarkdownWorker(root: string, cache: boolean, parallel: Parallel = 'auto'): void {
  const policy = scalePolicy(parallel);
  if (!policy.markdownWorkers) return;
  const readAhead = readAheadFolder(path.resolve(root), cache, policy);
  prestarted = { worker: startMarkdownWorker(readAhead), readAhead };
}

/** The prestarted worker if it reads ahead `readAhead`, else a new one. */
export function firstMarkdownWorker(readAhead: string | undefined): Worker | undefined {
  const taken = prestarted;
  prestarted = undefined;
  if (taken && taken.readAhead === readAhead) return taken.worker;
  void taken?.worker?.terminate();
  return startMarkdownWorker(readAhead);
}
