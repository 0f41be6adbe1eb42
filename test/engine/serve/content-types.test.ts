import { describe, expect, it } from 'vitest';
import { contentTypeOf, outputFileCandidates, UNKNOWN_CONTENT_TYPE } from '../../../src/engine/serve/content-types';

describe('content types of output files', () => {
  it('gives text types their charset and leaves images and fonts without one', () => {
    expect(contentTypeOf('blog/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('_sitegen/assets/loader-ABC.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('_sitegen/assets/site-1.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeOf('_sitegen/builds/latest.json')).toBe('application/json; charset=utf-8');
    expect(contentTypeOf('sitemap.xml')).toBe('application/xml; charset=utf-8');
    expect(contentTypeOf('robots.txt')).toBe('text/plain; charset=utf-8');
    expect(contentTypeOf('_redirects')).toBe('text/plain; charset=utf-8');
    expect(contentTypeOf('_sitegen/assets/loader-ABC.js.map')).toBe('application/json; charset=utf-8');
    expect(contentTypeOf('site.webmanifest')).toBe('application/manifest+json; charset=utf-8');
    expect(contentTypeOf('flags/hu.svg')).toBe('image/svg+xml');
    expect(contentTypeOf('images/share.png')).toBe('image/png');
    expect(contentTypeOf('images/photo.AVIF')).toBe('image/avif');
    expect(contentTypeOf('favicon.ico')).toBe('image/x-icon');
    expect(contentTypeOf('fonts/brand.woff2')).toBe('font/woff2');
    expect(contentTypeOf('LICENSE')).toBe(UNKNOWN_CONTENT_TYPE);
    expect(contentTypeOf('archive.xyz123')).toBe(UNKNOWN_CONTENT_TYPE);
  });

  it('maps a URL path to its output file as production serves it', () => {
    expect(outputFileCandidates('/')).toEqual(['index.html']);
    expect(outputFileCandidates('/career')).toEqual(['career', 'career/index.html']);
    expect(outputFileCandidates('/hu/karrier/')).toEqual(['hu/karrier', 'hu/karrier/index.html']);
  });
});
