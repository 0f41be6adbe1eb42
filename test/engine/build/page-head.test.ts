/**
 * What a page's head carries for what its main content has: the code blocks' styles for a
 * `<pre>` (a plain block as well as a highlighted one), and the site's icon, written into the
 * page or linked, with the policy allowing it.
 */
import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/engine/index';
import { cspHash } from '../../../src/engine/artifacts/inline-sources';
import { CODE_STYLES } from '../../../src/templates/components/code-blocks';
import { BUILD_EPOCH } from '../../helpers/publication-site';
import { edit } from '../../helpers/site';
import { smallSite } from '../../helpers/small-site';

const ARTICLE = 'content/en/blog/four-day-week-1.md';
const html = (out: string, url: string) => readFile(path.join(out, url.slice(1), 'index.html'), 'utf8');
const styles = (page: string) => [...page.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]!);
const policyOf = async (out: string) => (await readFile(path.join(out, '_headers'), 'utf8')).match(/Content-Security-Policy: (.*)/)![1]!;

describe('a page head', { timeout: 240_000 }, () => {
  let root: string;
  let out: string;

  beforeAll(async () => {
    root = await smallSite();
    out = path.join(root, 'dist');
    // A block with no language is plain code: no highlighting, no code-block frame.
    await appendFile(path.join(root, ARTICLE), '\n```\nnpm ci && npx sitegen build\n```\n');
    await build({ root, env: BUILD_EPOCH, cache: false });
  });

  it('has the code blocks\' styles when its main content has a plain block, and only then', async () => {
    const article = await html(out, '/the-four-day-working-week-1');
    expect(article).toContain('<pre><code>npm ci &#x26;&#x26; npx sitegen build\n</code></pre>');
    expect(article).not.toContain('class="code-block"');
    expect(styles(article)).toContain(CODE_STYLES);
    for (const url of ['/hu/a-negynapos-munkahet-1', '/contact', '/']) expect(styles(await html(out, url)), url).not.toContain(CODE_STYLES);
    expect(await policyOf(out)).toContain(cspHash(CODE_STYLES));
  });

  it('writes the small SVG icon into every page, and the policy allows data: images for it', async () => {
    const svg = (await readFile(path.join(root, 'public/favicon.svg'), 'utf8')).trim();
    for (const url of ['/', '/hu/kapcsolat', '/the-four-day-working-week-1']) {
      const icon = (await html(out, url)).match(/<link rel="icon" href="data:image\/svg\+xml,([^"]*)"\/>/);
      expect(icon, url).not.toBeNull();
      expect(decodeURIComponent(icon![1]!)).toBe(svg);
    }
    expect(await policyOf(out)).toMatch(/img-src 'self' data: /);
  });

  it('links a larger icon as its file, and the policy then allows data: images only for the covers written into their pages', async () => {
    await writeFile(path.join(root, 'public/favicon.svg'), `${await readFile(path.join(root, 'public/favicon.svg'), 'utf8')}<!--${'x'.repeat(1024)}-->\n`);
    await build({ root, env: BUILD_EPOCH, cache: false });
    expect(await html(out, '/')).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    expect(await html(out, '/')).not.toContain('"data:');
    expect(await html(out, '/the-four-day-working-week-1')).toMatch(/<img class="page-header__cover" src="data:image\/svg\+xml,/);
    expect(await policyOf(out)).toMatch(/img-src 'self' data: https:/);
    // Covers too large to write in are files: no data: image is left, and the policy allows none.
    for (const cover of await readdir(path.join(root, 'public/images/covers'))) await appendFile(path.join(root, 'public/images/covers', cover), `<!--${'x'.repeat(4096)}-->\n`);
    await build({ root, env: BUILD_EPOCH, cache: false });
    expect(await html(out, '/the-four-day-working-week-1')).toMatch(/<img class="page-header__cover" src="\/images\/covers\//);
    expect(await policyOf(out)).toMatch(/img-src 'self' https:/);
    // Without the setting, no icon at all.
    await edit(root, 'content/site.yaml', (text) => text.replace(/^icon: .*\n/m, ''));
    await build({ root, env: BUILD_EPOCH, cache: false });
    expect(await html(out, '/')).not.toContain('rel="icon"');
  });
});
