/**
 * Job applications behind nginx with the recommended configuration (pocketbase/deploy/nginx.conf):
 * a 5 MB CV passes on the application path, a larger body answers 413 there, and every other
 * path keeps the forms' 64 KB limit.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { json, leadSuite, setOptions, VERSIONS } from '../helpers/lead-backend';
import { startNginx } from '../helpers/nginx';
import { PDF } from '../helpers/lead-visitor';
import { solution } from '../helpers/proof-of-work';

const NEWEST = VERSIONS[VERSIONS.length - 1]!;

describe(`job applications behind nginx (PocketBase ${NEWEST})`, () => {
  const suite = leadSuite(NEWEST, async (server) => {
    await setOptions(server, { pow_max_number: 5000 });
    await json(server.api('/api/settings', { method: 'PATCH', superuser: true, body: JSON.stringify({ trustedProxy: { headers: ['X-Real-IP'] } }) }));
  });
  let nginx: { port: number; stop: () => Promise<void> };
  beforeAll(async () => {
    nginx = await startNginx(suite.server.port);
  }, 60_000);
  afterAll(async () => {
    await nginx?.stop();
  });

  async function apply(size: number): Promise<number> {
    const form = new FormData();
    const fields = { position: 'it-operations-engineer', position_title: 'IT Operations Engineer', name: 'Proxy Test', email: 'proxy@example.org', privacy: 'true', locale: 'en', path: '/career', website: '' };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('altcha', JSON.stringify(await solution(suite.server)));
    const bytes = Buffer.concat([PDF, Buffer.alloc(size - PDF.length, 0x20)]);
    form.append('cv', new File([new Uint8Array(bytes)], 'cv.pdf', { type: 'application/pdf' }));
    const response = await fetch(`http://127.0.0.1:${nginx.port}/api/collections/job_applications/records`, { method: 'POST', body: form });
    await response.arrayBuffer();
    return response.status;
  }

  test('a CV of 5 MB passes, a body over 6 MB answers 413, other paths keep 64 KB', async () => {
    expect(await apply(5 * 1024 * 1024)).toBe(200);
    expect(await apply(6 * 1024 * 1024 + 1)).toBe(413);
    const big = await fetch(`http://127.0.0.1:${nginx.port}/api/collections/contact_messages/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'x'.repeat(70 * 1024) }),
    });
    expect(big.status).toBe(413);
  });
});
