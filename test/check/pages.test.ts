import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { realSite } from '../helpers/real-site';
import { copySite, edit, REPO, snapshotTree } from '../helpers/site';
import { brokenCopy, buildRealSite, editOutput, findingsOf, ORIGIN, removeOutput } from './helpers';

let out: string;
let pages: Array<{ url: string; locale: string }>;
let before: Map<string, string>;

beforeAll(async () => {
  out = await buildRealSite();
  pages = (await realSite()).pages.map(({ url, locale }) => ({ url, locale }));
  before = await snapshotTree(out);
});

const addToMain = (html: string) => (text: string) => text.replace('</main>', `${html}</main>`);

describe('sitegen check on the real site', () => {
  it('finds nothing', async () => {
    expect(await findingsOf(out)).toEqual([]);
  });
});

describe('links and assets', () => {
  it('finds a link to a page that does not exist, a fragment that names no id, a malformed URL and an empty src', async () => {
    const dir = await brokenCopy(out, (d) =>
      editOutput(d, 'hu/karrier/index.html', addToMain('<a href="/hu/nincs-ilyen">x</a><a href="/hu/blog#nincs">y</a><a href="#open-positions">z</a><a href="#sehol">w</a><a href="/hu/%E0%A4%A">v</a><img alt="" src="">')),
    );
    expect(await findingsOf(dir)).toEqual([
      ['/hu/karrier', 'check/broken-link'],
      ['/hu/karrier', 'check/invalid-url'],
      ['/hu/karrier', 'check/invalid-url'],
      ['/hu/karrier', 'check/missing-fragment'],
      ['/hu/karrier', 'check/missing-fragment'],
    ]);
  });

  it('finds an image that was removed, on every page that shows it', async () => {
    const dir = await brokenCopy(out, (d) => removeOutput(d, 'images/hero.svg'));
    // The home pages' illustration (not preloaded: it is not the largest paint).
    expect(await findingsOf(dir)).toEqual(['/', '/de', '/en', '/hu'].map((page) => [page, 'check/broken-link']));
  });

  it('finds a stylesheet link to a missing file', async () => {
    // The site's stylesheet is small enough to be inlined; a linked one must exist.
    const dir = await brokenCopy(out, (d) => editOutput(d, 'career/index.html', (text) => text.replace('</head>', '<link rel="stylesheet" href="/_sitegen/assets/site-gone.css"></head>')));
    expect(await findingsOf(dir)).toEqual([['/career', 'check/broken-link']]);
  });

  it('finds a script chunk that an island entry imports', async () => {
    const assets = path.join(out, '_sitegen/assets');
    const switcher = (await readdir(assets)).find((file) => file.startsWith('LocaleSwitcher-'))!;
    const chunk = /"\.\/(chunk-[A-Z0-9]+\.js)"/.exec(await readFile(path.join(assets, switcher), 'utf8'))![1]!;
    const importers = [];
    // Files only: processed images have a folder of their own under the assets.
    const files = (await readdir(assets, { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
    for (const file of files.sort()) {
      if ((await readFile(path.join(assets, file), 'utf8')).includes(`"./${chunk}"`)) importers.push(file);
    }
    expect(importers).toContain(switcher);
    const dir = await brokenCopy(out, (d) => removeOutput(d, `_sitegen/assets/${chunk}`));
    expect(await findingsOf(dir)).toEqual(importers.map((file) => [`dist/_sitegen/assets/${file}`, 'check/broken-link']));
  });

  it('reads srcset candidates, url() in the inlined stylesheet and island props', async () => {
    const dir = await brokenCopy(out, async (d) => {
      await editOutput(d, 'de/kontakt/index.html', addToMain('<img alt="" src="/images/hero.svg" srcset="/images/hero.svg 1x, /images/hero@2x.svg 2x">'));
      await editOutput(d, 'de/kontakt/index.html', (text) => text.replace(/(data-island="LocaleSwitcher"[^>]*data-props=")[^"]+"/, '$1island-fehlt"'));
      await editOutput(d, 'de/kontakt/index.html', (text) => text.replace('</style>', '.gone{background:url("../images/gone.svg")}</style>'));
    });
    expect(await findingsOf(dir)).toEqual([
      ['/de/kontakt', 'check/broken-link'],
      ['/de/kontakt', 'check/broken-link'],
      ['/de/kontakt', 'check/island'],
    ]);
  });
});

describe('a page left from another build', () => {
  it('finds its release and the files its runtime config names', async () => {
    const dir = await brokenCopy(out, (d) => editOutput(d, 'hu/karrier/index.html', (text) => text.replace(/"release":"[0-9a-f]+"/, '"release":"0123456789ab"')));
    const { release } = JSON.parse(await readFile(path.join(out, '_sitegen/builds/latest.json'), 'utf8'));
    expect(await findingsOf(dir)).toEqual([
      ['/hu/karrier', 'check/runtime-config'],
      ['/hu/karrier', 'check/runtime-config'],
    ]);
  });
});

describe('links between locales', () => {
  it('finds links to another locale and to the /en form, but not the language menu', async () => {
    const dir = await brokenCopy(out, async (d) => {
      await editOutput(d, 'hu/karrier/index.html', addToMain(`<a href="/de/karriere">de</a><a href="${ORIGIN}/career">en</a><a href="/hu/blog">hu</a>`));
      await editOutput(d, 'en/career/index.html', addToMain('<a href="/en/blog">blog</a><a href="/blog">blog</a><a href="/de/_payload.json">data</a>'));
    });
    expect(await findingsOf(dir)).toEqual([
      ['/en/career', 'check/foreign-locale-link'],
      ['/en/career', 'check/foreign-locale-link'],
      ['/hu/karrier', 'check/foreign-locale-link'],
      ['/hu/karrier', 'check/foreign-locale-link'],
    ]);
  });
});

describe('hreflang and the language menu', () => {
  it('finds a missing hreflang, and the page whose link it does not return', async () => {
    const dir = await brokenCopy(out, (d) =>
      editOutput(d, 'de/karriere/index.html', (text) => text.replace(`<link rel="alternate" hrefLang="hu" href="${ORIGIN}/hu/karrier"/>`, '')),
    );
    expect(await findingsOf(dir)).toEqual([
      ['/de/karriere', 'check/hreflang'],
      ['/hu/karrier', 'check/hreflang'],
    ]);
  });

  it('finds an hreflang naming another route, which the other page does not return', async () => {
    const dir = await brokenCopy(out, (d) =>
      editOutput(d, 'hu/karrier/index.html', (text) => text.replace(`hrefLang="de" href="${ORIGIN}/de/karriere"`, `hrefLang="de" href="${ORIGIN}/de/ueber-uns"`)),
    );
    expect(await findingsOf(dir)).toEqual([
      ['/de/karriere', 'check/hreflang'],
      ['/hu/karrier', 'check/hreflang'],
    ]);
  });

  it('finds relative, duplicate and unknown hreflang links, a wrong canonical link and a wrong language menu link', async () => {
    const dir = await brokenCopy(out, (d) =>
      editOutput(d, 'de/karriere/index.html', (text) =>
        text
          .replace(`hrefLang="en" href="${ORIGIN}/career"`, 'hrefLang="en" href="/career"')
          .replace(`<link rel="canonical" href="${ORIGIN}/de/karriere"/>`, `<link rel="canonical" href="${ORIGIN}/career"/><link rel="alternate" hrefLang="fr" href="${ORIGIN}/fr"/>`)
          .replace(`hrefLang="x-default" href="${ORIGIN}/career"/>`, `hrefLang="x-default" href="${ORIGIN}/career"/><link rel="alternate" hrefLang="x-default" href="${ORIGIN}/en/career"/>`)
          .replace('<a href="/hu/karrier" hrefLang="hu"', '<a href="/hu/kapcsolat" hrefLang="hu"'),
      ),
    );
    expect(await findingsOf(dir)).toEqual([
      ['/de/karriere', 'check/canonical'],
      ['/de/karriere', 'check/hreflang'],
      ['/de/karriere', 'check/hreflang'],
      ['/de/karriere', 'check/hreflang'],
      ['/de/karriere', 'check/language-menu'],
    ]);
  });
});

describe('routes in all forms', () => {
  it('finds a missing form of a route, and the links to it', async () => {
    const dir = await brokenCopy(out, (d) => removeOutput(d, 'de/karriere/index.html'));
    const linking = pages.filter((page) => page.locale === 'de' && page.url !== '/de/karriere').map((page) => page.url);
    // The language menu of the route's other forms links it too, and so do the error pages in
    // German (the unprefixed ones carry the German body for /de/… paths).
    linking.push('/career', '/en/career', '/hu/karrier', 'dist/404.html', 'dist/de/404.html', 'dist/de/error.html', 'dist/error.html');
    expect(await findingsOf(dir)).toEqual(
      [
        ['/de/karriere', 'check/missing-page'] as [string, string],
        ...linking.map((url): [string, string] => [url, 'check/broken-link']),
      ].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0)),
    );
  });

  it('finds the pages of a route table newer than the output', async () => {
    const root = await copySite();
    await edit(root, 'content/routes.yaml', (text) => text.replace('paths: { en: /career, hu: /karrier', 'paths: { en: /career, hu: /allasok'));
    const found = await findingsOf(out, root);
    expect(found).toEqual([
      ['/hu/allasok', 'check/manifest-mismatch'],
      ['/hu/allasok', 'check/missing-page'],
      ['/hu/karrier', 'check/manifest-mismatch'],
    ]);
  });

  it('finds a page no route has', async () => {
    const dir = await brokenCopy(out, async (d) => {
      const html = await readFile(path.join(d, 'career/index.html'), 'utf8');
      const { mkdir, writeFile } = await import('node:fs/promises');
      await mkdir(path.join(d, 'jobs'));
      await writeFile(path.join(d, 'jobs/index.html'), html);
    });
    expect(await findingsOf(dir)).toEqual([['dist/jobs/index.html', 'check/stray-page']]);
  });
});

describe('page quality', () => {
  it('finds two h1, a duplicate id, an image without alt and a wrong lang', async () => {
    const dir = await brokenCopy(out, (d) =>
      editOutput(d, 'hu/karrier/index.html', (text) =>
        addToMain('<h1>Még egy cím</h1><div id="open-positions"></div><img src="/flags/hu.svg" width="20" height="15">')(text).replace('<html lang="hu-HU">', '<html lang="de-DE">'),
      ),
    );
    expect(await findingsOf(dir)).toEqual([
      ['/hu/karrier', 'check/duplicate-id'],
      ['/hu/karrier', 'check/heading'],
      ['/hu/karrier', 'check/image-alt'],
      ['/hu/karrier', 'check/lang'],
    ]);
  });

  it('finds a missing title and description, a title too long, a description too short and a page without h1', async () => {
    const long = 'Karrier a Kestrelbyte-nál: React, ClickUp és IT-üzemeltetés Budapesten és távmunkában';
    const dir = await brokenCopy(out, async (d) => {
      await editOutput(d, 'hu/karrier/index.html', (text) => text.replace(/<title>[^<]*<\/title><meta name="description" content="[^"]*"\/>/, ''));
      await editOutput(d, 'de/karriere/index.html', (text) =>
        text.replace(/<title>[^<]*<\/title>/, `<title>${long}</title>`).replace(/<meta name="description" content="[^"]*"/, '<meta name="description" content="Karriere."'),
      );
      await editOutput(d, 'career/index.html', (text) => text.replace(/<h1>([^<]*)<\/h1>/, '<p>$1</p>'));
    });
    expect(await findingsOf(dir)).toEqual([
      ['/career', 'check/heading'],
      ['/de/karriere', 'check/head-text'],
      ['/de/karriere', 'check/head-text'],
      ['/hu/karrier', 'check/head-text'],
      ['/hu/karrier', 'check/head-text'],
    ]);
  });
});

// Each case's copy links the files of the real site's output (linkedCopy): none may change them.
describe('the copies', () => {
  it('leave the real site\'s output as it was', async () => {
    expect(await snapshotTree(out)).toEqual(before);
  });
});
