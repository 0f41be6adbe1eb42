import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, BuildFailure } from '../../../src/engine';
import { smallSite } from '../../helpers/small-site';
import { withOwnCode } from '../../helpers/own-code-site';
import { edit, lineOf, snapshotTree, tempDir } from '../../helpers/site';
import { generatedPhoto } from '../../../bench/generated-photo.mjs';

const CASE_STUDY = 'content/en/case-studies/producer-plants.md';
const PHOTO = '/images/plant-photo.jpg';

function describeErrors(failure: unknown): string {
  return ((failure as BuildFailure).errors ?? []).map((e) => `${e.file}:${e.line}:${e.column} [${e.code}] ${e.message}`).join('\n');
}

describe('images in a build', () => {
  // A photo 600 pixels wide, at the site's default widths (480, 960, 1440): the one below it
  // and, as a wider one is configured, its own (variantWidths in place-images.test.ts has the
  // rule for larger files). A small photo keeps its encodings to a fraction of a second; the
  // test is about where they go, not how large they are.
  it('serves a Markdown photo as AVIF and WebP encodings, encodes nothing on a warm build, writes what a build without the cache writes, and encodes again for other settings', { timeout: 300_000 }, async () => {
    const root = await smallSite();
    const out = await tempDir();
    // The site's own raster images (logo, share image) are shown by no page: nothing is encoded.
    const first = await build({ root, out });
    expect(first.images).toEqual({ encoded: 0, reused: 0 });
    expect(rastersOf(first)).toBe(0);
    await writeFile(path.join(root, `public${PHOTO}`), await generatedPhoto({ width: 600, height: 400, seed: 7 }));
    await edit(root, CASE_STUDY, (text) => `${text}\n![The plant's control room](${PHOTO})\n`);
    const added = await build({ root, out });
    // Only the new photo: the one default width below 600 (480) and its own, x 2 formats.
    expect(added.images).toEqual({ encoded: 4, reused: 0 });
    // Its encodings, and no others.
    expect(rastersOf(added)).toBe(1);
    const html = await readFile(path.join(out, 'producer-plants/index.html'), 'utf8');
    const picture = /<picture>((?:(?!<picture>).)*?control room.*?)<\/picture>/.exec(html)?.[1];
    expect(picture).toBeDefined();
    const sources = [...picture!.matchAll(/<source type="([^"]+)" srcset="([^"]+)"/g)].map((match) => [match[1], match[2]!.split(', ').map((candidate) => candidate.split(' ')[1])]);
    expect(sources).toEqual([
      ['image/avif', ['480w', '600w']],
      ['image/webp', ['480w', '600w']],
    ]);
    expect(picture).toMatch(/<img src="\/images\/plant-photo\.jpg" alt="The plant&#x27;s control room" width="600" height="400" decoding="async" loading="lazy"\/>/);
    // Every encoding is a file of the output under the immutable assets path, named by the key of
    // what it is made from (the source's bytes, the settings, the encoder's versions).
    for (const url of picture!.matchAll(/(\/_sitegen\/assets\/images\/[^ "]+)/g)) {
      const bytes = await readFile(path.join(out, url[1]!));
      expect(bytes.length).toBeGreaterThan(0);
      expect(url[1]).toMatch(/^\/_sitegen\/assets\/images\/plant-photo-\d+w-[0-9a-f]{10}\.(avif|webp)$/);
    }

    const warm = await build({ root, out });
    expect(warm.images).toEqual({ encoded: 0, reused: 1 });
    const uncached = await tempDir();
    await build({ root, out: uncached, cache: false });
    expect(await snapshotTree(out)).toEqual(await snapshotTree(uncached));

    // Settings that change what is encoded: encoded again, under other names.
    await edit(root, 'content/site.yaml', (text) => `${text}\nimages:\n  widths: [320]\n`);
    const again = await build({ root, out });
    // Only the one configured width, narrower than the photo: 320 x 2 formats.
    expect(again.images).toEqual({ encoded: 2, reused: 0 });
    const page = await readFile(path.join(out, 'producer-plants/index.html'), 'utf8');
    expect(page).toMatch(/srcset="\/_sitegen\/assets\/images\/plant-photo-320w-[0-9a-f]{10}\.avif 320w"/);
  });
});

describe('a photo as cover', () => {
  // A photo 640 pixels wide (encoded at 480 and 640): the template draws every cover at 1200x675.
  it('is the page header\'s lead image, the hub card\'s picture and the page\'s og:image, with its own size and alt in each locale', { timeout: 180_000 }, async () => {
    const root = await smallSite();
    await writeFile(path.join(root, 'public/images/covers/plant.jpg'), await generatedPhoto({ width: 640, height: 360, seed: 3 }));
    const alts: Record<string, string> = {};
    for (const locale of ['en', 'hu', 'de']) {
      const file = CASE_STUDY.replace('/en/', `/${locale}/`);
      await edit(root, file, (text) => text.replace('src: /images/covers/case-producer-plants.svg', 'src: /images/covers/plant.jpg'));
      alts[locale] = /^ {2}alt: "?(.*?)"?$/m.exec(await readFile(path.join(root, file), 'utf8'))![1]!;
    }
    const out = await tempDir();
    await build({ root, out });
    const page = await readFile(path.join(out, 'producer-plants/index.html'), 'utf8');
    expect(page).toContain('<meta property="og:image" content="https://www.kestrelbyte.example/images/covers/plant.jpg"/>');
    expect(page).toContain('<meta property="og:image:width" content="640"/>');
    expect(page).toContain('<meta property="og:image:height" content="360"/>');
    expect(page).toContain('<meta property="og:image:type" content="image/jpeg"/>');
    expect(page).toContain(`<meta property="og:image:alt" content="${alts.en!.replace(/'/g, '&#x27;')}"/>`);
    // The header's cover is the page's first large image: preloaded as AVIF, fetched first.
    expect(page).toMatch(/<link rel="preload" as="image" type="image\/avif" imagesrcset="\/_sitegen\/assets\/images\/plant-[^"]+" imagesizes="\(min-width: 60rem\) 30rem, 100vw"/);
    expect(page).toMatch(/<picture><source type="image\/avif"[^>]*sizes="\(min-width: 60rem\) 30rem, 100vw"\/><source type="image\/webp"[^>]*\/><img class="page-header__cover" src="\/images\/covers\/plant\.jpg"[^>]*width="1200" height="675"[^>]*fetchpriority="high"\/><\/picture>/);
    // Each locale's alt.
    const hu = await readFile(path.join(out, 'hu/termelo-uzemek/index.html'), 'utf8');
    expect(hu).toContain(`<meta property="og:image:alt" content="${alts.hu!.replace(/'/g, '&#x27;')}"/>`);
    // The hub's card, with the card's sizes (the hub's only card: its first large image).
    const hub = await readFile(path.join(out, 'case-studies/index.html'), 'utf8');
    expect(hub).toMatch(/<picture><source type="image\/avif"[^>]*sizes="\(min-width: 64rem\) 24rem, \(min-width: 40rem\) 50vw, 100vw"\/>.*?<img class="card__cover" src="\/images\/covers\/plant\.jpg"[^>]*fetchpriority="high"\/><\/picture>/);
    // Another page keeps the site's share image.
    expect(await readFile(path.join(out, 'contact/index.html'), 'utf8')).toContain('content="https://www.kestrelbyte.example/images/share.png"');
  });
});

/** How many raster images a cold build encoded: each gave 2 formats x its widths, so count images by the files' stems. */
function rastersOf(result: Awaited<ReturnType<typeof build>>): number {
  const stems = new Set([...result.files.keys()].filter((file) => file.startsWith('_sitegen/assets/images/')).map((file) => file.replace(/-\d+w-[0-9a-f]{10}\.\w+$/, '')));
  return stems.size;
}

describe('an image that is not there', () => {
  // One site with every kind of image error, each on its own page or template: a build reports
  // all it found, so one failing build shows each where it is.
  const ARTICLE = 'content/en/blog/four-day-week-1.md';
  const TEMPLATE = 'src/templates/pages/HomePage.tsx';
  let root: string;
  let found: BuildFailure;
  const changed: Record<string, string> = {};
  const missing = (src: string) => found.errors.filter((e) => e.code === 'images/missing' && e.message.includes(`image ${src} `));

  beforeAll(async () => {
    root = await withOwnCode(await smallSite());
    changed.body = await edit(root, CASE_STUDY, (text) => `${text}\nSee the plan:\n\n![The plan](/images/plan.png)\n`);
    changed.cover = await edit(root, CASE_STUDY, (text) => text.replace('src: /images/covers/case-producer-plants.svg', 'src: /images/covers/gone.svg'));
    changed.template = await edit(root, TEMPLATE, (text) => text.replace("src: '/images/hero.svg'", "src: '/images/hero-gone.svg'"));
    await writeFile(path.join(root, 'public/images/covers/article-four-day-week-1.svg'), 'not an image');
    const result = await build({ root, out: await tempDir() }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(result).toBeInstanceOf(BuildFailure);
    found = result as BuildFailure;
  }, 120_000);

  it('is an error at the Markdown line that names it', () => {
    expect(missing('/images/plan.png')[0], describeErrors(found)).toMatchObject({ file: path.join(root, CASE_STUDY), line: lineOf(changed.body!, '![The plan]'), column: 13 });
  });

  it("is an error at the front matter line of a page's cover", () => {
    expect(missing('/images/covers/gone.svg')[0], describeErrors(found)).toMatchObject({ file: path.join(root, CASE_STUDY), line: lineOf(changed.cover!, 'src: /images/covers/gone.svg') });
  });

  it('is an error at the template line that names it, once for all its pages', () => {
    const errors = missing('/images/hero-gone.svg');
    expect(errors, describeErrors(found)).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file: path.join(root, TEMPLATE), line: lineOf(changed.template!, "'/images/hero-gone.svg'") });
    expect(errors[0]!.pages.length).toBeGreaterThan(1);
  });

  it('is an error when the file cannot be read', () => {
    // Named in each locale's front matter (the page's own cover), and by the hub's card of it.
    const files = found.errors.filter((e) => e.code === 'images/unreadable').map((e) => e.file);
    expect(files, describeErrors(found)).toContain(path.join(root, ARTICLE));
    expect(files, describeErrors(found)).not.toContain(undefined);
  });
});
