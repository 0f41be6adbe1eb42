import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, BuildFailure } from '../../src/engine';
import { headersForPath } from '../../src/engine/artifacts/header-formats';
import { inlineSourcesOf } from '../../src/engine/artifacts/inline-sources';
import { copySite, edit, snapshotTree, tempDir } from '../helpers/site';

const policyOf = (headersFile: string) => headersForPath(headersFile, '/').find(([name]) => name === 'Content-Security-Policy')![1];

describe('the security headers a build writes', () => {
  it('hash every inline script and style of every page, and no JSON data block', async () => {
    const root = await copySite();
    const out = path.join(await tempDir(), 'dist');
    await build({ root, out, cache: false });
    const tree = await snapshotTree(out);
    const policy = policyOf(await readFile(path.join(out, '_headers'), 'utf8'));
    const pages = [...tree.keys()].filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(130);
    const scripts = new Set<string>();
    for (const file of pages) {
      const found = inlineSourcesOf(await readFile(path.join(out, file), 'utf8'));
      for (const hash of [...found.scripts, ...found.styles]) expect(policy, file).toContain(hash);
      expect(found.styleAttributes, file).toEqual([]);
      for (const hash of found.scripts) scripts.add(hash);
    }
    // The locale detection of `/`, the loader's start and the consent banner's check on every
    // page, and the error pages' two (the locale mark in the head of the unprefixed ones, and
    // the locale's body and the path at the end of each), and the copy button of the pages with
    // code; nothing else runs inline. The styles: the stylesheet, the code blocks' colours, the
    // service pages' own, and the four parts only some pages have (wide tables, the article
    // layout, the job postings, the contact and offer forms).
    expect(scripts.size).toBe(6);
    expect(policy.match(/'sha256-/g)).toHaveLength(13);
    expect(policy).toContain("font-src 'self'");
    // Nothing unsafe but the WebAssembly of the site search (docs/security.md).
    expect(policy.match(/'[a-z-]*unsafe[a-z-]*'/g)).toEqual(["'wasm-unsafe-eval'"]);
  });

  it('are the same with the cache (pages reused unrendered) as without, after edits', async () => {
    const root = await copySite();
    const out = await tempDir();
    const cached = path.join(out, 'cached');
    await build({ root, out: cached });
    await edit(root, 'content/hu/blog/clickup-as-erp.md', (text) => `${text}\nEgy új mondat.\n`);
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
    expect(policyOf(headers).match(/'sha256-/g)).toHaveLength(13);
    expect(warm.headers).toEqual(warmer.headers);
    // Four builds of the whole site (216 pages): minutes on a loaded machine.
  }, 180_000);

  it('refuse a _headers file in public/, which would replace them', async () => {
    const root = await copySite();
    await writeFile(path.join(root, 'public/_headers'), '/*\n  X-Test: 1\n');
    const failure = await build({ root, write: false }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BuildFailure);
    expect((failure as BuildFailure).errors.map((error) => [error.file, error.message])).toEqual([
      [path.join(root, 'public/_headers'), 'public/_headers has the path of a file the build generates'],
    ]);
  });
});
