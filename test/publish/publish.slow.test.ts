import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/engine';
import { startS3Server, type RecordedRequest, type S3TestServer } from '../helpers/s3-server';
import { copySite, edit, runCli, tempDir } from '../helpers/site';
import { expectedHeaders, expectedObjects, phaseOfKey } from './expected';

let server: S3TestServer;
/** Three builds of the site: as it is, after an article's description changed, after a second edit. */
const outs: string[] = [];

beforeAll(async () => {
  server = await startS3Server();
  const root = await copySite();
  const work = await tempDir();
  const article = 'content/en/blog/clickup-as-erp.md';
  for (const [index, change] of [
    undefined,
    (text: string) => text.replace(/^description: .*$/m, 'description: "When ClickUp can stand in for parts of an ERP, and when it cannot."'),
    (text: string) => `${text}\nOne more closing sentence.\n`,
  ].entries()) {
    if (change) await edit(root, article, change);
    const out = path.join(work, `build-${index}`);
    await build({ root, out });
    outs.push(out);
  }
}, 180_000);

afterAll(async () => {
  await server?.close();
});

function publish(out: string, target: string, ...flags: string[]) {
  return runCli(['publish', '--out', out, '--target', target, '--endpoint', server.endpoint, ...flags], { env: server.env });
}

const puts = (requests: RecordedRequest[]) => requests.filter((request) => request.method === 'PUT');
const deletes = (requests: RecordedRequest[]) => requests.filter((request) => request.method === 'POST' && request.query.startsWith('delete'));
const changes = (requests: RecordedRequest[]) => [...puts(requests), ...deletes(requests)];

describe('sitegen publish', () => {
  it('first publish uploads every file and a clean-URL copy of every page, each with its headers', async () => {
    await server.createBucket('site', { errorDocument: '404.html' });
    const { buildId, objects } = await expectedObjects(outs[0]!);
    const run = await publish(outs[0]!, 's3://site');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`publishing build ${buildId}`);
    expect(run.stdout).toMatch(new RegExp(`published build ${buildId} to s3://site/ in [\\d.]+ s: uploaded ${objects.size + 1} \\(`));
    expect(run.stdout).toContain('  uploaded career (new, ');

    const bucket = await server.list('site');
    expect([...bucket.keys()].sort()).toEqual([...objects.keys(), `_sitegen/builds/deploys/${buildId}.json`].sort());
    for (const [key, { md5, clean }] of objects) {
      expect(bucket.get(key), key).toBe(md5);
      const head = await server.head('site', key);
      expect({ key, contentType: head.contentType, cacheControl: head.cacheControl }).toEqual({ key, ...expectedHeaders(key, clean) });
    }
    // Every page URL of the spec's four forms has its object, the homes included.
    for (const key of ['career', 'en/career', 'hu/karrier', 'de/karriere', 'en', 'hu', 'de', 'index.html', '404.html']) expect(bucket.has(key), key).toBe(true);
  });

  it('serves each page at its clean URL with the HTML type, without a redirect', async () => {
    for (const [url, file] of [
      ['/career', 'career/index.html'],
      ['/hu/karrier', 'hu/karrier/index.html'],
      ['/de/karriere', 'de/karriere/index.html'],
      ['/en', 'en/index.html'],
      ['/hu', 'hu/index.html'],
      ['/', 'index.html'],
      ['/hu/palyazatok/szechenyi-terv-plusz', 'hu/palyazatok/szechenyi-terv-plusz/index.html'],
    ] as const) {
      // A plain GET (no x-amz headers) reaches s3rver's static website endpoint: index and error documents.
      const response = await fetch(`${server.endpoint}/site${url}`, { redirect: 'manual' });
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control'), url).toBe('public, max-age=0, must-revalidate');
      expect(await response.text(), url).toBe(await readFile(path.join(outs[0]!, file), 'utf8'));
    }
    const missing = await fetch(`${server.endpoint}/site/no-such-page`, { redirect: 'manual' });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe(await readFile(path.join(outs[0]!, '404.html'), 'utf8'));
  });

  it('a second publish of the same build uploads and deletes nothing', async () => {
    const { result: run, requests } = await server.during(() => publish(outs[0]!, 's3://site'));
    expect(run.code).toBe(0);
    expect(changes(requests)).toEqual([]);
    expect(run.stdout).toMatch(/uploaded 0 \(0 B\), skipped \d+, deleted 0/);
  });

  it('after an article changed, uploads exactly what changed on disk: assets first, pages next, latest.json last', async () => {
    const before = await expectedObjects(outs[0]!);
    const after = await expectedObjects(outs[1]!);
    const changed = [...after.objects].filter(([key, { md5 }]) => before.objects.get(key)?.md5 !== md5).map(([key]) => key);
    const { result: run, requests } = await server.during(() => publish(outs[1]!, 's3://site'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);

    const uploaded = puts(requests).map((request) => request.key);
    expect(uploaded.sort()).toEqual([...changed, `_sitegen/builds/deploys/${after.buildId}.json`].sort());
    expect(new Set(uploaded).size).toBe(uploaded.length);
    // The article's description is in the payloads of its two English forms, and nowhere else.
    expect(uploaded.filter((key) => key.endsWith('_payload.json')).sort()).toEqual(['clickup-as-erp/_payload.json', 'en/clickup-as-erp/_payload.json']);
    // Hashed assets and copies of public/ did not change, so none was sent.
    expect(uploaded.filter((key) => key.startsWith('_sitegen/assets/') || key.startsWith('images/') || key.startsWith('flags/'))).toEqual([]);
    expect(uploaded).toContain('_sitegen/builds/latest.json');
    expect(run.stdout).toContain(`upload ${uploaded.length} objects`);

    // Each phase ended before the next one started.
    const phaseOf = (request: RecordedRequest) => phaseOfKey(request.key, after.objects.get(request.key)?.clean ?? false);
    for (let phase = 0; phase < 3; phase++) {
      const lastEnd = Math.max(...puts(requests).filter((request) => phaseOf(request) === phase).map((request) => request.ended));
      const firstStart = Math.min(...puts(requests).filter((request) => phaseOf(request) > phase).map((request) => request.started));
      expect(lastEnd, `phase ${phase}`).toBeLessThan(firstStart);
    }
    // The previous build's messages and manifest stay for pages still open.
    expect(deletes(requests)).toEqual([]);
    const bucket = await server.list('site');
    expect(bucket.has(`_i18n/${before.release}/hu/messages.json`)).toBe(true);
    expect(bucket.has(`_sitegen/builds/meta/${before.release}.json`)).toBe(true);
    // Only content changed: the other pages kept their bytes and were not sent.
    expect(uploaded.filter((key) => key.endsWith('.html') || !key.includes('.')).length).toBeLessThan(10);
    const latest = await server.client.send(new GetObjectCommand({ Bucket: 'site', Key: '_sitegen/builds/latest.json' }));
    expect(JSON.parse(await latest.Body!.transformToString()).id).toBe(after.buildId);
  });

  it('--dry-run prints the plan and changes nothing', async () => {
    const next = await expectedObjects(outs[2]!);
    const before = await server.list('site');
    const { result: run, requests } = await server.during(() => publish(outs[2]!, 's3://site', '--dry-run'));
    expect(run.code).toBe(0);
    expect(changes(requests)).toEqual([]);
    expect(await server.list('site')).toEqual(before);
    expect(run.stdout).toContain(`dry run: would publish build ${next.buildId}`);
    expect(run.stdout).toContain('would upload _sitegen/builds/latest.json (latest.json, changed, ');
    expect(run.stdout).toContain(`would upload _sitegen/builds/deploys/${next.buildId}.json (deploy record, new, `);
    expect(run.stdout).toMatch(/dry run of build \w+ to s3:\/\/site\/: nothing was changed/);
  });

  it('uploads an object again when the headers it was given differ, though its bytes are the same', async () => {
    const { buildId } = await expectedObjects(outs[1]!);
    const recordKey = `_sitegen/builds/deploys/${buildId}.json`;
    const response = await server.client.send(new GetObjectCommand({ Bucket: 'site', Key: recordKey }));
    const record = JSON.parse(await response.Body!.transformToString());
    // As if an earlier publish had sent career/index.html with other headers.
    record.files['career/index.html'].cacheControl = 'no-store';
    await server.client.send(new PutObjectCommand({ Bucket: 'site', Key: recordKey, Body: JSON.stringify(record), ContentType: 'application/json' }));
    await server.client.send(
      new PutObjectCommand({ Bucket: 'site', Key: 'career/index.html', Body: await readFile(path.join(outs[1]!, 'career/index.html')), ContentType: 'text/html', CacheControl: 'no-store' }),
    );
    const { result: run, requests } = await server.during(() => publish(outs[1]!, 's3://site'));
    expect(run.code).toBe(0);
    expect(puts(requests).map((request) => request.key).sort()).toEqual(['career/index.html', recordKey].sort());
    expect(run.stdout).toContain('uploaded career/index.html (headers, ');
    expect(await server.head('site', 'career/index.html')).toMatchObject({ contentType: 'text/html; charset=utf-8', cacheControl: 'public, max-age=0, must-revalidate' });
  });

  it('keeps the hashed assets of the last --keep-builds builds, deletes older ones after latest.json, under a prefix', async () => {
    await server.createBucket('retain');
    const ids: string[] = [];
    const releases = new Set<string>();
    for (const out of outs) {
      const { buildId, release } = await expectedObjects(out);
      ids.push(buildId);
      releases.add(release);
      const { result: run, requests } = await server.during(() => publish(out, 's3://retain/www/', '--keep-builds', '1'));
      expect(run.code).toBe(0);
      if (out === outs[2]) {
        // The first build's own files are deleted now, after latest.json was written.
        const deleted = deletes(requests);
        expect(deleted.length).toBeGreaterThan(0);
        const pointer = puts(requests).find((request) => request.key === 'www/_sitegen/builds/latest.json')!;
        expect(Math.min(...deleted.map((request) => request.started))).toBeGreaterThan(pointer.ended);
        expect(run.stdout).toMatch(/deleted [1-9]/);
      }
    }
    const bucket = await server.list('retain', 'www/');
    // The three builds changed only content: one release, whose messages and manifest stay.
    expect(releases.size).toBe(1);
    const [release] = releases;
    expect(bucket.has(`_i18n/${release}/en/messages.json`)).toBe(true);
    expect(bucket.has(`_sitegen/builds/meta/${release}.json`)).toBe(true);
    expect(bucket.has(`_sitegen/builds/deploys/${ids[0]}.json`)).toBe(false);
    for (const id of ids.slice(1)) expect(bucket.has(`_sitegen/builds/deploys/${id}.json`), id).toBe(true);
    const { objects } = await expectedObjects(outs[2]!);
    for (const [key, { md5 }] of objects) expect(bucket.get(key), key).toBe(md5);
  });
});
