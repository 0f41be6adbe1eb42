/**
 * A real PocketBase for a test file: the pinned versions (pocketbase/versions.json), installed
 * by `npm run backend:install`, started on 127.0.0.1 with this repo's migrations and hooks, and
 * stopped (data removed) when the file's suites end, pass or fail.
 */
import { afterAll, beforeAll } from 'vitest';
import { readPins, SERVER_NAMES, type ServerName } from '../../scripts/backend/pins';
import { startServer, type RunningServer, type ServerOptions } from '../../scripts/backend/server';
import { withSolutions } from './proof-of-work';

export type { RunningServer } from '../../scripts/backend/server';

const pins = readPins();

/** The pinned servers, for `describe.each`: `{ name: 'newest', version: 'v0.40.4' }`, … */
export const SERVERS: Array<{ name: ServerName; version: string }> = SERVER_NAMES.map((name) => ({ name, version: pins.servers[name].version }));

export const NEWEST = pins.servers.newest.version;

/** Starts a server before the suite's tests and closes it after them; read `.server` inside tests. */
export function pocketBaseSuite(version: string, options: Omit<ServerOptions, 'version'> = {}): { server: RunningServer } {
  const suite = {} as { server: RunningServer };
  beforeAll(async () => {
    suite.server = await startServer({ version, ...options });
  }, 120_000);
  afterAll(async () => {
    await suite.server?.close();
  });
  return suite;
}

/** Runs `body` with a server of its own, closed afterwards whatever happens. */
export async function withServer<T>(version: string, body: (server: RunningServer) => Promise<T>, options: Omit<ServerOptions, 'version'> = {}): Promise<T> {
  const server = await startServer({ version, ...options });
  try {
    return await body(server);
  } finally {
    await server.close();
  }
}

/**
 * A JSON request to a server as a visitor (no auth), optionally as the client IP a trusted proxy
 * header names. A form create carries a solved proof-of-work challenge, as the site's do.
 */
export async function post(server: RunningServer, apiPath: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return server.api(apiPath, { method: 'POST', body: JSON.stringify(await withSolutions(server, apiPath, body)), headers });
}
