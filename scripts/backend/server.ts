/**
 * Starts a pinned PocketBase on 127.0.0.1 with this repo's migrations (and hooks, when the repo
 * has them), waits until it answers `/api/health`, and creates a superuser with the CLI, as an
 * operator would. Used by the tests (test/helpers/pocketbase.ts) and `npm run dev`.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { executablePath, REPO } from './pins';

export const MIGRATIONS_DIR = path.join(REPO, 'pocketbase/pb_migrations');
export const HOOKS_DIR = path.join(REPO, 'pocketbase/pb_hooks');

export interface ServerOptions {
  /** The version to run, e.g. `v0.40.4` (installed by `npm run backend:install`). */
  version: string;
  /** Where PocketBase keeps its data; a fresh temporary folder (removed by `close`) by default. */
  dataDir?: string;
  /** The port on 127.0.0.1; a free one by default. */
  port?: number;
  migrationsDir?: string;
  /** The hooks folder; `pocketbase/pb_hooks` when it exists, unless null. */
  hooksDir?: string | null;
  superuser?: Credentials;
  /** Reload the hooks when a file of theirs changes (for development; off in tests). */
  watchHooks?: boolean;
  /** Environment variables for the server and its CLI commands. */
  env?: Record<string, string>;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunningServer {
  url: string;
  port: number;
  version: string;
  dataDir: string;
  superuser: Credentials;
  /**
   * Runs a command of the `pocketbase` CLI on this server's data, e.g. `['migrate', 'up']`;
   * with `confirm`, answers its yes/no question with yes (`migrate down` asks one).
   */
  cli(args: string[], options?: { confirm?: boolean; migrationsDir?: string }): Promise<CliResult>;
  /** A superuser's auth token (signed in once, then reused). */
  superuserToken(): Promise<string>;
  /** A request to this server's API (`path` from `/api/...`), as a superuser when `superuser` is set. */
  api(path: string, init?: RequestInit & { superuser?: boolean }): Promise<Response>;
  /** What the server has printed so far. */
  output(): string;
  /** Stops the process and keeps its data. */
  stop(): Promise<void>;
  /**
   * Starts it again on the same data and port (its rate limiter starts empty). `serve` applies
   * every migration it finds that hasn't run: give another folder (an empty one, say) to see the
   * data as a `migrate down` left it.
   */
  restart(options?: { migrationsDir?: string }): Promise<void>;
  /** Stops the process and removes the data folder it was given by default. */
  close(): Promise<void>;
}

/** The one-line message of a server that isn't installed. */
export function missingServerMessage(version: string): string {
  return `PocketBase ${version} is not installed at ${executablePath(version)}: run npm run backend:install`;
}

/** Every server process started here, so none outlives this process. */
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

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const exe = executablePath(options.version);
  if (!existsSync(exe)) throw new Error(missingServerMessage(options.version));
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? path.join(await mkdtemp(path.join(tmpdir(), 'sitegen-pocketbase-')), 'pb_data');
  const hooksDir = options.hooksDir === null ? undefined : (options.hooksDir ?? (existsSync(HOOKS_DIR) ? HOOKS_DIR : undefined));
  // `--automigrate=false`: the example server turns it on when its path is in the temp folder (it takes that for `go run`), and would then write migrations into this repo.
  const flags = (migrationsDir: string) => [`--dir=${dataDir}`, `--automigrate=false`, `--hooksWatch=${options.watchHooks ?? false}`, `--migrationsDir=${migrationsDir}`, ...(hooksDir ? [`--hooksDir=${hooksDir}`] : [])];
  const migrationsDir = options.migrationsDir ?? MIGRATIONS_DIR;
  let dirFlags = flags(migrationsDir);
  const env = { ...process.env, ...options.env };
  const superuser = options.superuser ?? { email: 'superuser@example.test', password: randomBytes(12).toString('hex') };
  let port = options.port ?? (await freePort());
  let child: ChildProcess | undefined;
  let printed = '';
  let token: string | undefined;

  const cli = (args: string[], { confirm = false, migrationsDir: from = migrationsDir } = {}): Promise<CliResult> =>
    confirm ? answerYes(exe, [...args, ...flags(from)], env) : new Promise((resolve) => {
      execFile(exe, [...args, ...flags(from)], { env, timeout: 120_000, maxBuffer: 8 * 1024 * 1024 }, (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      });
    });

  async function launch(): Promise<void> {
    const process_ = spawn(exe, ['serve', `--http=127.0.0.1:${port}`, ...dirFlags], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = process_;
    running.add(process_);
    const collect = (chunk: Buffer) => (printed += chunk.toString());
    process_.stdout!.on('data', collect);
    process_.stderr!.on('data', collect);
    const exited = new Promise<number | null>((resolve) => process_.once('exit', (code) => resolve(code)));
    process_.once('exit', () => running.delete(process_));
    await waitForHealth(`http://127.0.0.1:${port}`, exited, () => printed);
  }

  async function stop(): Promise<void> {
    const process_ = child;
    child = undefined;
    token = undefined;
    if (!process_ || process_.exitCode !== null || process_.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => process_.once('exit', () => resolve()));
    process_.kill('SIGTERM');
    const timer = setTimeout(() => process_.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }

  await launch();
  const server: RunningServer = {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    version: options.version,
    dataDir,
    superuser,
    cli,
    async superuserToken() {
      if (token) return token;
      const response = await fetch(`${server.url}/api/collections/_superusers/auth-with-password`, {
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
      if (rest.body && typeof rest.body === 'string' && !headers.has('content-type')) headers.set('content-type', 'application/json');
      return fetch(`${server.url}${apiPath}`, { ...rest, headers });
    },
    output: () => printed,
    stop,
    async restart(again = {}) {
      await stop();
      dirFlags = flags(again.migrationsDir ?? migrationsDir);
      try {
        await launch();
      } finally {
        dirFlags = flags(migrationsDir);
      }
    },
    async close() {
      await stop();
      if (ownDataDir) await rm(path.dirname(dataDir), { recursive: true, force: true });
    },
  };
  try {
    const upsert = await cli(['superuser', 'upsert', superuser.email, superuser.password]);
    if (upsert.code !== 0) throw new Error(`pocketbase superuser upsert failed: ${upsert.stderr || upsert.stdout}`);
  } catch (error) {
    await server.close();
    throw error;
  }
  return server;
}

/**
 * Runs a command that asks "(y/N)" and answers yes. PocketBase asks on a terminal only (v0.23's
 * prompt library first asks the terminal where its cursor is, and gives up without one), so the
 * command runs in one that util-linux's `script` makes, and this side plays the terminal.
 */
function answerYes(exe: string, args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['--quiet', '--flush', '--return', '--command', [exe, ...args].map(quote).join(' '), '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let asked = 0;
    let answers = 0;
    let quiet: NodeJS.Timeout | undefined;
    // Yes goes once the prompt has been quiet for a moment (a key that arrives while the prompt
    // still waits for the cursor's position is lost), and again if nothing came of it.
    const answer = () => {
      quiet = undefined;
      if (answers >= 5 || child.exitCode !== null) return;
      answers++;
      child.stdin.write('y\r');
      quiet = setTimeout(answer, 2_000);
    };
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      // "Where is the cursor?", each time it asks: at the bottom right of a 24 x 80 terminal
      // when it was just moved there (to measure the terminal), else at the top left.
      const parts = stdout.split('\x1b[6n');
      for (; asked < parts.length - 1; asked++) child.stdin.write(parts[asked]!.endsWith('\x1b[999;999f') ? '\x1b[24;80R' : '\x1b[1;1R');
      if (stdout.includes('(y/N)') && !/Reverted|cancelled/.test(stdout)) {
        clearTimeout(quiet);
        quiet = setTimeout(answer, 250);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      clearTimeout(quiet);
      child.stdin.end();
      resolve({ code: code ?? 1, stdout, stderr });
    });
  });
}

async function waitForHealth(url: string, exited: Promise<number | null>, printed: () => string): Promise<void> {
  let gone: number | null | undefined;
  void exited.then((code) => (gone = code));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (gone !== undefined) throw new Error(`pocketbase serve exited (code ${gone}) before it answered: ${printed().trim()}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`pocketbase serve did not answer ${url}/api/health within 60 s: ${printed().trim()}`);
}
