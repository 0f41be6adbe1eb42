import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FIRST_ROUND_TRIP_BYTES, placeStylesheet, RESPONSE_HEAD_BYTES, servedSizeOf } from '../../../src/engine/render/first-round-trip';
import { catalogueImages, INLINE_LEAD_SVG_BYTES } from '../../../src/engine/images/image-catalogue';
import { REAL_SETTINGS } from '../../helpers/site';

const css = `body{margin:0}${'.a{color:red}'.repeat(50)}`;
const stylesheet = { url: '/_sitegen/assets/site-0123456789.css', inline: css };
const page = (text: string) => `<!DOCTYPE html><html><head><style>${css}</style></head><body><main><p>${text}</p></main></body></html>`;
/** Text that does not compress: each byte of it is a byte of the response. */
const incompressible = (bytes: number) => randomBytes(bytes).toString('base64url').slice(0, bytes);

describe('the stylesheet and the first round trip', () => {
  it('stays inlined in a page that fits the first round trip with its response head, and the page comes with the cache\'s copy', () => {
    const short = page('A short page.');
    const placed = placeStylesheet(short, stylesheet);
    expect(placed.html).toBe(short);
    expect(brotliDecompressSync(placed.copy!).toString()).toBe(short);
  });

  it('is linked from a page past it, in place of the <style> element, and the rest of the page is as it was', () => {
    // Twice the round trip of text that barely compresses: past it, however it is compressed.
    const long = page(incompressible(2 * FIRST_ROUND_TRIP_BYTES));
    expect(gzipSync(long).length).toBeGreaterThan(FIRST_ROUND_TRIP_BYTES);
    expect(servedSizeOf(long).bytes + RESPONSE_HEAD_BYTES).toBeGreaterThan(FIRST_ROUND_TRIP_BYTES);
    const placed = placeStylesheet(long, stylesheet);
    expect(placed.html).toBe(long.replace(`<style>${css}</style>`, `<link rel="stylesheet" href="${stylesheet.url}"/>`));
    // The cache compresses the page as it is written.
    expect(placed.copy).toBeUndefined();
  });

  it('leaves a page alone when the stylesheet is only a file, or the page does not inline it', () => {
    const long = page(incompressible(2 * FIRST_ROUND_TRIP_BYTES));
    expect(placeStylesheet(long, { url: stylesheet.url }).html).toBe(long);
    const own = long.replace(`<style>${css}</style>`, '<style>p{}</style>');
    expect(placeStylesheet(own, stylesheet).html).toBe(own);
  });
});

describe('a lead image written into the page', () => {
  it('is an SVG of at most INLINE_LEAD_SVG_BYTES, written as a data: URL; a larger one or a raster stays a file', async () => {
    const svg = (bytes: number) => {
      const open = '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675"><!--';
      return new TextEncoder().encode(`${open}${'x'.repeat(bytes - open.length - 9)}--></svg>`);
    };
    const files = new Map([
      ['images/small.svg', svg(INLINE_LEAD_SVG_BYTES)],
      ['images/large.svg', svg(INLINE_LEAD_SVG_BYTES + 1)],
    ]);
    expect(files.get('images/small.svg')!.length).toBe(INLINE_LEAD_SVG_BYTES);
    const { catalogue } = await catalogueImages(files, REAL_SETTINGS, { get: async () => undefined, set: async () => {} } as never);
    expect(catalogue.images.get('/images/small.svg')!.inline).toMatch(/^data:image\/svg\+xml,%3Csvg%20xmlns=%22http:\/\/www\.w3\.org\/2000\/svg%22/);
    expect(catalogue.images.get('/images/large.svg')!.inline).toBeUndefined();
    expect(catalogue.images.get('/images/large.svg')!.width).toBe(1200);
  });
});
