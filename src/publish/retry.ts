import { AsyncLocalStorage } from 'node:async_hooks';
import { ConfiguredRetryStrategy } from '@smithy/core/retry';
import type { RetryErrorInfo, StandardRetryToken } from '@smithy/types';

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

/** The request a retry is for: what the publish is doing, and the error that failed its last try. */
interface RequestInFlight {
  what: string;
  error?: unknown;
}

/**
 * The AWS SDK's own retry strategy, which decides what is worth trying again (throttling,
 * server errors, timeouts, dropped connections, a skewed clock) and keeps a retry quota so a
 * failing endpoint is not hammered, with the publish's backoff, and each retry told to the
 * progress output before it waits. The SDK knows nothing of what a request is for: `request`
 * runs each one in a context that names it.
 */
export class ReportedRetries extends ConfiguredRetryStrategy {
  private readonly inFlight = new AsyncLocalStorage<RequestInFlight>();

  constructor(policy: RetryPolicy) {
    // The SDK asks for the delay just before it waits: told to the progress output from here.
    // `attempt` is the try that failed: 1 before the first retry.
    super(policy.attempts, (attempt) => {
      const delayMs = backoffDelay(policy, attempt);
      const request = this.inFlight.getStore();
      if (request) policy.onRetry?.(request.what, attempt, request.error, delayMs);
      return delayMs;
    });
  }

  /** Runs one request (its SDK call, with the retries the SDK makes) as `what`. */
  request<T>(what: string, send: () => Promise<T>): Promise<T> {
    return this.inFlight.run({ what }, send);
  }

  override refreshRetryTokenForRetry(token: StandardRetryToken, errorInfo: RetryErrorInfo): Promise<StandardRetryToken> {
    const request = this.inFlight.getStore();
    if (request) request.error = errorInfo.error;
    return super.refreshRetryTokenForRetry(token, errorInfo);
  }
}

/** Exponential backoff with jitter: half the ceiling, plus a random part of the other half. */
export function backoffDelay(policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>, attempt: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}
