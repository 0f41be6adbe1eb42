/**
 * PocketBase behind Debian's nginx with exactly the configuration the README recommends
 * (pocketbase/deploy/nginx.conf, its site lines swapped for a loopback port): bodies over 64 KB
 * answer 413, and PocketBase limits and logs each visitor by the address nginx saw. Visitors
 * come from other loopback addresses (127.0.0.2, 127.0.0.3) than nginx's own (127.0.0.1).
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pocketBaseSuite, SERVERS, type RunningServer } from '../helpers/pocketbase';
import { startNginx } from '../helpers/nginx';
import { solution } from '../helpers/proof-of-work';

interface Answer {
  status: number;
  body: string;
}

/** A request from `from` (a loopback address), as a visitor's browser sends the form. */
function send(port: number, from: string, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, localAddress: from, method: 'POST', path: '/api/collections/contact_messages/records', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const message = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({ form: 'contact', name: 'Ada', email: 'ada@example.com', message: 'A message through the proxy.', privacy: true, locale: 'en', path: '/contact', website: '', ...overrides });


interface LogEntry {
  data: { url: string; method: string; status: number; userIP: string; remoteIP: string };
}

/** PocketBase writes its request log in batches: wait for the entries of the form's path. */
async function formLogs(server: RunningServer, count: number): Promise<LogEntry[]> {
  const filter = encodeURIComponent(`data.url ~ "/api/collections/contact_messages/records"`);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await server.api(`/api/logs?perPage=100&filter=${filter}`, { superuser: true });
    const { items } = (await response.json()) as { items: LogEntry[] };
    if (items.length >= count || Date.now() > deadline) return items;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.each(SERVERS)('PocketBase $version ($name) behind nginx, configured as recommended', ({ version }) => {
  const suite = pocketBaseSuite(version);
  let proxy: Awaited<ReturnType<typeof startNginx>>;

  beforeAll(async () => {
    // What the README tells the operator to set in the Dashboard.
    const settings = await suite.server.api('/api/settings', { method: 'PATCH', superuser: true, body: JSON.stringify({ trustedProxy: { headers: ['X-Real-IP'] } }) });
    expect(settings.status).toBe(200);
    proxy = await startNginx(suite.server.port);
  }, 60_000);
  afterAll(async () => {
    await proxy?.stop();
  });

  it('answers 413 to a body over 64 KB, before PocketBase reads it', async () => {
    const answer = await send(proxy.port, '127.0.0.4', message({ message: 'x'.repeat(65 * 1024) }));
    expect(answer.status).toBe(413);
    expect(answer.body).toContain('413');
  });

  it("limits and logs each visitor by the address nginx saw, not nginx's own", async () => {
    const first: number[] = [];
    // Each send with a solved spam check, as the site's forms send (pb_hooks).
    for (let i = 0; i < 4; i++) first.push((await send(proxy.port, '127.0.0.2', message({ altcha: await solution(suite.server) }))).status);
    expect(first).toEqual([200, 200, 200, 429]);
    // Another visitor through the same proxy has a limit of their own.
    expect((await send(proxy.port, '127.0.0.3', message({ altcha: await solution(suite.server) }))).status).toBe(200);

    const entries = await formLogs(suite.server, 5);
    const seen = entries.map((entry) => `${entry.data.userIP} ${entry.data.status}`).sort();
    expect(seen).toEqual(['127.0.0.2 200', '127.0.0.2 200', '127.0.0.2 200', '127.0.0.2 429', '127.0.0.3 200']);
    for (const entry of entries) expect(entry.data.remoteIP).toBe('127.0.0.1');
  });
});
