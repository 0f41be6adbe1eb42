import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { BUILDS_DIR, HEADERS_FILE, hasKnownContentType, REDIRECTS_FILE, repairOutput } from '../engine/inspect';
import { serializeRecord, parsePointer, type DeployRecord } from './deploy-record';
import { PublishError } from './errors';
import { headersOf, kindOf, recordKey, type ObjectHeaders, type ObjectKind } from './object-kinds';
import { readPolicy, type Policy } from './policy';

/** One object the publish puts in the bucket, by its key relative to the target's prefix. */
export interface LocalObject extends ObjectHeaders {
  key: string;
  kind: ObjectKind;
  md5: string;
  size: number;
  /** Where its bytes are: a file of the output folder, or the bytes themselves (the deploy record). */
  body: { file: string } | { bytes: Buffer };
}

/** A built output folder, as the objects that publish it. */
export interface LocalSite {
  dir: string;
  buildId: string;
  timestamp: number;
  objects: LocalObject[];
  /** Files whose extension has no known Content-Type (sent as application/octet-stream). */
  untyped: string[];
  /** The security headers the build needs from its host (`_headers`); undefined for a build without them. */
  policy: Policy | undefined;
}

const HASH_CONCURRENCY = 32;

/**
 * Reads the output folder of a build: every file, and for every page URL the build's route
 * manifest lists (other than `/`), a copy of its `index.html` at the bare path, so `/career`
 * is served without a redirect to `/career/`. Adds the build's deploy record.
 */
export async function readLocalSite(dir: string): Promise<LocalSite> {
  // A build killed in the middle of swapping the output in left it for the next command to finish.
  repairOutput(dir);
  const pointer = await readPointer(dir);
  const routes = await readRoutes(dir, pointer.release ?? pointer.id);
  const files = await listFiles(dir);
  const policy = await readPolicy(dir);
  const objects: LocalObject[] = [];
  for (let start = 0; start < files.length; start += HASH_CONCURRENCY) {
    const batch = files.slice(start, start + HASH_CONCURRENCY);
    objects.push(...(await Promise.all(batch.map((key) => hashFile(dir, key)))));
  }
  const byKey = new Map(objects.map((object) => [object.key, object]));
  for (const [from, to] of await readRedirects(dir)) {
    const key = from.replace(/^\/+/, '');
    const page = byKey.get(`${key}/index.html`);
    if (!page) {
      throw new PublishError('publish/not-a-build', `${path.join(dir, key, 'index.html')} is missing: the build's redirect history redirects ${from}`, {
        hint: 'the output folder is incomplete; build it again with `sitegen build`',
      });
    }
    // Header values are ASCII: an accented target goes percent-encoded, as browsers request it.
    page.redirectLocation = encodeURI(to);
    objects.push({ ...page, key, kind: 'page', ...headersOf(key, 'page'), redirectLocation: page.redirectLocation });
  }
  for (const url of routes) {
    if (url === '/') continue;
    const key = url.replace(/^\/+|\/+$/g, '');
    const page = byKey.get(`${key}/index.html`);
    if (!page) {
      throw new PublishError('publish/not-a-build', `${path.join(dir, key, 'index.html')} is missing: the build's route manifest lists ${url}`, {
        hint: 'the output folder is incomplete; build it again with `sitegen build`',
      });
    }
    objects.push({ ...page, key, kind: 'page', ...headersOf(key, 'page') });
  }
  objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const record: DeployRecord = {
    id: pointer.id,
    timestamp: pointer.timestamp,
    policy,
    files: Object.fromEntries(
      objects.map((object) => [
        object.key,
        {
          md5: object.md5,
          size: object.size,
          contentType: object.contentType,
          cacheControl: object.cacheControl,
          ...(object.redirectLocation === undefined ? {} : { redirectLocation: object.redirectLocation }),
        },
      ]),
    ),
  };
  const recordBytes = Buffer.from(serializeRecord(record));
  const key = recordKey(pointer.id);
  objects.unshift({ key, kind: 'record', md5: md5Of(recordBytes), size: recordBytes.length, body: { bytes: recordBytes }, ...headersOf(key, 'record') });
  const untyped = files.filter((file) => !hasKnownContentType(file));
  return { dir, buildId: pointer.id, timestamp: pointer.timestamp, objects, untyped, policy };
}

export function md5Of(bytes: Buffer): string {
  return createHash('md5').update(bytes).digest('hex');
}

async function readPointer(dir: string): Promise<{ id: string; release?: string | undefined; timestamp: number }> {
  const file = path.join(dir, BUILDS_DIR, 'latest.json');
  if (!existsSync(file)) {
    throw new PublishError(
      'publish/not-a-build',
      existsSync(dir) ? `${dir} is not the output of sitegen build: ${path.join(BUILDS_DIR, 'latest.json')} is missing` : `${dir} does not exist`,
      { hint: 'run `sitegen build` first, or point --root/--out at the folder it wrote' },
    );
  }
  const pointer = parsePointer(await readFile(file, 'utf8'));
  if (!pointer) throw new PublishError('publish/not-a-build', `${file} is not a build pointer ({ "id", "timestamp" })`, { hint: 'build the site again with `sitegen build`' });
  return pointer;
}

/** The page URLs of the build, from the route manifest the build wrote for its pages (named by its release). */
async function readRoutes(dir: string, release: string): Promise<string[]> {
  const file = path.join(dir, BUILDS_DIR, 'meta', `${release}.json`);
  try {
    const manifest = JSON.parse(await readFile(file, 'utf8')) as { routes?: Record<string, unknown> };
    if (manifest.routes && typeof manifest.routes === 'object') return Object.keys(manifest.routes);
  } catch (error) {
    throw new PublishError('publish/not-a-build', `${file} cannot be read: ${(error as Error).message}`, { hint: 'build the site again with `sitegen build`', cause: error });
  }
  throw new PublishError('publish/not-a-build', `${file} has no routes`, { hint: 'build the site again with `sitegen build`' });
}

/** Old URL -> page URL, from the redirect history the build wrote (none for builds before redirects). */
async function readRedirects(dir: string): Promise<Array<[string, string]>> {
  const file = path.join(dir, REDIRECTS_FILE);
  if (!existsSync(file)) return [];
  try {
    const history = JSON.parse(await readFile(file, 'utf8')) as { redirects?: Record<string, { to?: unknown }> };
    return Object.entries(history.redirects ?? {}).flatMap(([from, entry]) => (typeof entry.to === 'string' ? [[from, entry.to] as [string, string]] : []));
  } catch (error) {
    throw new PublishError('publish/not-a-build', `${file} cannot be read: ${(error as Error).message}`, { hint: 'build the site again with `sitegen build`', cause: error });
  }
}

/**
 * Every file under `dir`, as `/`-separated paths relative to it, but `_headers`: it configures
 * Netlify and Cloudflare Pages; behind S3 the CDN's response headers policy sends those headers
 * (docs/security.md), and as an object it would only be a download.
 */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((key) => key !== HEADERS_FILE);
}

async function hashFile(dir: string, key: string): Promise<LocalObject> {
  const file = path.join(dir, key);
  const bytes = await readFile(file);
  const kind = kindOf(key);
  return { key, kind, md5: md5Of(bytes), size: bytes.length, body: { file }, ...headersOf(key, kind) };
}
