/**
 * What the form migrations change on a PocketBase, read from the running server's API as a
 * superuser: the collections (rules and fields), the rate limiter, the `users` API rules.
 */
import { copyFile, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../../scripts/backend/server';
import type { RunningServer } from '../helpers/pocketbase';

export interface FieldData {
  name: string;
  type: string;
  required?: boolean;
  min?: number | string | null;
  max?: number;
  pattern?: string;
  values?: string[];
  maxSelect?: number;
  [option: string]: unknown;
}

export interface CollectionData {
  id: string;
  name: string;
  type: string;
  createRule: string | null;
  listRule: string | null;
  viewRule: string | null;
  updateRule: string | null;
  deleteRule: string | null;
  fields: FieldData[];
  [option: string]: unknown;
}

export interface RateLimits {
  enabled: boolean;
  rules: Array<{ label: string; audience: string; duration: number; maxRequests: number }>;
}

export interface ServerState {
  collections: Record<string, CollectionData>;
  rateLimits: RateLimits;
}

export const FORM_COLLECTIONS = ['contact_messages', 'offer_requests'] as const;

export async function readJson<T>(server: RunningServer, apiPath: string): Promise<T> {
  const response = await server.api(apiPath, { superuser: true });
  if (!response.ok) throw new Error(`${apiPath}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Collections without their dates (a save changes `updated`), by name; the limiter's settings. */
export async function serverState(server: RunningServer): Promise<ServerState> {
  const { items } = await readJson<{ items: CollectionData[] }>(server, '/api/collections?perPage=500');
  const collections: Record<string, CollectionData> = {};
  for (const { created: _created, updated: _updated, ...collection } of items as Array<CollectionData & { created?: string; updated?: string }>) {
    if (collection.system && collection.name !== 'users') continue;
    collections[collection.name] = collection as CollectionData;
  }
  const { rateLimits } = await readJson<{ rateLimits: RateLimits }>(server, '/api/settings');
  return { collections, rateLimits: { enabled: rateLimits.enabled, rules: [...rateLimits.rules].sort((a, b) => `${a.label} ${a.audience}`.localeCompare(`${b.label} ${b.audience}`)) } };
}

export async function collection(server: RunningServer, name: string): Promise<CollectionData> {
  return readJson<CollectionData>(server, `/api/collections/${name}`);
}

export function fieldOf(data: CollectionData, name: string): FieldData {
  const found = data.fields.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`${data.name} has no field ${name}`);
  return found;
}

/** A migrations folder with some of the repo's migration files and, optionally, files of the test's own. */
export async function migrationsFolder(files: string[], extra: Record<string, string> = {}): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sitegen-migrations-'));
  for (const file of files) await copyFile(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
  for (const [name, source] of Object.entries(extra)) await writeFile(path.join(dir, name), source);
  return dir;
}

/**
 * Runs `pocketbase migrate ...args` with the server stopped, with the migrations of `from` (the
 * server's own by default), then serves the data again with those of `then`: an empty folder,
 * say, to see the data as the command left it (`serve` applies whatever it finds pending).
 */
export async function migrate(server: RunningServer, args: string[], folders: { from?: string; then: string }): Promise<void> {
  await server.stop();
  const result = await server.cli(['migrate', ...args], { confirm: args[0] === 'down', ...(folders.from ? { migrationsDir: folders.from } : {}) });
  if (result.code !== 0 || /cancelled/.test(result.stdout)) throw new Error(`pocketbase migrate ${args.join(' ')} failed: ${result.stderr}${result.stdout}`);
  await server.restart({ migrationsDir: folders.then });
}
