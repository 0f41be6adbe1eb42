import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, BuildFailure, BuildSession, type BuildResult } from '../../../src/engine';
import { textOf } from '../../../src/engine/base/output-paths';
import { edit, lineOf, tempDir } from '../../helpers/site';
import { siteWithSearch } from '../../helpers/search-site';

/** The URLs a locale's bundle can return: Pagefind's fragments are gzipped JSON, one per page. */
async function indexedUrls(out: string, bundle: string): Promise<string[]> {
  const folder = path.join(out, bundle);
  const files = (await import('node:fs')).readdirSync(path.join(folder, 'fragment'));
  const urls: string[] = [];
  for (const file of files) {
    const bytes = gunzipSync(await readFile(path.join(folder, 'fragment', file)));
    // Pagefind prefixes its compressed files with a signature line.
    const json = bytes.toString('utf8').replace(/^[^{]*/, '');
    urls.push((JSON.parse(json) as { url: string }).url);
  }
  return urls.sort();
}

describe('the search index', () => {
  let out: string;
  let result: BuildResult;
  beforeAll(async () => {
    const root = await siteWithSearch();
    out = await tempDir();
    result = await build({ root, out });
  }, 120_000);

  it("has a bundle per locale under the assets path, named by Pagefind's version, the locale and the shard, and named in latest.json", async () => {
    const { bundles, stats } = result.search!;
    expect(Object.keys(bundles).sort()).toEqual(['de', 'en', 'hu']);
    for (const [locale, url] of Object.entries(bundles)) {
      expect(url).toMatch(new RegExp(`^/_sitegen/assets/search-${locale}-[0-9a-f]{10}/$`));
      const files = (await import('node:fs')).readdirSync(path.join(out, url));
      expect(files).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-worker.js', 'pagefind-entry.json', `wasm.${locale}.pagefind`]));
      // Pagefind's own UIs are not served.
      expect(files.filter((file) => file.includes('-ui'))).toEqual([]);
      const entry = JSON.parse(await readFile(path.join(out, url, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, unknown> };
      expect(Object.keys(entry.languages)).toEqual([locale]);
      expect(stats[locale]!.pages).toBeGreaterThan(10);
    }
    const latest = JSON.parse(await readFile(path.join(out, '_sitegen/builds/latest.json'), 'utf8')) as { search: Record<string, string> };
    expect(latest.search).toEqual(bundles);
  });

  it('finds each page once, in its own locale, but not the legal pages, the contact results or the error pages', async () => {
    const { bundles } = result.search!;
    const canonical = result.pages.filter((page) => page.url === page.canonical);
    for (const [locale, bundle] of Object.entries(bundles)) {
      const urls = await indexedUrls(out, bundle);
      const expected = canonical
        .filter((page) => page.locale === locale && !['imprint', 'privacy-policy', 'contact-success', 'contact-failed'].includes(page.routeId) && page.template !== 'contact-result')
        .map((page) => page.url)
        .sort();
      expect(urls).toEqual(expected);
    }
    // The template that keeps pages out of search engines keeps them out of the site search.
    expect(result.pages.some((page) => page.template === 'contact-result')).toBe(true);
  });

  // Without search, the policy leaves it out: test/security/security-headers.test.ts.
  it("allows Pagefind's WebAssembly in the security policy", async () => {
    const headers = await readFile(path.join(out, '_headers'), 'utf8');
    expect(headers).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
  });

  it('is an error at its line when search.exclude names no route', async () => {
    const root = await siteWithSearch();
    const changed = await edit(root, 'content/site.yaml', (text) => text.replace('exclude: [imprint, privacy-policy]', 'exclude: [imprint, imprnt]'));
    const failure = await build({ root, out: await tempDir() }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(BuildFailure);
    expect((failure as BuildFailure).errors.map((e) => [e.code, e.line])).toEqual([['config/search-exclude', lineOf(changed, 'exclude: [imprint, imprnt]')]]);
  });

  it('follows an edit in a watch session: the new word is found, the changed page only in its locale', async () => {
    const root = await siteWithSearch();
    const session = new BuildSession();
    try {
      const first = await build({ root, write: false, session });
      const file = 'content/hu/case-studies/producer-plants.md';
      await edit(root, file, (text) => `${text}\nA kvarcóra-javítás is a portálon intézhető.\n`);
      session.changed = new Set([path.join(root, file)]);
      const second = await build({ root, write: false, session });
      // Only the Hungarian index changed (in its folder: the entry names new metadata); it holds the new word.
      expect(second.search!.bundles).toEqual(first.search!.bundles);
      const entry = (result: BuildResult, locale: string) => textOf(result.files.get(`${result.search!.bundles[locale]!.slice(1)}pagefind-entry.json`)!);
      expect(entry(second, 'hu')).not.toBe(entry(first, 'hu'));
      expect(entry(second, 'en')).toBe(entry(first, 'en'));
      expect(entry(second, 'de')).toBe(entry(first, 'de'));
      const latest = JSON.parse(second.files.get('_sitegen/builds/latest.json') as string) as { search: Record<string, string> };
      expect(latest.search.hu).toBe(second.search!.bundles.hu);
      const fragments = [...second.files].filter(([name]) => name.startsWith(`${second.search!.bundles.hu!.slice(1)}fragment/`));
      const texts = fragments.map(([, bytes]) => gunzipSync(bytes as Uint8Array).toString('utf8'));
      expect(texts.some((text) => text.includes('kvarcóra'))).toBe(true);
    } finally {
      await session.dispose();
    }
  });
});
