import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { realSite } from '../helpers/real-site';
import { copySite, edit, REPO } from '../helpers/site';
import { brokenCopy, buildRealSite, editOutput, findingsOf, ORIGIN, removeOutput } from './helpers';

let out: string;
let pages: Array<{ url: string; locale: string }>;

beforeAll(async () => {
  out = await buildRealSite();
  pages = (await realSite()).pages.map(({ url, locale }) => ({ url, locale }));
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
      ['/hu/karrier', 'has an empty image URL'],
      ['/hu/karrier', 'links to "/hu/%E0%A4%A", which has a malformed %-escape'],
      ['/hu/karrier', 'links to #sehol, but this page has no element with id "sehol"'],
      ['/hu/karrier', 'links to /hu/blog#nincs, but /hu/blog has no element with id "nincs"'],
      ['/hu/karrier', 'links to /hu/nincs-ilyen, which is not in the output'],
    ]);
  });

  it('finds an image that was removed, on every page that shows it', async () => {
    const dir = await brokenCopy(out, (d) => removeOutput(d, 'images/hero.svg'));
    // React preloads the eager hero image: the preload link breaks too.
    expect(await findingsOf(dir)).toEqual(
      ['/', '/de', '/en', '/hu'].flatMap((page) => [
        [page, 'image /images/hero.svg is not in the output'],
        [page, 'preload /images/hero.svg is not in the output'],
      ]),
    );
  });

  it('finds a stylesheet link to a missing file', async () => {
    // The site's stylesheet is small enough to be inlined; a linked one must exist.
    const dir = await brokenCopy(out, (d) => editOutput(d, 'career/index.html', (text) => text.replace('</head>', '<link rel="stylesheet" href="/_sitegen/assets/site-gone.css"></head>')));
    expect(await findingsOf(dir)).toEqual([['/career', 'stylesheet /_sitegen/assets/site-gone.css is not in the output']]);
  });

  it('finds a script chunk that an island entry imports', async () => {
    const assets = path.join(out, '_sitegen/assets');
    const switcher = (await readdir(assets)).find((file) => file.startsWith('LocaleSwitcher-'))!;
    const chunk = /"\.\/(chunk-[A-Z0-9]+\.js)"/.exec(await readFile(path.join(assets, switcher), 'utf8'))![1]!;
    const importers = [];
    for (const file of (await readdir(assets)).sort()) {
      if ((await readFile(path.join(assets, file), 'utf8')).includes(`"./${chunk}"`)) importers.push(file);
    }
    expect(importers).toContain(switcher);
    const dir = await brokenCopy(out, (d) => removeOutput(d, `_sitegen/assets/${chunk}`));
    expect(await findingsOf(dir)).toEqual(importers.map((file) => [`dist/_sitegen/assets/${file}`, `imports ./${chunk} (/_sitegen/assets/${chunk}), which is not in the output`]));
  });

  it('reads srcset candidates, url() in the inlined stylesheet and island props', async () => {
    const dir = await brokenCopy(out, async (d) => {
      await editOutput(d, 'de/kontakt/index.html', addToMain('<img alt="" src="/images/hero.svg" srcset="/images/hero.svg 1x, /images/hero@2x.svg 2x">'));
      await editOutput(d, 'de/kontakt/index.html', (text) => text.replace(/(data-island="LocaleSwitcher"[^>]*data-props=")[^"]+"/, '$1island-fehlt"'));
      await editOutput(d, 'de/kontakt/index.html', (text) => text.replace('</style>', '.gone{background:url("../images/gone.svg")}</style>'));
    });
    expect(await findingsOf(dir)).toEqual([
      ['/de/kontakt', 'an island names its props script "island-fehlt", which is not on the page'],
      ['/de/kontakt', 'image /images/hero@2x.svg is not in the output'],
      ['/de/kontakt', 'resource ../images/gone.svg (/images/gone.svg) is not in the output'],
    ]);
  });
});

describe('a page left from another build', () => {
  it('finds its release and the files its runtime config names', async () => {
    const dir = await brokenCopy(out, (d) => editOutput(d, 'hu/karrier/index.html', (text) => text.replace(/"release":"[0-9a-f]+"/, '"release":"0123456789ab"')));
    const { release } = JSON.parse(await readFile(path.join(out, '_sitegen/builds/latest.json'), 'utf8'));
    expect(await findingsOf(dir)).toEqual([
      ['/hu/karrier', `belongs to release 0123456789ab, but the output is release ${release}`],
      ['/hu/karrier', 'the runtime config names the widget messages /_i18n/0123456789ab/hu/messages.json, which is not in the output'],
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
      ['/en/career', 'links to /de/_payload.json, under the /de prefix, from a page in en'],
      ['/en/career', 'links to /en/blog: English pages link the unprefixed /blog'],
      ['/hu/karrier', 'links to /de/karriere, a page in de: only the language menu and hreflang links may lead to another locale'],
      ['/hu/karrier', `links to ${ORIGIN}/career (/career), a page in en: only the language menu and hreflang links may lead to another locale`],
    ]);
  });
});

describe('hreflang and the language menu', () => {
  it('finds a missing hreflang, and the page whose link it does not return', async () => {
    const dir = await brokenCopy(out, (d) =>
      editOutput(d, 'de/karriere/index.html', (text) => text.replace(`<link rel="alternate" hrefLang="hu" href="${ORIGIN}/hu/karrier"/>`, '')),
    );
    expect(await findingsOf(dir)).toEqual([
      ['/de/karriere', 'has no <link rel="alternate" hreflang="hu">'],
      ['/hu/karrier', 'hreflang="de" points at /de/karriere, which does not point back: it has no hreflang="hu"'],
    ]);
  });

  it('finds an hreflang naming another route, which the other page does not return', async () => {
    const dir = await brokenCopy(out, (d) =>
      editOutput(d, 'hu/karrier/index.html', (text) => text.replace(`hrefLang="de" href="${ORIGIN}/de/karriere"`, `hrefLang="de" href="${ORIGIN}/de/ueber-uns"`)),
    );
    expect(await findingsOf(dir)).toEqual([
      ['/de/karriere', `hreflang="hu" points at /hu/karrier, which does not point back: its hreflang="de" is ${ORIGIN}/de/ueber-uns`],
      ['/hu/karrier', 'hreflang="de" points at /de/ueber-uns, a page of route "about-us", not "career"'],
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
      ['/de/karriere', 'has 2 <link rel="alternate" hreflang="x-default"> elements'],
      ['/de/karriere', 'has an alternate link with hreflang="fr", which is not a locale of the site'],
      ['/de/karriere', 'hreflang="en" points at /career, which is not an absolute URL'],
      ['/de/karriere', `its canonical link points at ${ORIGIN}/career, not at ${ORIGIN}/de/karriere`],
      ['/de/karriere', 'the language menu links hu to /hu/kapcsolat, not to /hu/karrier'],
    ]);
  });
});

describe('routes in all forms', () => {
  it('finds a missing form of a route, and the links to it', async () => {
    const dir = await brokenCopy(out, (d) => removeOutput(d, 'de/karriere/index.html'));
    const linking = pages.filter((page) => page.locale === 'de' && page.url !== '/de/karriere').map((page) => page.url);
    // The language menu of the route's other forms links it too.
    linking.push('/career', '/en/career', '/hu/karrier');
    expect(await findingsOf(dir)).toEqual(
      [
        ['/de/karriere', 'the page of route "career" (de) is missing: the output has no de/karriere/index.html'] as [string, string],
        ...linking.map((url): [string, string] => [url, 'links to /de/karriere, which is not in the output']),
      ].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  });

  it('finds the pages of a route table newer than the output', async () => {
    const root = await copySite();
    await edit(root, 'content/routes.yaml', (text) => text.replace('paths: { en: /career, hu: /karrier', 'paths: { en: /career, hu: /allasok'));
    const found = await findingsOf(out, root);
    expect(found).toEqual([
      ['/hu/allasok', 'the page of route "career" (hu) is missing: the output has no hu/allasok/index.html'],
      ['/hu/allasok', 'the page of route "career" (hu) is not in the build manifest'],
      ['/hu/karrier', 'is in the build manifest (route "career"), but no route of content/routes.yaml has this URL'],
    ]);
  });

  it('finds a page no route has', async () => {
    const dir = await brokenCopy(out, async (d) => {
      const html = await readFile(path.join(d, 'career/index.html'), 'utf8');
      const { mkdir, writeFile } = await import('node:fs/promises');
      await mkdir(path.join(d, 'jobs'));
      await writeFile(path.join(d, 'jobs/index.html'), html);
    });
    expect(await findingsOf(dir)).toEqual([['dist/jobs/index.html', 'is a page of no route: neither the route table nor the build manifest has /jobs']]);
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
      ['/hu/karrier', 'has 2 <h1> elements'],
      ['/hu/karrier', 'has <html lang="de-DE"> on a page in hu'],
      ['/hu/karrier', 'has an <img src="/flags/hu.svg"> without alt'],
      ['/hu/karrier', 'has the id "open-positions" 2 times'],
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
      ['/career', 'has no <h1>'],
      ['/de/karriere', `<meta name="description"> is 9 characters long, outside 50–170: "Karriere."`],
      ['/de/karriere', `<title> is ${long.length} characters long, outside 10–70: "${long}"`],
      ['/hu/karrier', 'has no <meta name="description">'],
      ['/hu/karrier', 'has no <title>'],
    ]);
  });
});
