import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, BuildFailure } from '../../src/engine';
import { headersForPath } from '../../src/engine/artifacts/header-formats';
import { inlineSourcesOf } from '../../src/engine/artifacts/inline-sources';
import { realSite } from '../helpers/real-site';
import { smallSite } from '../helpers/small-site';
import { edit, tempDir } from '../helpers/site';

const policyOf = (headersFile: string) => headersForPath(headersFile, '/').find(([name]) => name === 'Content-Security-Policy')![1];

describe('the security headers a build writes', () => {
  it('hash every inline script and style of every page, and no JSON data block', async () => {
    // The real site as the bundled CLI built it without a cache for this test run.
    const { files } = await realSite();
    const policy = policyOf(files.get('_headers') as string);
    const pages = [...files.keys()].filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(130);
    const scripts = new Set<string>();
    for (const file of pages) {
      const found = inlineSourcesOf(files.get(file) as string);
      for (const hash of [...found.scripts, ...found.styles]) expect(policy, file).toContain(hash);
      expect(found.styleAttributes, file).toEqual([]);
      for (const hash of found.scripts) scripts.add(hash);
    }
    // The locale detection of `/`, the font loading's choice, the loader's start and the consent
    // banner's check on every page, and the error pages' two (the locale mark in the head of the unprefixed ones, and
    // the locale's body and the path at the end of each), and the copy button of the pages with
    // code; nothing else runs inline. The styles: the stylesheet, the code blocks' colours, the
    // service pages' own, and the seven parts only some pages have (the cards with the home
    // pages' hero, the page header, the sidebars, wide tables, the article layout, the job
    // postings, the contact and offer forms). The consent settings' styles are no `<style>`:
    // their island adopts them as a constructed stylesheet.
    expect(scripts.size).toBe(7);
    expect(policy.match(/'sha256-/g)).toHaveLength(17);
    expect(policy).toContain("font-src 'self'");
    // Nothing unsafe but the WebAssembly of the site search (docs/security.md).
    expect(policy.match(/'[a-z-]*unsafe[a-z-]*'/g)).toEqual(["'wasm-unsafe-eval'"]);
  });

  it('are the same with the cache (pages reused unrendered) as without, after edits', async () => {
    const root = await smallSite();
    const out = await tempDir();
    const cached = path.join(out, 'cached');
    await build({ root, out: cached });
    await edit(root, 'content/hu/blog/four-day-week-1.md', (text) => `${text}\nEgy új mondat.\n`);
    await edit(root, 'content/site.yaml', (text) => text.replace('backendUrl: https://api.kestrelbyte.example', 'backendUrl: https://forms.kestrelbyte.example'));
    const warm = await build({ root, out: cached });
    await edit(root, 'content/de/services/it-outsourcing.md', (text) => `${text}\nNoch ein Satz.\n`);
    const warmer = await build({ root, out: cached });
    // The home page, whose locale detection is the only one of its kind, was not rendered again.
    expect(warmer.unchanged.has('index.html')).toBe(true);
    const fresh = path.join(out, 'fresh');
    await build({ root, out: fresh, cache: false });
    const headers = await readFile(path.join(cached, '_headers'), 'utf8');
    expect(headers).toBe(await readFile(path.join(fresh, '_headers'), 'utf8'));
    expect(policyOf(headers)).toContain('connect-src \'self\' https://forms.kestrelbyte.example');
    // Every inline script and style of the pages the cache kept is still hashed, and no other.
    const hashes = new Set<string>();
    for (const file of await readdir(cached, { recursive: true })) {
      if (!file.endsWith('.html')) continue;
      const found = inlineSourcesOf(await readFile(path.join(cached, file), 'utf8'));
      for (const hash of [...found.scripts, ...found.styles]) hashes.add(hash);
    }
    expect(policyOf(headers).match(/'sha256-[^']+'/g)!.sort()).toEqual([...hashes].sort());
    expect(warm.headers).toEqual(warmer.headers);
    // Four builds of the small site: a minute on a loaded machine.
  }, 180_000);

  it('refuse a _headers file in public/, which would replace them', async () => {
    const root = await smallSite();
    await writeFile(path.join(root, 'public/_headers'), '/*\n  X-Test: 1\n');
    const failure = await build({ root, write: false }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BuildFailure);
    expect((failure as BuildFailure).errors.map((error) => [error.file, error.message])).toEqual([
      [path.join(root, 'public/_headers'), 'public/_headers has the path of a file the build generates'],
    ]);
  });
});
