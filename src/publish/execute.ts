import type { Bucket, RemoteObject } from './bucket';
import type { Phase } from './object-kinds';
import { allDeletes, totals, type PublishPlan, type Upload } from './plan';
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
 * after `latest.json`. A failure stops the publish where it is; what was uploaded stays, and
 * running it again finishes the job (uploaded objects then compare equal and are skipped).
 */
export async function executePlan(plan: PublishPlan, bucket: Bucket, concurrency: number, events: ExecuteEvents): Promise<void> {
  for (const { phase, uploads } of plan.phases) {
    if (uploads.length === 0) continue;
    const { count, bytes } = totals(uploads);
    events.step(phase, count, bytes);
    // Larger files first, so one big file does not run alone at the end.
    const ordered = [...uploads].sort((a, b) => b.object.size - a.object.size);
    await runPool(ordered, concurrency, async (upload) => {
      await bucket.put(upload.object);
      events.uploaded(upload);
    });
  }
  const deleting = totals(allDeletes(plan));
  if (deleting.count > 0) events.step('delete', deleting.count, deleting.bytes);
  for (const group of plan.deletes) {
    const batches: RemoteObject[][] = [];
    for (let start = 0; start < group.length; start += DELETE_BATCH) batches.push(group.slice(start, start + DELETE_BATCH));
    await runPool(batches, concurrency, async (batch) => {
      await bucket.delete(batch.map((object) => object.key));
      events.deleted(batch);
    });
  }
}
