import { resolveOutDir } from '../engine/inspect';
import type { ConnectionOptions } from './bucket';
import { PUBLISH_DEFAULTS } from './defaults';
import { PublishError } from './errors';
import type { PublishReporter } from './progress';
import { DEFAULT_RETRY, type RetryPolicy } from './retry';
import { parseTarget, type PublishTarget } from './target';

export interface PublishOptions extends ConnectionOptions {
  /** `s3://bucket` or `s3://bucket/prefix`. */
  target: string;
  /** The site folder. Default: the current directory. */
  root?: string;
  /** The built output folder. Default: `dist` under the root. */
  out?: string;
  /** Plan and report, change nothing. */
  dryRun?: boolean;
  /** More deletions than this stop the publish before it changes anything, unless `force`. */
  maxDeletes?: number;
  /** Allow more than `maxDeletes` deletions, and publishing where sitegen did not publish before. */
  force?: boolean;
  /**
   * The host's security headers were updated for this build: publish although its policy differs
   * from the live build's.
   */
  policyChanged?: boolean;
  /** Requests at a time. */
  concurrency?: number;
  /** Earlier builds whose hashed assets stay for pages still open. */
  keepBuilds?: number;
  reporter?: PublishReporter;
  retry?: Partial<RetryPolicy>;
  /** Stops the publish after the requests under way (Ctrl-C); running it again completes it. */
  signal?: AbortSignal;
  /** The environment the region is read from (`AWS_REGION`). Default: `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
}

/** A publish's options resolved once: the target parsed, paths absolute, defaults applied, counts checked. */
export interface ResolvedPublishOptions {
  readonly target: PublishTarget;
  readonly outDir: string;
  readonly connection: ConnectionOptions;
  readonly dryRun: boolean;
  readonly force: boolean;
  readonly policyChanged: boolean;
  readonly maxDeletes: number;
  readonly concurrency: number;
  readonly keepBuilds: number;
  /** Without its progress hook, which the publish adds. */
  readonly retry: RetryPolicy;
}

export function resolvePublishOptions(options: PublishOptions): ResolvedPublishOptions {
  const env = options.env ?? process.env;
  // Without a region the SDK reads AWS_REGION and the profile; compatible stores mostly ignore it.
  const region = options.region ?? (options.endpoint ? env.AWS_REGION || 'us-east-1' : undefined);
  return Object.freeze({
    target: parseTarget(options.target),
    outDir: resolveOutDir(options.root, options.out),
    connection: { ...(options.endpoint ? { endpoint: options.endpoint } : {}), ...(region ? { region } : {}), ...(options.credentials ? { credentials: options.credentials } : {}) },
    dryRun: options.dryRun ?? false,
    force: options.force ?? false,
    policyChanged: options.policyChanged ?? false,
    maxDeletes: checkCount('--max-deletes', options.maxDeletes ?? PUBLISH_DEFAULTS.maxDeletes, 0),
    concurrency: checkCount('--concurrency', options.concurrency ?? PUBLISH_DEFAULTS.concurrency, 1),
    keepBuilds: checkCount('--keep-builds', options.keepBuilds ?? PUBLISH_DEFAULTS.keepBuilds, 0),
    retry: { ...DEFAULT_RETRY, ...options.retry },
  });
}

function checkCount(flag: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) {
    throw new PublishError('publish/invalid-option', `${flag} must be a whole number of at least ${min}, not ${value}`, { hint: `e.g. ${flag} ${Math.max(min, 8)}` });
  }
  return value;
}
