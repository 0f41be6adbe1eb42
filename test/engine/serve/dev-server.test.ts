import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostAllowed } from '../../../src/engine/serve/dev-server';
import { smallSite } from '../../helpers/small-site';
import { REPO } from '../../helpers/site';

/** `sitegen watch` as users run it, on a free port; its URL once it serves. */
let child: ChildProcess;
let base: URL;
beforeAll(async () => {
  const root = await smallSite();
  child = spawn(path.join(REPO, 'bin/sitegen.js'), ['watch', '--root', root, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  base = await new Promise<URL>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const url = /serving (http:\/\/\S+) /.exec(out)?.[1];
      if (url) resolve(new URL(url));
    });
    child.once('exit', (code) => reject(new Error(`sitegen watch exited with ${code}`)));
  });
}, 60_000);
afterAll(() => {
  child?.kill('SIGTERM');
});

/** A raw GET: the path as given (no normalising), and the Host header as given. */
function get(rawPath: string, host = base.host): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: base.hostname, port: base.port, path: rawPath, headers: { host } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('the dev server of sitegen watch', () => {
  it('answers 400 to a path that is not valid percent-encoding, and keeps serving', async () => {
    for (const bad of ['/%', '/%E0%A4%A', '/career%zz', '/%C0%AF']) {
      const response = await get(bad);
      expect(response.status, bad).toBe(400);
      expect(response.body).toMatch(/not valid percent-encoded UTF-8/);
    }
    expect((await get('/career')).status).toBe(200);
    expect(child.exitCode).toBeNull();
  });

  it('answers only to loopback names, IP addresses and the --host given: a rebound name gets 403', async () => {
    const port = base.port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `app.localhost:${port}`, `[::1]:${port}`, `192.168.1.20:${port}`]) {
      expect((await get('/career', host)).status, host).toBe(200);
    }
    for (const host of [`attacker.example:${port}`, `localhost.attacker.example:${port}`, `127.0.0.1.nip.io:${port}`]) {
      const response = await get('/career', host);
      expect(response.status, host).toBe(403);
      expect(response.body).not.toContain('<html');
    }
    // Server-sent events and the live-reload client too.
    expect((await get('/_sitegen/dev/client.js', `attacker.example:${port}`)).status).toBe(403);
  });

  it('allows the name given with --host', () => {
    expect(hostAllowed('devbox.lan:3000', 'devbox.lan')).toBe(true);
    expect(hostAllowed('DEVBOX.lan', 'devbox.lan')).toBe(true);
    expect(hostAllowed('other.lan:3000', 'devbox.lan')).toBe(false);
    expect(hostAllowed('[fe80::1]:3000', '::')).toBe(true);
    expect(hostAllowed(undefined, '127.0.0.1')).toBe(true);
  });
});
