/**
 * Issue 36, point 8: `npm run backend:check` against a real PocketBase (both pinned versions):
 * a server as it starts says what is missing and exits 1; configured, it passes, and a test mail
 * reaches the SMTP server; an address where nothing listens is one line and exit 1.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { configureMail, freePort, leadSuite, setRecipients, VERSIONS } from '../helpers/lead-backend';

const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/check-backend.mjs');

function check(url: string, token: string, args: string[] = []): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], { env: { ...process.env, SITEGEN_POCKETBASE_URL: url, SITEGEN_SUPERUSER_TOKEN: token }, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, out: stdout + stderr }),
    );
  });
}

describe.each(VERSIONS)('backend:check on PocketBase %s', (version) => {
  const suite = leadSuite(version);

  test('a server as it starts: migrations and hooks are there, mail and recipients are not; exit 1', async () => {
    const { server } = suite;
    const { code, out } = await check(server.url, await server.superuserToken());
    expect(code).toBe(1);
    expect(out).toContain('ok    migrations applied');
    expect(out).toContain('ok    hooks loaded');
    expect(out).toContain('ok    rate limiter on');
    expect(out).toContain('ok    sign-up closed');
    expect(out).toContain('WRONG SMTP is not configured');
    expect(out).toContain('WRONG no recipients for the contact, clickup, offer, application form(s)');
    expect(out).toMatch(/WRONG the application URL is "http:\/\/localhost:8090"|WRONG the application URL is ""/);
  });

  test('configured: ready, and the test mail arrives', async () => {
    const { server, sink } = suite;
    await configureMail(server, sink);
    for (const form of ['contact', 'clickup', 'offer', 'application']) await setRecipients(server, form, '', `${form}@kestrelbyte.example`);
    const before = sink.messages.length;
    const { code, out } = await check(server.url, await server.superuserToken(), ['--mail', 'operator@kestrelbyte.example']);
    expect(out).toContain('backend:check: ready for a release');
    expect(code).toBe(0);
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual(['operator@kestrelbyte.example']);
  });

  test('a refused token and an address where nothing answers are said in a line; exit 1', async () => {
    const { server } = suite;
    const refused = await check(server.url, 'not-a-token');
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('WRONG the superuser token is refused');
    const nowhere = await check(`http://127.0.0.1:${await freePort()}`, 'x');
    expect(nowhere.code).toBe(1);
    expect(nowhere.out).toMatch(/WRONG not reachable: .*ECONNREFUSED/);
  });
});
