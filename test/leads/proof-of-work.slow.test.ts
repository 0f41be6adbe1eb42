/**
 * Issue 36, point 4 (server side): the proof-of-work check in the hooks, ALTCHA v1 format,
 * against both pinned PocketBase versions. altcha-lib (the maintained ALTCHA library) solves
 * the server's challenges and makes challenges of its own with the server's secret, so the
 * format is checked from both sides.
 */
import { createChallenge, solveChallenge, verifySolution } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { json, setOptions, startServer, VERSIONS, type RunningServer } from '../helpers/lead-backend';
import { contactRecord, getChallenge, liftRateLimits, offerRecord, solution, solve } from '../helpers/lead-visitor';

describe.each(VERSIONS)('proof of work on PocketBase %s', (version) => {
  let server: RunningServer;
  let secret: string;

  beforeAll(async () => {
    server = await startServer(version);
    await liftRateLimits(server);
    const options = await json<{ items: Array<{ pow_secret?: string }> }>(server.api('/api/collections/lead_options/records?fields=pow_secret', { superuser: true }));
    secret = options.items[0]!.pow_secret ?? '';
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  async function create(body: Record<string, unknown>): Promise<{ status: number; body: { message?: string; data?: Record<string, { code: string; message: string }> } }> {
    const response = await server.api('/api/collections/contact_messages/records', { method: 'POST', body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as never };
  }

  test('the secret is made by the migration and never shown to a visitor', async () => {
    expect(secret).toMatch(/^[A-Za-z0-9]{48}$/);
    const visitor = await server.api('/api/collections/lead_options/records');
    expect(visitor.status).toBe(403);
  });

  test('a challenge is ALTCHA v1: altcha-lib verifies a solution of it with the secret', async () => {
    const challenge = await getChallenge(server);
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 100000 });
    expect(challenge.salt).toMatch(/^[a-z0-9]{24}\?expires=\d+&$/);
    const solved = await solve(challenge);
    // altcha-lib's own solver (the site's worker) finds the same number.
    const byLibrary = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    expect(byLibrary?.number).toBe(solved.number);
    expect(await verifySolution(Buffer.from(JSON.stringify(solved)).toString('base64'), secret, true)).toBe(true);
    expect(await verifySolution(Buffer.from(JSON.stringify(solved)).toString('base64'), 'another key', true)).toBe(false);
  });

  test('a solved challenge is accepted once; without one, wrong, tampered, foreign, expired or replayed it is refused naming altcha', async () => {
    const missing = await create(contactRecord());
    expect(missing.status).toBe(400);
    expect(missing.body.data?.altcha?.code).toBe('pow_missing');

    const good = await solution(server);
    const wrong = await create(contactRecord({ altcha: { ...good, number: good.number + 1 } }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.data?.altcha?.code).toBe('pow_invalid');

    const tampered = await create(contactRecord({ altcha: { ...good, signature: good.signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) } }));
    expect(tampered.body.data?.altcha?.code).toBe('pow_invalid');

    const foreign = await createChallenge({ hmacKey: 'not the server key', maxnumber: 1000, expires: new Date(Date.now() + 600_000) });
    const foreignSolved = await create(contactRecord({ altcha: await solve({ ...foreign, maxnumber: 1000 }) }));
    expect(foreignSolved.body.data?.altcha?.code).toBe('pow_invalid');

    const expired = await createChallenge({ hmacKey: secret, maxnumber: 1000, expires: new Date(Date.now() - 1000) });
    const expiredSolved = await create(contactRecord({ altcha: await solve({ ...expired, maxnumber: 1000 }) }));
    expect(expiredSolved.status).toBe(400);
    expect(expiredSolved.body.data?.altcha?.code).toBe('pow_expired');

    // Digits moved from the number into the salt (to stretch the expiry) make another salt.
    const spliced = { ...good, salt: good.salt.slice(0, -1) + String(good.number).charAt(0), number: Number(String(good.number).slice(1) || '0') };
    expect((await create(contactRecord({ altcha: spliced }))).body.data?.altcha?.code).toBe('pow_invalid');

    const first = await create(contactRecord({ altcha: good }));
    expect(first.status).toBe(200);
    const replay = await create(contactRecord({ altcha: good }));
    expect(replay.status).toBe(400);
    expect(replay.body.data?.altcha?.code).toBe('pow_replayed');
    expect(replay.body.message).toBe('This spam check was used before. Send again.');
    // And in the other collection too: a solution is spent wherever it was used.
    const elsewhere = await server.api('/api/collections/offer_requests/records', { method: 'POST', body: JSON.stringify(offerRecord({ altcha: good })) });
    expect(elsewhere.status).toBe(400);
  });

  test('a challenge made by altcha-lib with the server secret is accepted: same format', async () => {
    const made = await createChallenge({ hmacKey: secret, maxnumber: 2000, expires: new Date(Date.now() + 600_000) });
    const result = await create(contactRecord({ altcha: await solve({ ...made, maxnumber: 2000 }) }));
    expect(result.status).toBe(200);
  });

  test('a multipart create carries the solution as JSON text', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(contactRecord())) form.append(name, String(value));
    form.append('altcha', JSON.stringify(await solution(server)));
    const response = await fetch(`${server.url}/api/collections/contact_messages/records`, { method: 'POST', body: form });
    expect(response.status).toBe(200);
  });

  test('the difficulty and lifetime come from lead_options', async () => {
    await setOptions(server, { pow_max_number: 2000, pow_expires_minutes: 5 });
    try {
      const challenge = await getChallenge(server);
      expect(challenge.maxnumber).toBe(2000);
      const expires = Number(/expires=(\d+)/.exec(challenge.salt)![1]) * 1000;
      expect(expires - Date.now()).toBeGreaterThan(4 * 60_000);
      expect(expires - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    } finally {
      await setOptions(server, { pow_max_number: 100000, pow_expires_minutes: 30 });
    }
  });

  test('a superuser (the Dashboard) creates without a solution', async () => {
    const response = await server.api('/api/collections/contact_messages/records', { method: 'POST', superuser: true, body: JSON.stringify(contactRecord()) });
    expect(response.status).toBe(200);
  });
});
