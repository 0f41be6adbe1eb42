import { spawn } from 'node:child_process';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/engine';
import { publish, PublishError } from '../../src/publish';
import { changes, startS3Server, type S3TestServer } from '../helpers/s3-server';
import { copySite, edit, REPO, runCli, tempDir } from '../helpers/site';
import { expectedObjects } from './expected';

let server: S3TestServer;
/**
 * Two builds of the site: as it is, and after an article's description and a message every page
 * shows changed (a new release: every page is uploaded again, so there is something to interrupt).
 */
const outs: string[] = [];

beforeAll(async () => {
  server = await startS3Server();
  const root = await copySite();
  const work = await tempDir();
  outs.push(path.join(work, 'before'));
  await build({ root, out: outs[0] });
  await edit(root, 'content/en/blog/clickup-as-erp.md', (text) => text.replace(/^description: .*$/m, 'description: "Where ClickUp can stand in for an ERP."'));
  await edit(root, 'locales/en.json', (text) => text.replace('"Skip to content"', '"Skip to the content"'));
  outs.push(path.join(work, 'after'));
  await build({ root, out: outs[1] });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

function publishCli(out: string, target: string, ...flags: string[]) {
  return runCli(['publish', '--out', out, '--target', target, '--endpoint', server.endpoint, ...flags], { env: server.env });
}

/** A deploy record of an earlier build that published `keys` (as sitegen writes them). */
async function putRecord(bucket: string, id: string, keys: string[], prefix = ''): Promise<void> {
  const file = { md5: '0'.repeat(32), size: 1, contentType: 'text/html; charset=utf-8', cacheControl: 'public, max-age=0, must-revalidate' };
  const record = { id, timestamp: 0, files: Object.fromEntries(keys.map((key) => [key, file])) };
  await server.client.send(new PutObjectCommand({ Bucket: bucket, Key: `${prefix}_sitegen/builds/deploys/${id}.json`, Body: JSON.stringify(record), ContentType: 'application/json' }));
}

async function latestId(bucket: string, prefix = ''): Promise<string> {
  const response = await server.client.send(new GetObjectCommand({ Bucket: bucket, Key: `${prefix}_sitegen/builds/latest.json` }));
  return JSON.parse(await response.Body!.transformToString()).id;
}

/** Every object of the build is in the bucket with its MD5. */
async function expectPublished(out: string, bucket: string, prefix = '') {
  const { buildId, objects } = await expectedObjects(out);
  const remote = await server.list(bucket, prefix);
  for (const [key, { md5 }] of objects) expect(remote.get(key), key).toBe(md5);
  expect(await latestId(bucket, prefix)).toBe(buildId);
}

describe('sitegen publish, when things go wrong', () => {
  it('stops before changing anything when more than --max-deletes objects would go; --force deletes them', async () => {
    await server.createBucket('limits');
    expect((await publishCli(outs[0]!, 's3://limits')).code).toBe(0);
    // 60 pages an earlier build published (its deploy record lists them) that this build has not.
    const retired = Array.from({ length: 60 }, (_, index) => `retired/page-${index}/index.html`);
    for (const [index, key] of retired.entries()) await server.client.send(new PutObjectCommand({ Bucket: 'limits', Key: key, Body: `page ${index}` }));
    await putRecord('limits', 'retired-build', retired);
    const { result: refused, requests } = await server.during(() => publishCli(outs[1]!, 's3://limits'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/sitegen: error: s3:\/\/limits\/: the publish would delete 60 objects, more than --max-deletes 50 \(retired\/page-0\/index\.html, .*\); nothing was changed/);
    expect(refused.stderr).toMatch(/\n {2}hint: .*--force or --max-deletes 60/);
    expect(changes(requests)).toEqual([]);

    const { result: forced, requests: forcedRequests } = await server.during(() => publishCli(outs[1]!, 's3://limits', '--force'));
    expect(forced.code).toBe(0);
    expect(forced.stdout).toMatch(/deleted 60\b/);
    // One DeleteObjects request; s3rver sometimes fails it (a race removing emptied folders), and it is retried.
    const deleteRequests = forcedRequests.filter((request) => request.query.startsWith('delete'));
    expect(deleteRequests.filter((request) => request.status === 200)).toHaveLength(1);
    expect(forced.stdout.match(/^ {2}deleted /gm)).toHaveLength(60);
    expect([...(await server.list('limits')).keys()].filter((key) => key.startsWith('retired/'))).toEqual([]);
    await expectPublished(outs[1]!, 'limits');
  });

  it('deletes only what sitegen published: objects put beside the site and a site published inside it stay, and the plan lists them', async () => {
    await server.createBucket('shared');
    expect((await publishCli(outs[0]!, 's3://shared')).code).toBe(0);
    // Someone keeps files in the site's bucket, and a preview of the site is published inside it.
    const beside = [...Array.from({ length: 10 }, (_, index) => `staging/notes-${index}.txt`), 'uploads/report.pdf', 'index.htm'];
    for (const key of beside) await server.client.send(new PutObjectCommand({ Bucket: 'shared', Key: key, Body: `kept ${key}` }));
    expect((await publishCli(outs[0]!, 's3://shared/preview')).code).toBe(0);
    const preview = [...(await server.list('shared', 'preview/')).entries()];
    expect(preview.length).toBeGreaterThan(300);
    // And an earlier build of the site published a page this build does not have.
    await server.client.send(new PutObjectCommand({ Bucket: 'shared', Key: 'retired/index.html', Body: 'a page of an earlier build' }));
    await putRecord('shared', 'earlier-build', ['retired/index.html']);

    const { result: run, requests } = await server.during(() => publishCli(outs[1]!, 's3://shared'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const deleted = requests.filter((request) => request.query.startsWith('delete') && request.status === 200);
    expect(deleted).toHaveLength(1);
    expect(run.stdout.match(/^ {2}deleted .*$/gm)).toEqual(['  deleted retired/index.html']);
    const after = await server.list('shared');
    for (const key of beside) expect(after.has(key), key).toBe(true);
    for (const [key, md5] of preview) expect(after.get(`preview/${key}`), key).toBe(md5);
    expect(after.has('retired/index.html')).toBe(false);
    expect(run.stdout).toMatch(new RegExp(`^ {2}leave {2}${beside.length + preview.length} objects \\(.*\\) alone: `, 'm'));
    expect(run.stdout).toContain(`    preview/ (another site: it has its own _sitegen/builds/latest.json): ${preview.length} objects`);
    expect(run.stdout).toContain('    index.htm (not published by sitegen)');
    expect(run.stdout).toContain('    ... and 2 more (--dry-run lists them all)');
    await expectPublished(outs[1]!, 'shared');

    const dry = await publishCli(outs[1]!, 's3://shared', '--dry-run');
    expect(dry.code).toBe(0);
    for (const key of beside) expect(dry.stdout).toContain(`    ${key} (not published by sitegen)`);
  });

  it('refuses a build with objects where another site is published inside the target', async () => {
    await server.createBucket('nested');
    expect((await publishCli(outs[0]!, 's3://nested')).code).toBe(0);
    // A site published into the Hungarian pages' folder (which holds objects it did not publish: --force).
    expect((await publishCli(outs[0]!, 's3://nested/hu', '--force')).code).toBe(0);
    const { result: run, requests } = await server.during(() => publishCli(outs[1]!, 's3://nested'));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/sitegen: error: s3:\/\/nested\/hu\/ holds another site \(hu\/_sitegen\/builds\/latest\.json\), and this build has \d+ object\(s\) there \(hu\/.*\); nothing was changed/);
    expect(run.stderr).toMatch(/hint: publish one of the two sites to another prefix/);
    expect(changes(requests)).toEqual([]);
  });

  it('refuses a target that holds objects sitegen did not publish', async () => {
    await server.createBucket('foreign');
    await server.client.send(new PutObjectCommand({ Bucket: 'foreign', Key: 'reports/2025.pdf', Body: 'not a site' }));
    const { result: run, requests } = await server.during(() => publishCli(outs[0]!, 's3://foreign'));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('sitegen: error: s3://foreign/ holds 1 object(s) that sitegen did not publish');
    expect(run.stderr).toMatch(/hint: check --target/);
    expect(changes(requests)).toEqual([]);
  });

  it('a publish killed half-way leaves the previous build live, and run again completes', async () => {
    await server.createBucket('resume');
    expect((await publishCli(outs[0]!, 's3://resume/site')).code).toBe(0);
    const before = await expectedObjects(outs[0]!);
    const after = await expectedObjects(outs[1]!);

    // Kill the process (no chance to clean up) once 40 uploads of the new build have landed.
    server.delayPuts(25);
    const landed: string[] = [];
    const child = spawn(
      process.execPath,
      [path.join(REPO, 'bin/sitegen.js'), 'publish', '--out', outs[1]!, '--target', 's3://resume/site', '--endpoint', server.endpoint, '--concurrency', '4'],
      { env: { ...process.env, ...server.env }, stdio: 'ignore' },
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    server.onRequest((request) => {
      if (request.bucket !== 'resume' || request.method !== 'PUT' || request.status !== 200 || child.exitCode !== null || child.signalCode !== null) return;
      landed.push(request.key.slice('site/'.length));
      if (landed.length === 40) child.kill('SIGKILL');
    });
    expect(await exited).toBe('SIGKILL');
    // Uploads the process had sent before it died may still land.
    await server.idle();
    server.delayPuts(0);
    expect(landed.length).toBeGreaterThanOrEqual(40);
    // Pages were being uploaded; latest.json still names the previous build, nothing was deleted.
    expect(landed.some((key) => key.endsWith('index.html'))).toBe(true);
    expect(landed).not.toContain('_sitegen/builds/latest.json');
    expect(await latestId('resume', 'site/')).toBe(before.buildId);
    const remote = await server.list('resume', 'site/');
    for (const key of before.objects.keys()) expect(remote.has(key), key).toBe(true);

    const { result: resumed, requests } = await server.during(() => publishCli(outs[1]!, 's3://resume/site'));
    expect(resumed.code).toBe(0);
    const uploaded = requests.filter((request) => request.method === 'PUT').map((request) => request.key.slice('site/'.length));
    // Exactly what had not landed is sent: the objects of the new build the bucket did not have yet.
    const missing = [...after.objects].filter(([key, { md5 }]) => remote.get(key) !== md5).map(([key]) => key);
    expect(uploaded.filter((key) => landed.includes(key))).toEqual([]);
    expect(uploaded.sort()).toEqual(missing.sort());
    expect(missing.length).toBeGreaterThan(100);
    await expectPublished(outs[1]!, 'resume', 'site/');
  });

  it('Ctrl-C lets the requests under way finish, says where it stopped, and a new run completes', async () => {
    await server.createBucket('stop');
    expect((await publishCli(outs[0]!, 's3://stop')).code).toBe(0);
    const before = await expectedObjects(outs[0]!);
    server.delayPuts(25);
    const start = server.requests.length;
    const child = spawn(process.execPath, [path.join(REPO, 'bin/sitegen.js'), 'publish', '--out', outs[1]!, '--target', 's3://stop', '--endpoint', server.endpoint], {
      env: { ...process.env, ...server.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let landed = 0;
    server.onRequest((request) => {
      if (request.bucket === 'stop' && request.method === 'PUT' && request.status === 200 && ++landed === 20) child.kill('SIGINT');
    });
    expect(await exited).toBe(1);
    await server.idle();
    server.delayPuts(0);
    expect(stderr).toContain('sitegen: SIGINT: stopping after the requests under way');
    expect(stderr).toContain('sitegen: error: stopped before the publish completed; latest.json was not written, so the site still serves the previous build');
    expect(stderr).toMatch(/hint: run the same command again to complete the publish/);
    // Every upload it had started was answered: nothing was cut off half-way.
    const puts = server.requests.slice(start).filter((request) => request.bucket === 'stop' && request.method === 'PUT');
    expect(puts.length).toBeGreaterThanOrEqual(20);
    expect(puts.every((request) => request.status === 200)).toBe(true);
    expect(await latestId('stop')).toBe(before.buildId);

    expect((await publishCli(outs[1]!, 's3://stop')).code).toBe(0);
    await expectPublished(outs[1]!, 'stop');
  });

  it('retries throttling and dropped connections with backoff', async () => {
    await server.createBucket('flaky');
    const isPut = (request: { method: string }) => request.method === 'PUT';
    server.inject({ match: (request) => request.method === 'GET' && request.query.includes('list-type'), times: 1, kind: 'slowdown' });
    server.inject({ match: isPut, times: 3, kind: 'slowdown' });
    server.inject({ match: (request) => isPut(request) && request.key.endsWith('index.html'), times: 2, kind: 'drop' });
    const run = await publishCli(outs[0]!, 's3://flaky');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/retrying to list the bucket in [\d.]+ s \(try 2; SlowDown/);
    expect(run.stdout.match(/retrying to upload /g)?.length).toBeGreaterThanOrEqual(5);
    await expectPublished(outs[0]!, 'flaky');
  });

  it('explains what is wrong and what to do', async () => {
    const missing = await runCli(['publish', '--out', path.join(await tempDir(), 'nothing'), '--target', 's3://site'], { env: server.env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^sitegen: error: .*nothing.* \[publish\/not-a-build\]\n {2}hint: /m);

    const badTarget = await publishCli(outs[0]!, 'https://example.com/site');
    expect(badTarget.code).toBe(1);
    expect(badTarget.stderr).toMatch(/^sitegen: error: .* \[publish\/invalid-target\]\n {2}hint:/m);

    const noBucket = await publishCli(outs[0]!, 's3://no-such-bucket');
    expect(noBucket.code).toBe(1);
    expect(noBucket.stderr).toMatch(/^sitegen: error: .*no-such-bucket.* \[publish\/storage\]\n {2}hint: /m);

    const wrongKey = await runCli(['publish', '--out', outs[0]!, '--target', 's3://limits', '--endpoint', server.endpoint], {
      env: { ...server.env, AWS_ACCESS_KEY_ID: 'SOMEONE-ELSE' },
    });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toMatch(/^sitegen: error: .*InvalidAccessKeyId.* \[publish\/storage\]\n {2}hint: .*AWS_ACCESS_KEY_ID/m);
    expect(wrongKey.stderr).not.toMatch(/^\s+at /m);

    // No credentials anywhere (the helper's environment points the shared files at /dev/null, without instance metadata).
    const noCredentials = await runCli(['publish', '--out', outs[0]!, '--target', 's3://limits', '--endpoint', server.endpoint], {
      env: { ...server.env, AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: '' },
    });
    expect(noCredentials.code).toBe(1);
    expect(noCredentials.stderr).toMatch(/^sitegen: error: .* \[publish\/storage\]\n {2}hint: .*AWS_ACCESS_KEY_ID/m);

    const badCount = await publishCli(outs[0]!, 's3://limits', '--max-deletes', 'many');
    expect(badCount.code).toBe(1);
    expect(badCount.stderr).toMatch(/--max-deletes <n>.*expected a whole number of at least 0/);

    // A closed port: retried, then reported (fast retries through the API).
    const closed = publish({ out: outs[0]!, target: 's3://site', endpoint: 'http://127.0.0.1:9', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, retry: { attempts: 2, baseDelayMs: 5 } });
    await expect(closed).rejects.toThrow(PublishError);
    await expect(closed).rejects.toThrow(/cannot reach the endpoint \(ECONNREFUSED\) to list the bucket/);
  });
});
