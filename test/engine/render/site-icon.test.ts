import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Problems } from '../../../src/engine/diagnostics/diagnostic';
import { svgDataUrl } from '../../../src/engine/images/svg-data-url';
import { INLINE_ICON_BYTES, iconOf } from '../../../src/engine/render/site-images';
import { REAL_SETTINGS, REPO } from '../../helpers/site';

const SITE_FILE = { path: 'content/site.yaml', text: 'url: https://example.com\nicon: /favicon.svg\n' };
const bytes = (text: string) => new TextEncoder().encode(text);
const PREFIX = 'data:image/svg+xml,';
/** URL code points (the URL standard) a data: URL's path may hold as they are, less `&` and `'`, which React escapes in an attribute; and percent signs of escapes. */
const URL_CHARACTERS = /^data:image\/svg\+xml,(?:[A-Za-z0-9!$()*+,\-./:;=?@_~]|%[0-9A-F]{2})*$/;

function iconFor(icon: string | undefined, files: Record<string, Uint8Array>) {
  const problems = new Problems();
  const result = iconOf({ ...REAL_SETTINGS, icon }, new Map(Object.entries(files)), SITE_FILE, problems);
  return { result, errors: problems.errors };
}

describe('the site icon', () => {
  it('writes the site’s own small SVG into the page as a data: URL that gives back its text', () => {
    const svg = readFileSync(path.join(REPO, 'public/favicon.svg'), 'utf8');
    const { result, errors } = iconFor('/favicon.svg', { 'favicon.svg': bytes(svg) });
    expect(errors).toEqual([]);
    expect(result?.type).toBeUndefined();
    expect(result?.href.startsWith(PREFIX)).toBe(true);
    expect(decodeURIComponent(result!.href.slice(PREFIX.length))).toBe(svg.trim());
    // Nothing an HTML attribute would escape, nothing a valid URL may not hold as it is.
    expect(result!.href).toMatch(URL_CHARACTERS);
  });

  it('encodes any text so that it decodes to itself and needs no escaping in an attribute', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        const href = svgDataUrl(bytes(text))!;
        expect(decodeURIComponent(href.slice(PREFIX.length))).toBe(text.trim());
        expect(href).toMatch(URL_CHARACTERS);
      }),
    );
  });

  it('links a larger SVG, a PNG or an ICO as a file, with its media type', () => {
    const large = `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(INLINE_ICON_BYTES)}</svg>`;
    expect(iconFor('/favicon.svg', { 'favicon.svg': bytes(large) }).result).toEqual({ href: '/favicon.svg', type: 'image/svg+xml' });
    expect(iconFor('/icons/tab.png', { 'icons/tab.png': new Uint8Array(8) }).result).toEqual({ href: '/icons/tab.png', type: 'image/png' });
    expect(iconFor('/favicon.ico', { 'favicon.ico': new Uint8Array(8) }).result).toEqual({ href: '/favicon.ico', type: 'image/x-icon' });
    // A data: URL's bytes are UTF-8: an SVG in another encoding stays a file.
    const latin1 = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><svg><text>café</text></svg>', 'latin1');
    expect(iconFor('/favicon.svg', { 'favicon.svg': latin1 }).result).toEqual({ href: '/favicon.svg', type: 'image/svg+xml' });
    const declared = bytes('<?xml version="1.0" encoding="windows-1252"?><svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(iconFor('/favicon.svg', { 'favicon.svg': declared }).result?.href).toBe('/favicon.svg');
    const utf8 = bytes('<?xml version="1.0" encoding="UTF-8"?><svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(iconFor('/favicon.svg', { 'favicon.svg': utf8 }).result?.href).toMatch(/^data:image\/svg\+xml,/);
  });

  it('is an error at the setting when public/ has no such file, and nothing without the setting', () => {
    const { result, errors } = iconFor('/favicon.svg', {});
    expect(result).toBeUndefined();
    expect(errors.map((error) => [error.code, error.message, error.line, error.column])).toEqual([
      ['config/icon', 'icon /favicon.svg is not a file in public/', 2, 7],
    ]);
    expect(iconFor(undefined, {})).toEqual({ result: undefined, errors: [] });
  });
});
