import path from 'node:path';
import { Bucket, createClient, type ConnectionOptions } from './bucket';
import { parsePointer, parseRecord } from './deploy-record';
import { PublishError } from './errors';
import { executePlan } from './execute';
import { readLocalSite } from './local-site';
import { POINTER_KEY, recordKey } from './object-kinds';
import { allDeletes, planPublish, totals, type PublishPlan } from './plan';
import { silentReporter, type PublishReporter } from './progress';
import { chooseKeptBuilds, keptKeys, publishedBySitegen } from './retention';
import { DEFAULT_RETRY, type RetryPolicy } from './retry';
import { formatTarget, parseTarget } from './target';

export interface PublishOptions extends ConnectionOptions {
  /** `s3://bucket` or `s3://bucket/prefix`. */
  target: string;
  /** The site folder. Default: the current directory. */
  root?: string;
  /** The built output folder. Default: `dist` under the root. */
  out?: string;
  /** Plan and report, change nothing. */
  dryRun?: boolean;
  /** More deletions than this stop the publish before it changes anything, unless `force`. Default 50. */
  maxDeletes?: number;
  /** Allow more than `maxDeletes` deletions, and publishing where sitegen did not publish before. */
  force?: boolean;
  /** Requests at a time. Default 8. */
  concurrency?: number;
  /** Earlier builds whose hashed assets stay for pages still open. Default 3. */
  keepBuilds?: number;
  reporter?: PublishReporter;
  retry?: Partial<RetryPolicy>;
  /** Stops the publish after the requests under way (Ctrl-C); running it again completes it. */
  signal?: AbortSignal;
}

export interface PublishResult {
  buildId: string;
  target: string;
  plan: PublishPlan;
  dryRun: boolean;
  uploaded: { count: number; bytes: number };
  deleted: { count: number; bytes: number };
  skipped: { count: number; bytes: number };
}

/**
 * Publishes a built site to S3-compatible object storage. Reads like the steps it takes:
 * read the build, read the bucket, plan, check the plan, upload in phases, delete.
 */
export async function publish(options: PublishOptions): Promise<PublishResult> {
  const target = parseTarget(options.target);
  const root = path.resolve(options.root ?? '.');
  const outDir = path.resolve(root, options.out ?? 'dist');
  const maxDeletes = checkCount('--max-deletes', options.maxDeletes ?? 50, 0);
  const concurrency = checkCount('--concurrency', options.concurrency ?? 8, 1);
  const keepBuilds = checkCount('--keep-builds', options.keepBuilds ?? 3, 0);
  const reporter = options.reporter ?? silentReporter;
  const where = formatTarget(target);

  // 1. The build: every file with its MD5, a copy of each page at its bare path, the deploy record.
  const local = await readLocalSite(outDir);
  for (const file of local.untyped) reporter.warn(`${file} has no known Content-Type; it is sent as application/octet-stream`);

  // 2. The bucket: what is there, which build is live, the records of the builds to keep.
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry, onRetry: (...args) => reporter.retrying(...args) };
  const bucket = new Bucket(createClient(options), target, retry);
  const remote = await bucket.list();
  if (remote.size > 0 && !publishedBySitegen(remote, POINTER_KEY) && !options.force) {
    throw new PublishError(`${where} holds ${remote.size} object(s) that sitegen did not publish (no ${POINTER_KEY})`, {
      hint: 'check --target; to publish there anyway pass --force, which also deletes every object that is not part of the build',
    });
  }
  const liveId = remote.has(POINTER_KEY) ? parsePointer((await bucket.getText(POINTER_KEY)) ?? '')?.id : undefined;
  const keptIds = chooseKeptBuilds(remote, local.buildId, liveId, keepBuilds);
  const recordIds = [...new Set([...keptIds, ...(liveId ? [liveId] : [])])];
  const records = await Promise.all(
    recordIds.map(async (id) => ({ id, record: remote.has(recordKey(id)) ? parseRecord((await bucket.getText(recordKey(id))) ?? '') : undefined })),
  );

  // 3. The plan: skip what the bucket has with the same MD5 and headers, upload the rest by phase, delete what is stale.
  const plan = planPublish({
    local,
    remote,
    liveRecord: records.find((entry) => entry.id === liveId)?.record,
    kept: keptKeys(remote, records.filter((entry) => keptIds.includes(entry.id))),
  });
  reporter.planned({ local, plan, target: where, keptBuilds: keptIds, dryRun: options.dryRun ?? false });

  // 4. A large deletion is more often a wrong --target or a broken build than a real change: stop before changing anything.
  const deletes = allDeletes(plan);
  if (deletes.length > maxDeletes && !options.force) {
    const sample = deletes.slice(0, 5).map((object) => object.key).join(', ');
    throw new PublishError(`${where}: the publish would delete ${deletes.length} objects, more than --max-deletes ${maxDeletes} (${sample}${deletes.length > 5 ? ', ...' : ''}); nothing was changed`, {
      hint: `check --target and the output folder; if the deletions are intended, pass --force or --max-deletes ${deletes.length}`,
    });
  }

  const result = {
    buildId: local.buildId,
    target: where,
    plan,
    dryRun: options.dryRun ?? false,
    skipped: totals(plan.skipped),
  };
  if (options.dryRun) return { ...result, uploaded: { count: 0, bytes: 0 }, deleted: { count: 0, bytes: 0 } };

  // 5. Upload phase by phase (record, assets, pages, latest.json), then delete.
  try {
    await executePlan(plan, bucket, concurrency, reporter, options.signal);
  } finally {
    reporter.close();
  }
  return { ...result, uploaded: totals(plan.phases.flatMap((entry) => entry.uploads)), deleted: totals(deletes) };
}

function checkCount(flag: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) {
    throw new PublishError(`${flag} must be a whole number of at least ${min}, not ${value}`, { hint: `e.g. ${flag} ${Math.max(min, 8)}` });
  }
  return value;
}
