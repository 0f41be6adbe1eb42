import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check } from '../../../src/check';
import { build, type BuildResult } from '../../../src/engine';
import { serveDist, type StaticServer } from '../../helpers/static-server';
import { smallSite } from '../../helpers/small-site';
import { edit } from '../../helpers/site';

/**
 * The small site with the article this suite removes, and the articles that share all its tags
 * but eu-regulation: the real site's blog as far as these redirects go.
 */
const siteWithEnergyArticles = () => smallSite(['article-eu-energy-policy', 'article-future-energy-supply', 'article-sustainable-it']);
const ARTICLE = /\n {2}- id: article-eu-energy-policy\n(?: {4}.*\n)+/;
const ARTICLE_URLS = ['/eu-energy-policy', '/en/eu-energy-policy', '/hu/eu-energiapolitika', '/de/eu-energiepolitik'];

/** The manifest's page URLs of the live output. */
async function pageUrls(dist: string): Promise<Set<string>> {
  const latest = JSON.parse(await readFile(path.join(dist, '_sitegen/builds/latest.json'), 'utf8')) as { release: string };
  const meta = JSON.parse(await readFile(path.join(dist, `_sitegen/builds/meta/${latest.release}.json`), 'utf8')) as { routes: object };
  return new Set(Object.keys(meta.routes));
}

/**
 * Follows a URL as a browser without script would: through meta-refresh redirect pages, to a
 * page answered with 200. Returns the path of that page and the hops on the way.
 */
async function follow(server: StaticServer, url: string): Promise<{ status: number; path: string; hops: string[] }> {
  const hops: string[] = [];
  let current = url;
  for (let hop = 0; hop < 5; hop++) {
    const response = await fetch(server.url + encodeURI(current));
    const html = await response.text();
    const refresh = /<meta http-equiv="refresh" content="0; url=([^"]+)"/.exec(html);
    if (!refresh) return { status: response.status, path: current, hops };
    hops.push(current);
    current = decodeURI(refresh[1]!);
  }
  throw new Error(`${url}: more than 5 redirects`);
}

/** The listings of the tag only the removed article had, redirected to the blog of their locale. */
const LOST_TAG_LISTINGS: ReadonlyArray<[string, string]> = [
  ['/blog/tag/eu-regulation', '/blog'],
  ['/de/blog/schlagwort/eu-regulation', '/de/blog'],
  ['/en/blog/tag/eu-regulation', '/en/blog'],
  ['/hu/blog/cimke/eu-regulation', '/hu/blog'],
];

describe('no URL is ever lost', () => {
  let root: string;
  let dist: string;
  let first: Set<string>;
  let renamed: BuildResult;
  let server: StaticServer;

  // Builds with the cache, as users build: each after the first renders only what changed.
  // The redirect history is the output's (test/publish/redirects.test.ts builds without the cache).
  beforeAll(async () => {
    root = await siteWithEnergyArticles();
    dist = path.join(root, 'dist');
    await build({ root });
    first = await pageUrls(dist);
    // A Hungarian slug renamed to one with accents, and an article removed.
    await edit(root, 'content/routes.yaml', (text) => text.replace('hu: /karrier\n', 'hu: /állások\n').replace(ARTICLE, '\n'));
    await Promise.all(['en', 'hu', 'de'].map((locale) => rm(path.join(root, 'content', locale, 'blog/eu-energy-policy.md'))));
    renamed = await build({ root });
    server = await serveDist(dist);
  }, 120_000);

  afterAll(() => server?.close());

  it('redirects the renamed slug and warns about the removed article', async () => {
    expect(renamed.redirects.get('/hu/karrier')).toBe('/hu/állások');
    // The removed article was the only one tagged eu-regulation: that tag's listings go to the blog.
    expect([...renamed.redirects]).toEqual([...LOST_TAG_LISTINGS, ['/hu/karrier', '/hu/állások']]);
    expect(renamed.warnings.map((warning) => warning.url).sort()).toEqual([...ARTICLE_URLS].sort());
    expect(renamed.warnings[0]!.message).toMatch(/route "article-eu-energy-policy"/);
    expect(renamed.warnings[0]!.hint).toMatch(/content\/redirects\.yaml/);

    const page = await readFile(path.join(dist, 'hu/karrier/index.html'), 'utf8');
    expect(page).toContain('<html lang="hu-HU">');
    expect(page).toContain('<meta name="robots" content="noindex"/>');
    expect(page).toContain('<link rel="canonical" href="https://');
    expect(page).toMatch(/<link rel="canonical" href="https:\/\/[^"]+\/hu\/állások"\/>/);
    expect(page).toContain(`<meta http-equiv="refresh" content="0; url=${encodeURI('/hu/állások')}"/>`);
    expect(page).toContain('<a href="/hu/állások">Tovább az új címre: /hu/állások</a>');
    expect(await readFile(path.join(dist, '_redirects'), 'utf8')).toBe(
      [...LOST_TAG_LISTINGS.map(([from, to]) => `${from} ${to} 301\n`), `/hu/karrier ${encodeURI('/hu/állások')} 301\n`].join(''),
    );
    // The accented page itself is served under its percent-encoded request path.
    const live = await fetch(`${server.url}${encodeURI('/hu/állások')}`);
    expect(live.status).toBe(200);
  });

  it('sitegen check fails on the removed article without a redirect', async () => {
    const result = await check({ root });
    const lost = result.findings.filter((finding) => finding.code === 'check/lost-url');
    expect(lost.map((finding) => finding.url).sort()).toEqual([...ARTICLE_URLS].sort());
    expect(lost[0]!.message).toMatch(/neither a page nor a redirect/);
    // The redirect page is no stray page to check.
    expect(result.findings.filter((finding) => finding.file?.includes('karrier'))).toEqual([]);
  }, 60_000);

  it('keeps warning about a lost URL in later builds until a redirect covers it', async () => {
    const again = await build({ root });
    expect(again.warnings.map((warning) => warning.url).sort()).toEqual([...ARTICLE_URLS].sort());
    expect(again.redirects.get('/hu/karrier')).toBe('/hu/állások');
  }, 60_000);

  it('follows every URL of the first build to a live page once the article is redirected, also after a second rename', async () => {
    await writeFile(
      path.join(root, 'content/redirects.yaml'),
      [
        '# Old URLs and the pages they lead to now.',
        'redirects:',
        '  - { from: /eu-energy-policy, to: /blog }',
        '  - { from: /en/eu-energy-policy, to: /en/blog }',
        '  - { from: /hu/eu-energiapolitika, to: /hu/blog }',
        '  - { from: /de/eu-energiepolitik, to: /de/regi-energie }',
        '  - { from: /de/regi-energie, to: /de/blog }',
        '',
      ].join('\n'),
    );
    await edit(root, 'content/routes.yaml', (text) => text.replace('hu: /állások\n', 'hu: /munka\n'));
    const twice = await build({ root });
    expect(twice.warnings).toEqual([]);
    expect(twice.redirects.get('/hu/karrier')).toBe('/hu/munka');
    expect(twice.redirects.get('/hu/állások')).toBe('/hu/munka');
    expect(twice.redirects.get('/de/eu-energiepolitik')).toBe('/de/blog');

    const live = await pageUrls(dist);
    for (const url of first) {
      const end = await follow(server, url);
      expect(end.status, url).toBe(200);
      expect(live.has(end.path), `${url} ends at ${end.path}`).toBe(true);
      expect(end.hops.length, url).toBeLessThanOrEqual(1);
    }
    for (const url of ['/hu/karrier', '/hu/állások', ...ARTICLE_URLS]) expect((await follow(server, url)).hops, url).toEqual([url]);

    // `_redirects` names every old URL once, each leading straight to a live page.
    const lines = (await readFile(path.join(dist, '_redirects'), 'utf8')).trim().split('\n');
    const rules = lines.map((line) => line.split(' '));
    expect(rules.map(([from]) => decodeURI(from!)).sort()).toEqual([...twice.redirects.keys()].sort());
    for (const [, to, status] of rules) {
      expect(live.has(decodeURI(to!))).toBe(true);
      expect(status).toBe('301');
    }
    const result = await check({ root });
    expect(result.findings).toEqual([]);
  }, 120_000);
});
