/**
 * `npm run dev` as a developer runs it: the site in watch with a local PocketBase beside it,
 * migrations applied, the forms pointed at it, the Dashboard's address and sign-in printed; Ctrl-C
 * stops both. The development data goes to a folder of the test's own (SITEGEN_BACKEND_DIR), with
 * the installed server linked in.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { executablePath, readPins } from '../scripts/backend/pins';
import { freePort } from '../scripts/backend/server';
import { REPO } from './helpers/site';

const listening = (url: string) => fetch(url).then(() => true, () => false);
/** Watch answers before its first build is done; a page with the build's headers means it is. */
const built = (url: string) => fetch(url).then((response) => response.status === 200 && response.headers.has('content-security-policy'), () => false);

it('runs watch and PocketBase together, prints how to sign in, and Ctrl-C stops both', async () => {
  const { version } = readPins().servers.newest;
  const backendDir = await mkdtemp(path.join(tmpdir(), 'sitegen-dev-'));
  await mkdir(path.join(backendDir, 'pocketbase', version), { recursive: true });
  await symlink(executablePath(version), path.join(backendDir, 'pocketbase', version, 'pocketbase'));
  const [port, backendPort] = [await freePort(), await freePort()];
  const dev = spawn(process.execPath, ['scripts/dev.mjs', '--port', String(port), '--backend-port', String(backendPort)], {
    cwd: REPO,
    env: { ...process.env, SITEGEN_BACKEND_DIR: backendDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own: a failed case stops the watch and PocketBase it started too.
    detached: true,
  });
  let output = '';
  dev.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => dev.once('exit', (code) => resolve(code)));
  try {
    const site = `http://127.0.0.1:${port}`;
    const backend = `http://127.0.0.1:${backendPort}`;
    await expect
      .poll(() => built(`${site}/contact`), { timeout: 90_000, interval: 250 })
      .toBe(true)
      .catch((error: Error) => expect.fail(`${error.message}; what npm run dev printed:\n${output}`));
    const signIn = /sign in as (\S+) with password (\S+);/.exec(output);
    expect(signIn, output).not.toBeNull();
    expect(output).toContain(`Dashboard: ${backend}/_/`);

    // The forms send to the local server: the page's policy lets them, the build names it.
    const page = await fetch(`${site}/contact`);
    expect(page.headers.get('content-security-policy')).toContain(`connect-src 'self' ${backend}`);
    // Migrations applied; the printed sign-in works.
    const auth = await fetch(`${backend}/api/collections/_superusers/auth-with-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identity: signIn![1], password: signIn![2] }),
    });
    expect(auth.status).toBe(200);
    const { token } = (await auth.json()) as { token: string };
    const collection = await fetch(`${backend}/api/collections/contact_messages`, { headers: { authorization: token } });
    expect(collection.status).toBe(200);

    dev.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(await listening(`${site}/contact`)).toBe(false);
    expect(await listening(`${backend}/api/health`)).toBe(false);
  } finally {
    try {
      process.kill(-dev.pid!, 'SIGKILL');
    } catch {
      // Already gone, with everything it started.
    }
    await rm(backendDir, { recursive: true, force: true });
  }
}, 180_000);
