/**
 * The CloudFront response headers policy and the nginx snippet in docs/security/ are written
 * from the same headers as the real site's `_headers`. This test fails when they are stale;
 * `npm run headers-docs` writes them again.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cloudFrontPolicy, HEADERS_FILE, headersFile, headersForPath, nginxSnippet } from '../../src/engine/artifacts/header-formats';
import { realSite } from '../helpers/real-site';
import { REPO } from '../helpers/site';

const DOCS = path.join(REPO, 'docs/security');
const UPDATE = process.env.UPDATE_HEADERS_DOCS === '1';

describe('the security header docs', () => {
  it('match the headers a build of this site writes', async () => {
    // The build of this test run (test/global-setup.ts): the sources as they are, without the environment's overrides.
    const site = { headers: headersForPath((await realSite()).files.get(HEADERS_FILE) as string, '/') };
    const expected = new Map([
      ['cloudfront-response-headers-policy.json', `${JSON.stringify(cloudFrontPolicy(site.headers), null, 2)}\n`],
      ['nginx-security-headers.conf', nginxSnippet(site.headers)],
      ['_headers', headersFile(site.headers)],
    ]);
    for (const [name, text] of expected) {
      const file = path.join(DOCS, name);
      if (UPDATE) await writeFile(file, text);
      const written = await readFile(file, 'utf8').catch(() => '');
      expect(written, `docs/security/${name} is stale: run npm run headers-docs`).toBe(text);
    }
  });
});
