import { describe, expect, it } from 'vitest';
import type { ImageCatalogue } from '../../../src/engine/images/image-catalogue';
import { placeImages } from '../../../src/engine/images/place-images';
import { variantWidths } from '../../../src/engine/images/encode-images';
import { REAL_SETTINGS } from '../../helpers/site';
import { realSite } from '../../helpers/real-site';
import { tagsByWalk } from '../../../src/shared/html-tags';

const catalogue: ImageCatalogue = {
  images: new Map([
    ['/flags/en.svg', { width: 640, height: 480, format: 'svg' }],
    ['/images/hero.svg', { width: 1200, height: 900, format: 'svg' }],
    ['/images/logo.png', { width: 64, height: 64, format: 'png', sources: [{ type: 'image/avif', srcset: '/_a/logo-64w-1.avif 64w' }] }],
    [
      '/images/photo.jpg',
      {
        width: 2400,
        height: 1600,
        format: 'jpeg',
        sources: [
          { type: 'image/avif', srcset: '/_a/photo-480w-1.avif 480w, /_a/photo-960w-2.avif 960w' },
          { type: 'image/webp', srcset: '/_a/photo-480w-3.webp 480w, /_a/photo-960w-4.webp 960w' },
        ],
      },
    ],
    ['/images/café.svg', { width: 400, height: 400, format: 'svg' }],
  ]),
  unreadable: new Map([['/images/broken.png', 'its size could not be read']]),
  sizes: '(min-width: 46rem) 44rem, 100vw',
};

const imgs = (html: string) => html.match(/<img[^>]*>/g) ?? [];

describe('placing images', () => {
  it('places the images of every page of the real site as it did with the tokenizer walk', async () => {
    const { files } = await realSite();
    const pages = [...files].filter(([name]) => name.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(200);
    for (const [name, html] of pages) expect(placeImages(html as string, catalogue), name).toEqual(placeImages(html as string, catalogue, tagsByWalk));
  });

  it('sizes every image from its file, lazy and async, the first large one with high priority', () => {
    const { html, problems } = placeImages('<img src="/flags/en.svg" alt=""><p><img src="/images/hero.svg" alt="Hero" loading="lazy"><img src="/images/café.svg" alt="b"></p>', catalogue);
    expect(problems).toEqual([]);
    const [flag, hero, second] = imgs(html);
    // A small image first is not the lead: a 640x480 flag file is large, so its size decides.
    expect(flag).toContain('width="640" height="480"');
    expect(flag).toContain('fetchpriority="high"');
    expect(hero).toContain('width="1200" height="900"');
    expect(hero).toContain('loading="lazy"');
    expect(hero).toContain('decoding="async"');
    expect(second).toContain('loading="lazy"');
    expect(second).toContain('width="400" height="400"');
  });

  it("takes the lead image only from the page's <main>: the footer's images stay lazy on a page without one", () => {
    const page = (body: string) => `<header><img src="/flags/en.svg" alt=""></header><main>${body}</main><footer><img src="/images/hero.svg" alt="Funding" loading="lazy"></footer>`;
    const [headerFlag, footerImage] = imgs(placeImages(page('<p>Text only</p>'), catalogue).html);
    for (const image of [headerFlag, footerImage]) {
      expect(image).toContain('loading="lazy"');
      expect(image).not.toContain('fetchpriority');
    }
    const [, inMain, footer] = imgs(placeImages(page('<img src="/images/café.svg" alt="">'), catalogue).html);
    expect(inMain).toContain('fetchpriority="high"');
    expect(inMain).not.toContain('loading=');
    expect(footer).toContain('loading="lazy"');
  });

  it('leaves a first large image its template marked low as it is, and makes no later image the lead', () => {
    const { html } = placeImages('<main><img src="/images/hero.svg" alt="" fetchpriority="low"/><img src="/images/hero.svg" alt=""/></main>', catalogue);
    const [hero, card] = imgs(html);
    // An illustration that is not the largest paint: with the page, after the rest.
    expect(hero).toBe('<img src="/images/hero.svg" alt="" fetchpriority="low" width="1200" height="900" decoding="async"/>');
    expect(card).toContain('loading="lazy"');
    expect(card).not.toContain('fetchpriority');
  });

  it("keeps a template's display size when it has the file's proportions, and fixes the height when not", () => {
    const { html } = placeImages('<img src="/flags/en.svg" alt="" width="20" height="15"/><img src="/images/hero.svg" alt="" width="600" height="300"/><img src="/flags/en.svg" alt="" width="20" height="15" fetchpriority="low"/>', catalogue);
    const [flag, hero, visibleFlag] = imgs(html);
    // Low priority, not lazy: wanted with the page, after the rest.
    expect(visibleFlag).toBe('<img src="/flags/en.svg" alt="" width="20" height="15" fetchpriority="low" decoding="async"/>');
    expect(flag).toContain('width="20" height="15"');
    expect(flag).toContain('loading="lazy"');
    expect(flag).not.toContain('fetchpriority');
    expect(hero).toContain('width="600" height="450"');
    expect(hero).toContain('fetchpriority="high"');
    expect(hero).not.toContain('loading=');
  });

  it('serves a raster image as a <picture> of its encodings with the original as fallback', () => {
    const { html } = placeImages('<p><img src="/images/photo.jpg" alt="A &quot;photo&quot;" sizes="50vw"></p>', catalogue);
    expect(html).toBe(
      '<p><picture>' +
        '<source type="image/avif" srcset="/_a/photo-480w-1.avif 480w, /_a/photo-960w-2.avif 960w" sizes="50vw"/>' +
        '<source type="image/webp" srcset="/_a/photo-480w-3.webp 480w, /_a/photo-960w-4.webp 960w" sizes="50vw"/>' +
        '<img src="/images/photo.jpg" alt="A &quot;photo&quot;" width="2400" height="1600" decoding="async" fetchpriority="high"/>' +
        '</picture></p>',
    );
    // Without its own sizes, the site's.
    expect(placeImages('<img src="/images/photo.jpg" alt="">', catalogue).html).toContain('sizes="(min-width: 46rem) 44rem, 100vw"');
  });

  it("points a raster lead image's preload at its best encoding with the <img>'s sizes", () => {
    const { html } = placeImages('<head><link rel="preload" as="image" href="/images/photo.jpg" fetchPriority="high"/></head><img src="/images/photo.jpg" alt="" sizes="40vw">', catalogue);
    expect(html).toContain('<link rel="preload" as="image" type="image/avif" imagesrcset="/_a/photo-480w-1.avif 480w, /_a/photo-960w-2.avif 960w" imagesizes="40vw" fetchPriority="high"/>');
    expect(html).not.toContain('href="/images/photo.jpg"');
  });

  it('writes a lead image that is a small SVG into the page and drops its preload; not a later one, nor a lead marked low', () => {
    const cover = 'data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22/%3E';
    const withCover: ImageCatalogue = { ...catalogue, images: new Map([...catalogue.images, ['/images/cover.svg', { width: 1200, height: 675, format: 'svg', inline: cover }]]) };
    const page = (img: string) =>
      `<head><link rel="preload" as="image" href="/images/cover.svg" fetchPriority="high"/></head><main>${img}<img src="/images/cover.svg" alt="again"></main>`;
    const lead = placeImages(page('<img class="cover" src="/images/cover.svg" alt="Cover" fetchpriority="high">'), withCover).html;
    expect(lead).not.toContain('rel="preload"');
    const [first, again] = imgs(lead);
    expect(first).toBe(`<img class="cover" src="${cover}" alt="Cover" width="1200" height="675" decoding="async"/>`);
    // The same file further down is not the lead: a file, lazy.
    expect(again).toContain('src="/images/cover.svg"');
    expect(again).toContain('loading="lazy"');
    // A lead the template marked low loads after the rest, as a file; so does a lead with no text to write (a larger SVG).
    const low = placeImages(page('<img src="/images/cover.svg" alt="" fetchpriority="low">'), withCover).html;
    expect(low).toContain('href="/images/cover.svg"');
    expect(imgs(low)[0]).toContain('src="/images/cover.svg"');
    const large = placeImages('<head><link rel="preload" as="image" href="/images/hero.svg" fetchPriority="high"/></head><main><img src="/images/hero.svg" alt=""></main>', catalogue).html;
    expect(large).toContain('href="/images/hero.svg"');
    expect(imgs(large)[0]).toContain('src="/images/hero.svg"');
    expect(imgs(large)[0]).toContain('fetchpriority="high"');
  });

  it('leaves a <picture> the template wrote, images of other origins and data: URLs as they are', () => {
    const written = '<picture><source srcset="/x.avif"/><img src="/images/photo.jpg" alt=""/></picture>';
    expect(placeImages(written, catalogue).html).not.toContain('<picture><picture>');
    expect(placeImages(written, catalogue).html.match(/<source/g)).toHaveLength(1);
    const outside = '<img src="https://cdn.example/a.png" alt=""><img src="data:image/png;base64,AA==" alt="">';
    expect(placeImages(outside, catalogue)).toEqual({ html: outside, problems: [] });
  });

  it('finds percent-encoded paths, and reports missing and unreadable images', () => {
    expect(placeImages('<img src="/images/caf%C3%A9.svg" alt="">', catalogue).problems).toEqual([]);
    const { problems } = placeImages('<img src="/images/nope.png?v=1" alt=""><img src="images/hero.svg" alt=""><img src="/images/broken.png" alt="">', catalogue);
    expect(problems).toEqual([
      { src: '/images/nope.png', reason: 'missing' },
      { src: 'images/hero.svg', reason: 'missing' },
      { src: '/images/broken.png', reason: 'unreadable', detail: 'its size could not be read' },
    ]);
  });

  it('encodes the configured widths below the file, and the file’s own width when none is wider', () => {
    expect(variantWidths(2400, [480, 960, 1440])).toEqual([480, 960, 1440]);
    expect(variantWidths(1000, [480, 960, 1440])).toEqual([480, 960, 1000]);
    expect(variantWidths(300, [480, 960, 1440])).toEqual([300]);
    // Those are the default widths, which the real site keeps.
    expect(REAL_SETTINGS.images.widths).toEqual([480, 960, 1440]);
  });

  // The tags are found by a tokenizer, not a pattern: look-alikes elsewhere in the page are text.
  describe('are not fooled by', () => {
    const main = (body: string) => `<main>${body}<img src="/images/hero.svg" alt=""></main>`;
    const lead = (html: string) => placeImages(html, catalogue).html.match(/<img[^>]*fetchpriority="high"[^>]*>/)?.[0];

    it('an attribute value holding ">" or "<img"', () => {
      const html = main('<p title="a > b <img src=&quot;/images/photo.jpg&quot;>">text</p>');
      const { html: placed, problems } = placeImages(html, catalogue);
      expect(problems).toEqual([]);
      expect(placed).toContain('<p title="a > b <img src=&quot;/images/photo.jpg&quot;>">text</p>');
      expect(lead(html)).toContain('/images/hero.svg');
      // An image whose alt text holds ">" is placed whole.
      expect(placeImages('<img alt="1 > 0" src="/images/hero.svg">', catalogue).html).toBe('<img alt="1 > 0" src="/images/hero.svg" width="1200" height="900" decoding="async" fetchpriority="high"/>');
    });

    it('a comment, or a <main> named in one', () => {
      const html = `<!-- <main> --><img src="/images/hero.svg" alt=""><!-- <img src="/images/nope.png"> --><main><p>x</p></main>`;
      const { html: placed, problems } = placeImages(html, catalogue);
      expect(problems).toEqual([]);
      expect(placed).toContain('<!-- <img src="/images/nope.png"> -->');
      // The page has a <main> without a large image: the one before it is not its lead.
      expect(placed).not.toContain('fetchpriority');
    });

    it('code shown in a <pre>, a script or a style', () => {
      const html = main('<pre><code>&lt;img src="/images/nope.png"&gt;</code></pre><script>const s = "<img src=\'/images/nope.png\'>";</script><style>/* <img src="/images/nope.png"> */</style>');
      const { html: placed, problems } = placeImages(html, catalogue);
      expect(problems).toEqual([]);
      expect(placed.replace(/<img src="\/images\/hero.svg"[^>]*>/, '')).toBe(html.replace('<img src="/images/hero.svg" alt="">', ''));
    });

    it("CDATA in an SVG, and a picture's closing tag in text", () => {
      const html = main('<svg viewBox="0 0 1 1"><style><![CDATA[ </picture><img src="/images/nope.png"> ]]></style></svg><picture><img src="/images/photo.jpg" alt=""/></picture>');
      const { html: placed, problems } = placeImages(html, catalogue);
      expect(problems).toEqual([]);
      expect(placed).toContain('<![CDATA[ </picture><img src="/images/nope.png"> ]]>');
      // Still inside the template's own <picture>: no second one around it.
      expect(placed).not.toContain('<picture><picture>');
      expect(placed.match(/<source/g)).toBeNull();
    });
  });
});
