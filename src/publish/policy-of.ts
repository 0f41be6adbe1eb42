import { createHash } from 'node:crypto';

/**
 * A build's policy (`policy.ts`) from its headers: apart, because the build's summary line
 * prints its hash, also on the command line's fast path, which must not load the engine.
 */
export type PolicyHeader = readonly [name: string, value: string];

export interface Policy {
  /** Twelve hex digits of the SHA-256 of the headers, in order: what the build summary line prints. */
  hash: string;
  headers: PolicyHeader[];
}

/** A policy from the headers of a build (`BuildResult.headers`, or read back from `_headers`). */
export function policyOf(headers: readonly PolicyHeader[]): Policy {
  const text = headers.map(([name, value]) => `${name}: ${value}\n`).join('');
  return { hash: createHash('sha256').update(text).digest('hex').slice(0, 12), headers: headers.map(([name, value]) => [name, value] as const) };
}
