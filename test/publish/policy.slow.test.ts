/**
 * The security headers a build needs from its host (its policy): printed by `sitegen build`,
 * kept in the deploy record, and compared by `sitegen publish` with the live build's, against
 * the S3-protocol server on 127.0.0.1.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS_FILE, headersForPath } from '../../src/engine/artifacts/header-formats';
import { policyDiff, policyOf } from '../../src/publish/policy';
import { changes, startS3Server, type S3TestServer } from '../helpers/s3-server';
import { copySite, runCli, tempDir } from '../helpers/site';

let server: S3TestServer;
/** The site built twice: as it is, and with its forms pointed at another PocketBase (another connect-src and form-action). */
const builds: Array<{ out: string; hash: string; id: string }> = [];
const FORMS_ELSEWHERE = 'https://forms.kestrelbyte.example';

beforeAll(async () => {
  server = await startS3Server();
  const root = await copySite();
  const work = await tempDir();
  for (const [index, env] of [{}, { SITEGEN_POCKETBASE_URL: FORMS_ELSEWHERE }].entries()) {
    const out = path.join(work, `build-${index}`);
    const run = await runCli(['build', '--root', root, '--out', out], { env });
    expect(run.code, run.stderr).toBe(0);
    const summary = /build ([0-9a-f]{12}), policy ([0-9a-f]{12})/.exec(run.stdout);
    expect(summary, run.stdout).not.toBeNull();
    builds.push({ out, id: summary![1]!, hash: summary![2]! });
  }
}, 180_000);

afterAll(async () => {
  await server?.close();
});

function publish(out: string, ...flags: string[]) {
  return runCli(['publish', '--out', out, '--target', 's3://policy', '--endpoint', server.endpoint, ...flags], { env: server.env });
}

async function recordOf(id: string): Promise<{ policy?: { hash: string; headers: Array<[string, string]> } }> {
  const response = await server.client.send(new GetObjectCommand({ Bucket: 'policy', Key: `_sitegen/builds/deploys/${id}.json` }));
  return JSON.parse(await response.Body!.transformToString());
}

async function headersOf(out: string) {
  return headersForPath(await readFile(path.join(out, HEADERS_FILE), 'utf8'), '/');
}

describe('the policy of a build', () => {
  it("is in the build's summary line: the hash of the headers of its _headers, another when they change", async () => {
    const [first, second] = builds;
    expect(first!.hash).toBe(policyOf(await headersOf(first!.out)).hash);
    expect(second!.hash).toBe(policyOf(await headersOf(second!.out)).hash);
    expect(second!.hash).not.toBe(first!.hash);
  });

  it('describes a changed stylesheet or loader as the hashes it adds and removes', () => {
    const csp = (style: string, script: string) => `default-src 'none'; script-src 'self' ${script}; style-src ${style}; object-src 'none'`;
    const before = policyOf([
      ['Content-Security-Policy', csp("'sha256-oldStyle='", "'sha256-boot='")],
      ['X-Frame-Options', 'DENY'],
      ['Referrer-Policy', 'no-referrer'],
    ]);
    const after = policyOf([
      ['Content-Security-Policy', csp("'sha256-newStyle='", "'sha256-boot=' 'sha256-detect='")],
      ['X-Frame-Options', 'SAMEORIGIN'],
      ['Cross-Origin-Opener-Policy', 'same-origin'],
    ]);
    expect(policyDiff(before, after)).toEqual([
      '- Referrer-Policy: no-referrer',
      "+ Content-Security-Policy script-src 'sha256-detect='",
      "- Content-Security-Policy style-src 'sha256-oldStyle='",
      "+ Content-Security-Policy style-src 'sha256-newStyle='",
      '~ X-Frame-Options: DENY -> SAMEORIGIN',
      '+ Cross-Origin-Opener-Policy: same-origin',
    ]);
    expect(policyDiff(before, before)).toEqual([]);
  });
});

describe('sitegen publish and the policy', () => {
  it('keeps the policy in the deploy record; a first publish says the host must send it', async () => {
    const [first] = builds;
    await server.createBucket('policy');
    const run = await publish(first!.out);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`  policy ${first!.hash} (none recorded for the live build)`);
    expect(run.stdout).toContain(`warning: no earlier policy to compare with (nothing is live here yet): the host must send the security headers of this build, policy ${first!.hash}`);
    const record = await recordOf(first!.id);
    expect(record.policy).toEqual({ hash: first!.hash, headers: await headersOf(first!.out) });
  });

  it('refuses a build whose policy differs from the live one, with the difference and what to update; nothing changes', async () => {
    const [first, second] = builds;
    const { result: run, requests } = await server.during(() => publish(second!.out));
    expect(run.code).toBe(1);
    expect(changes(requests)).toEqual([]);
    expect(run.stderr).toContain(
      `sitegen: error: s3://policy/: the security headers of build ${second!.id} (policy ${second!.hash}) differ from those the host sends for the live build ${first!.id} (policy ${first!.hash}); nothing was changed`,
    );
    for (const directive of ['connect-src', 'form-action']) {
      expect(run.stderr).toContain(`  - Content-Security-Policy ${directive} https://api.kestrelbyte.example\n`);
      expect(run.stderr).toContain(`  + Content-Security-Policy ${directive} ${FORMS_ELSEWHERE}\n`);
    }
    expect(run.stderr).toMatch(/\n {2}hint: update the host first: give its headers the \+ sources and keep the - ones until this publish has completed.*docs\/security\/cloudfront-response-headers-policy\.json.*nginx: docs\/security\/nginx-security-headers\.conf.*Then publish again with --policy-changed/);
    expect(run.stdout).toContain(`  policy ${second!.hash} (the live build has ${first!.hash})`);

    const { result: dry, requests: dryRequests } = await server.during(() => publish(second!.out, '--dry-run'));
    expect(dry.code).toBe(1);
    expect(dry.stdout).toContain(`dry run: would publish build ${second!.id}`);
    expect(dry.stderr).toContain('differ from those the host sends for the live build');
    expect(changes(dryRequests)).toEqual([]);
  });

  it('publishes it with --policy-changed and records the new policy, which the next publish compares with', async () => {
    const [first, second] = builds;
    const run = await publish(second!.out, '--policy-changed');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`  policy ${second!.hash} (the live build has ${first!.hash}; the host was updated (--policy-changed))`);
    expect((await recordOf(second!.id)).policy?.hash).toBe(second!.hash);

    const again = await publish(second!.out);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`  policy ${second!.hash} (the same as the live build)`);
    // And back: the first build's policy differs from the live (second) one now.
    expect((await publish(first!.out)).code).toBe(1);
  });

  it('goes on, with a warning, when the live build was published by a sitegen that recorded no policy', async () => {
    const [first, second] = builds;
    const key = `_sitegen/builds/deploys/${second!.id}.json`;
    const { policy: _, ...older } = await recordOf(second!.id);
    await server.client.send(new PutObjectCommand({ Bucket: 'policy', Key: key, Body: JSON.stringify(older), ContentType: 'application/json' }));
    const run = await publish(first!.out);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`warning: no earlier policy to compare with (the live build ${second!.id} recorded none)`);
    expect((await recordOf(first!.id)).policy?.hash).toBe(first!.hash);
  });
});
