import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/engine';
import { startS3Server, type S3TestServer } from '../helpers/s3-server';
import { smallSite } from '../helpers/small-site';
import { edit, runCli } from '../helpers/site';

/**
 * The small site with the article this suite removes, and the articles that share all its tags
 * but eu-regulation: the real site's blog as far as these redirects go.
 */
const siteWithEnergyArticles = () => smallSite(['article-eu-energy-policy', 'article-future-energy-supply', 'article-sustainable-it']);
const ARTICLE = /\n {2}- id: article-eu-energy-policy\n(?: {4}.*\n)+/;
let server: S3TestServer;
let root: string;

beforeAll(async () => {
  server = await startS3Server();
  await server.createBucket('www', { errorDocument: '404.html' });
  root = await siteWithEnergyArticles();
  await build({ root, cache: false });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const publish = () => runCli(['publish', '--target', 's3://www', '--endpoint', server.endpoint], { cwd: root, env: server.env });

/** A request to the bucket's website endpoint (s3rver serves it path-style for a bucket with a website configuration). */
const visit = (urlPath: string) => fetch(`${server.endpoint}/www${encodeURI(urlPath)}`, { redirect: 'manual' });

describe('sitegen publish with redirects', () => {
  it('stores each old URL with x-amz-website-redirect-location, which the website endpoint answers with a 301 to a live page', async () => {
    expect((await publish()).code).toBe(0);
    await edit(root, 'content/routes.yaml', (text) => text.replace('hu: /karrier\n', 'hu: /állások\n').replace(ARTICLE, '\n'));
    await Promise.all(['en', 'hu', 'de'].map((locale) => rm(path.join(root, 'content', locale, 'blog/eu-energy-policy.md'))));
    await writeFile(path.join(root, 'content/redirects.yaml'), 'redirects:\n  - { from: /hu/eu-energiapolitika, to: /hu/blog }\n');
    const built = await build({ root, cache: false });
    expect([...built.redirects]).toEqual([
      // The removed article was the only one tagged eu-regulation: that tag's listings go to the blog.
      ['/blog/tag/eu-regulation', '/blog'],
      ['/de/blog/schlagwort/eu-regulation', '/de/blog'],
      ['/en/blog/tag/eu-regulation', '/en/blog'],
      ['/hu/blog/cimke/eu-regulation', '/hu/blog'],
      ['/hu/eu-energiapolitika', '/hu/blog'],
      ['/hu/karrier', '/hu/állások'],
    ]);

    const run = await publish();
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const accented = encodeURI('/hu/állások');
    for (const key of ['hu/karrier', 'hu/karrier/index.html']) {
      const head = await server.client.send(new HeadObjectCommand({ Bucket: 'www', Key: key }));
      expect(head.WebsiteRedirectLocation, key).toBe(accented);
    }
    for (const urlPath of ['/hu/karrier', '/hu/karrier/']) {
      const response = await visit(urlPath);
      expect(response.status, urlPath).toBe(301);
      expect(response.headers.get('location'), urlPath).toBe(accented);
    }
    const moved = await visit('/hu/eu-energiapolitika');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/hu/blog');
    // Where the redirects lead is served as a page.
    const target = await visit('/hu/állások');
    expect(target.status).toBe(200);
    expect(await target.text()).toContain('<html lang="hu-HU"');
    // Pages stay plain objects.
    expect((await server.client.send(new HeadObjectCommand({ Bucket: 'www', Key: 'hu/blog' }))).WebsiteRedirectLocation).toBeUndefined();
    // The deploy record keeps the header, so a later change of target alone is uploaded again.
    const { id } = JSON.parse(await readFile(path.join(root, 'dist/_sitegen/builds/latest.json'), 'utf8')) as { id: string };
    const record = JSON.parse(await (await fetch(`${server.endpoint}/www/_sitegen/builds/deploys/${id}.json`)).text()) as { files: Record<string, { redirectLocation?: string }> };
    expect(record.files['hu/karrier']!.redirectLocation).toBe(accented);
  }, 180_000);
});
