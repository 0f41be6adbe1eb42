import { setTimeout as sleep } from 'node:timers/promises';

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The first delay; each retry doubles it up to `maxDelayMs`, and waits half of it plus a random part of the rest, so many failed requests do not come back at once. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Told before each wait, for progress output. */
  onRetry?: (what: string, attempt: number, error: unknown, delayMs: number) => void;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseDelayMs: 250, maxDelayMs: 10_000 };

const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);
const RETRYABLE_NAMES = new Set([
  'SlowDown',
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'RequestThrottled',
  'RequestTimeout',
  'RequestTimeTooSkewed',
  'InternalError',
  'ServiceUnavailable',
  'TimeoutError',
  'RequestTimeoutException',
]);
const RETRYABLE_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND', 'ENETUNREACH', 'EHOSTUNREACH', 'ECONNABORTED', 'UND_ERR_SOCKET']);

/** Throttling, a server error, a timeout or a broken connection: worth trying again. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const failed = error as Error & { $metadata?: { httpStatusCode?: number }; $retryable?: unknown; code?: string };
  const status = failed.$metadata?.httpStatusCode;
  if (status !== undefined && RETRYABLE_STATUS.has(status)) return true;
  if (RETRYABLE_NAMES.has(failed.name) || failed.$retryable) return true;
  if (failed.code && RETRYABLE_CODES.has(failed.code)) return true;
  // A connection closed mid-response surfaces as a plain Error from the HTTP layer.
  return /socket hang up|ECONNRESET|EPIPE/.test(failed.message);
}

/** Runs `run`, trying again with exponential backoff while it fails in a retryable way. */
export async function withRetries<T>(what: string, policy: RetryPolicy, run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= policy.attempts || !isRetryable(error)) throw error;
      const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
      const delayMs = Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
      policy.onRetry?.(what, attempt, error, delayMs);
      await sleep(delayMs);
    }
  }
}
