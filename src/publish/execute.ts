import type { Bucket, RemoteObject } from './bucket';
import type { Phase } from './object-kinds';
import { allDeletes, totals, type PublishPlan, type Upload } from './plan';
import { PublishError } from './errors';
import { runPool } from './run-pool';

/** Steps of a publish as progress output shows them: the upload phases, then the deletions. */
export type Step = Phase | 'delete';

/** What the executor reports while it works. */
export interface ExecuteEvents {
  step(step: Step, count: number, bytes: number): void;
  uploaded(upload: Upload): void;
  deleted(objects: readonly RemoteObject[]): void;
}

const DELETE_BATCH = 1000;

/**
 * Carries out a plan: each upload phase completes before the next starts, deletions come
 * after `latest.json`. A failure, or `signal` (Ctrl-C), stops the publish where it is, after the
 * requests under way; what was uploaded stays, and running it again finishes the job (uploaded
 * objects then compare equal and are skipped).
 */
export async function executePlan(plan: PublishPlan, bucket: Bucket, concurrency: number, events: ExecuteEvents, signal?: AbortSignal): Promise<void> {
  let live = false;
  try {
    for (const { phase, uploads } of plan.phases) {
      if (uploads.length > 0) {
        const { count, bytes } = totals(uploads);
        events.step(phase, count, bytes);
        // Larger files first, so one big file does not run alone at the end.
        const ordered = [...uploads].sort((a, b) => b.object.size - a.object.size);
        await runPool(
          ordered,
          concurrency,
          async (upload) => {
            await bucket.put(upload.object);
            events.uploaded(upload);
          },
          signal,
        );
      }
      if (phase === 'pointer') live = true;
    }
    const deleting = totals(allDeletes(plan));
    if (deleting.count > 0) events.step('delete', deleting.count, deleting.bytes);
    for (const group of plan.deletes) {
      const batches: RemoteObject[][] = [];
      for (let start = 0; start < group.length; start += DELETE_BATCH) batches.push(group.slice(start, start + DELETE_BATCH));
      await runPool(
        batches,
        concurrency,
        async (batch) => {
          await bucket.delete(batch.map((object) => object.key));
          events.deleted(batch);
        },
        signal,
      );
    }
  } catch (error) {
    throw stoppedAt(error, live, plan.buildId, signal);
  }
}

/** Says where the publish stopped: before the new build went live, or after it, with deletions left. */
function stoppedAt(error: unknown, live: boolean, buildId: string, signal: AbortSignal | undefined): PublishError {
  const state = live
    ? `build ${buildId} is live, but some stale objects were not deleted yet`
    : 'latest.json was not written, so the site still serves the previous build';
  const hint = 'run the same command again to complete the publish: it sends only what is missing';
  if (signal?.aborted && error === signal.reason) return new PublishError('publish/stopped', `stopped before the publish completed; ${state}`, { hint });
  if (error instanceof PublishError) return new PublishError(error.code, `${error.message}; ${state}`, { hint: error.hint ?? hint, cause: error.cause ?? error });
  return new PublishError('publish/stopped', `${error instanceof Error ? error.message : String(error)}; ${state}`, { hint, cause: error });
}
