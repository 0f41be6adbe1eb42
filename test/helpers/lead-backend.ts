/**
 * A real PocketBase for the lead pipeline's tests: the pinned server started on 127.0.0.1 at a
 * free port with a fresh data folder, this repo's migrations and hooks, a superuser, and its
 * SMTP settings pointed at a test SMTP sink. Stopped, and its data removed, by `close()`.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO = path.resolve(import.meta.dirname, '../..');
export const MIGRATIONS_DIR = path.join(REPO, 'pocketbase/pb_migrations');
export const HOOKS_DIR = path.join(REPO, 'pocketbase/pb_hooks');
/** The pinned versions: the oldest the migrations support and the newest release. */
export const VERSIONS = ['v0.23.12', 'v0.40.4'] as const;

/** Where `npm run backend:install` puts a version's executable. */
export function executablePath(version: string): string {
  return path.join(REPO, '.backend', 'pocketbase', version, 'pocketbase');
}

export function missingServerMessage(version: string): string {
  return `PocketBase ${version} is not installed at ${executablePath(version)}: run npm run backend:install`;
}

export interface RunningServer {
  url: string;
  port: number;
  version: string;
  dataDir: string;
  superuserToken(): Promise<string>;
  /** A request to the API (`/api/...`), as a superuser when `superuser` is set. */
  api(apiPath: string, init?: RequestInit & { superuser?: boolean }): Promise<Response>;
  output(): string;
  close(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startServer(version: string): Promise<RunningServer> {
  const exe = executablePath(version);
  if (!existsSync(exe)) throw new Error(missingServerMessage(version));
  const root = await mkdtemp(path.join(tmpdir(), 'sitegen-leads-'));
  const dataDir = path.join(root, 'pb_data');
  const dirFlags = [`--dir=${dataDir}`, `--migrationsDir=${MIGRATIONS_DIR}`, `--hooksDir=${HOOKS_DIR}`];
  const superuser = { email: 'superuser@example.test', password: randomBytes(12).toString('hex') };
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let printed = '';
  let token: string | undefined;

  const upsert = await new Promise<{ code: number; text: string }>((resolve) => {
    execFile(exe, ['superuser', 'upsert', superuser.email, superuser.password, ...dirFlags], { timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? 1 : 0, text: stdout + stderr }),
    );
  });
  if (upsert.code !== 0) {
    await rm(root, { recursive: true, force: true });
    throw new Error(`pocketbase superuser upsert failed: ${upsert.text}`);
  }

  const child = spawn(exe, ['serve', `--http=127.0.0.1:${port}`, ...dirFlags], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  let exitCode: number | null | undefined;
  child.once('exit', (code) => {
    exitCode = code;
    running.delete(child);
  });

  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(root, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exitCode !== undefined) {
      await close();
      throw new Error(`pocketbase serve exited (code ${exitCode}) before it answered: ${printed.trim().slice(-2000)}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(`pocketbase serve did not answer within 60 s: ${printed.trim().slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const server: RunningServer = {
    url,
    port,
    version,
    dataDir,
    async superuserToken() {
      if (token) return token;
      const response = await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identity: superuser.email, password: superuser.password }),
      });
      if (!response.ok) throw new Error(`superuser sign-in failed: ${response.status} ${await response.text()}`);
      token = ((await response.json()) as { token: string }).token;
      return token;
    },
    async api(apiPath, init = {}) {
      const { superuser: asSuperuser, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (asSuperuser) headers.set('authorization', await server.superuserToken());
      if (typeof rest.body === 'string' && !headers.has('content-type')) headers.set('content-type', 'application/json');
      return fetch(`${url}${apiPath}`, { ...rest, headers });
    },
    output: () => printed,
    close,
  };
  return server;
}

/** A JSON answer, or an error naming the status and body. */
export async function json<T = Record<string, unknown>>(response: Response | Promise<Response>): Promise<T> {
  const answer = await response;
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${answer.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Points the server's mailer at an SMTP server on 127.0.0.1 and names the sender and Dashboard. */
export async function configureMail(server: RunningServer, smtp: { host: string; port: number }): Promise<void> {
  await json(
    server.api('/api/settings', {
      method: 'PATCH',
      superuser: true,
      body: JSON.stringify({
        meta: { appName: 'Kestrelbyte forms', appURL: 'https://forms.kestrelbyte.example', senderName: 'Kestrelbyte website', senderAddress: 'website@kestrelbyte.example' },
        smtp: { enabled: true, host: smtp.host, port: smtp.port, tls: false, username: '', password: '' },
      }),
    }),
  );
}

/** Sets who gets the notifications of a form (in a locale, or every locale with ''). */
export async function setRecipients(server: RunningServer, form: string, locale: string, recipients: string, acknowledge = false): Promise<void> {
  await json(
    server.api('/api/collections/form_recipients/records', {
      method: 'POST',
      superuser: true,
      body: JSON.stringify({ form, locale, recipients, acknowledge }),
    }),
  );
}

/** Changes the lead options record. */
export async function setOptions(server: RunningServer, values: Record<string, unknown>): Promise<void> {
  const list = await json<{ items: Array<{ id: string }> }>(server.api('/api/collections/lead_options/records', { superuser: true }));
  await json(server.api(`/api/collections/lead_options/records/${list.items[0]!.id}`, { method: 'PATCH', superuser: true, body: JSON.stringify(values) }));
}
