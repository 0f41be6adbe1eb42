/**
 * What a visitor's browser adds to every form create: a solved proof-of-work challenge of the
 * server (`GET /api/sitegen/challenge`, pocketbase/pb_hooks), found by trying every number as the
 * site's worker finds it (synchronously with node:crypto here: twenty times faster than the
 * browser's one digest per promise; test/leads/proof-of-work.slow.test.ts also solves with
 * altcha-lib itself). Depends on nothing but a server's `api`, so every helper can use it.
 */
import { createHash } from 'node:crypto';

export interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

export interface Solution {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

interface Api {
  api(apiPath: string, init?: RequestInit): Promise<Response>;
}

/** The form collections whose creates need a solution. */
export const CHECKED_CREATE = /^\/api\/collections\/(contact_messages|offer_requests|job_applications)\/records$/;

export async function getChallenge(server: Api): Promise<Challenge> {
  const response = await server.api('/api/sitegen/challenge');
  if (!response.ok) throw new Error(`challenge: ${response.status} ${await response.text()}`);
  return (await response.json()) as Challenge;
}

export async function solve(challenge: Challenge): Promise<Solution> {
  if (challenge.algorithm !== 'SHA-256') throw new Error(`unexpected algorithm ${challenge.algorithm}`);
  for (let number = 0; number <= challenge.maxnumber; number++) {
    if (createHash('sha256').update(challenge.salt + number).digest('hex') === challenge.challenge) {
      return { algorithm: challenge.algorithm, challenge: challenge.challenge, number, salt: challenge.salt, signature: challenge.signature };
    }
  }
  throw new Error('no solution found for the challenge');
}

/** A fresh challenge, solved. */
export async function solution(server: Api): Promise<Solution> {
  return solve(await getChallenge(server));
}

/**
 * A visitor's JSON body for `apiPath` as the site sends it: a form create (alone or inside a
 * batch) gets a solution unless it names one.
 */
export async function withSolutions(server: Api, apiPath: string, body: unknown): Promise<unknown> {
  const record = body as Record<string, unknown> | null;
  if (CHECKED_CREATE.test(apiPath) && record && typeof record === 'object' && !('altcha' in record)) return { ...record, altcha: await solution(server) };
  if (apiPath === '/api/batch' && record && Array.isArray(record.requests)) {
    const requests = [];
    for (const request of record.requests as Array<{ method?: string; url?: string; body?: unknown }>) {
      const url = String(request.url ?? '').split('?')[0]!;
      requests.push(request.method === 'POST' ? { ...request, body: await withSolutions(server, url, request.body) } : request);
    }
    return { ...record, requests };
  }
  return body;
}
