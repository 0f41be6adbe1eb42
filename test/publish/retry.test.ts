import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Bucket } from '../../src/publish/bucket';
import { backoffDelay, type RetryPolicy } from '../../src/publish/retry';
import { startS3Server, type S3TestServer } from '../helpers/s3-server';

/**
 * Retries are the AWS SDK's own (which errors are worth another try, the retry quota) with the
 * publish's backoff, and each retry told to the progress output with what it was for: tested
 * through the SDK against an S3-protocol server on 127.0.0.1 that throttles or drops requests.
 */
let server: S3TestServer;
beforeAll(async () => {
  server = await startS3Server();
  await server.createBucket('retries');
});
afterAll(() => server.close());

function bucketWith(policy: RetryPolicy): Bucket {
  return new Bucket({ endpoint: server.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } }, { bucket: 'retries', prefix: '' }, policy);
}

describe('publish retries', () => {
  it('tries a throttled request again with growing delays, telling each retry, until it succeeds', async () => {
    const told: Array<{ what: string; attempt: number; error: string; ms: number }> = [];
    const bucket = bucketWith({ attempts: 5, baseDelayMs: 4, maxDelayMs: 20, onRetry: (what, attempt, error, ms) => told.push({ what, attempt, error: (error as Error).name, ms }) });
    server.inject({ match: (request) => request.method === 'GET' && request.query.includes('list-type'), times: 3, kind: 'slowdown' });
    expect((await bucket.list()).size).toBe(0);
    expect(told.map(({ what, attempt, error }) => [what, attempt, error])).toEqual([
      ['list the bucket', 1, 'SlowDown'],
      ['list the bucket', 2, 'SlowDown'],
      ['list the bucket', 3, 'SlowDown'],
    ]);
    expect(told.every(({ ms }) => ms >= 2 && ms <= 20)).toBe(true);
  });

  it('tries a dropped connection again, and gives up after the attempts the policy allows', async () => {
    const told: string[] = [];
    const bucket = bucketWith({ attempts: 2, baseDelayMs: 2, maxDelayMs: 4, onRetry: (what) => told.push(what) });
    server.inject({ match: (request) => request.method === 'GET' && request.key === 'record.json', times: 5, kind: 'drop' });
    await expect(bucket.getText('record.json')).rejects.toThrow(/could not read record\.json/);
    expect(told).toEqual(['read record.json']);
  });

  it('does not try again what another try cannot fix', async () => {
    const told: string[] = [];
    const bucket = new Bucket({ endpoint: server.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'SOMEONE-ELSE', secretAccessKey: 'S3RVER' } }, { bucket: 'retries', prefix: '' }, {
      attempts: 5,
      baseDelayMs: 2,
      maxDelayMs: 4,
      onRetry: (what) => told.push(what),
    });
    await expect(bucket.list()).rejects.toThrow(/refused the credentials/);
    expect(told).toEqual([]);
  });

  it('backs off exponentially with jitter, up to the ceiling', () => {
    const policy = { baseDelayMs: 100, maxDelayMs: 1000 };
    for (let run = 0; run < 50; run++) {
      expect(backoffDelay(policy, 1)).toBeGreaterThanOrEqual(50);
      expect(backoffDelay(policy, 1)).toBeLessThanOrEqual(100);
      expect(backoffDelay(policy, 3)).toBeGreaterThanOrEqual(200);
      expect(backoffDelay(policy, 10)).toBeLessThanOrEqual(1000);
    }
  });
});
