import { describe, expect, it } from 'vitest';
import { contentTypeOf, hasKnownContentType, outputFileCandidates, UNKNOWN_CONTENT_TYPE } from '../../../src/engine/serve/content-types';

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
    expect(hasKnownContentType('archive.xyz123')).toBe(false);
    // Pagefind's index is binary on purpose: known, so publishing it warns of nothing.
    for (const file of ['wasm.hu.pagefind', 'fragment/hu_1a2b3c4.pf_fragment', 'index/hu_5d6e7f8.pf_index', 'pagefind.hu_9a8b7c6.pf_meta']) {
      expect(contentTypeOf(`_sitegen/assets/search-hu-0123456789/${file}`)).toBe('application/octet-stream');
      expect(hasKnownContentType(`_sitegen/assets/search-hu-0123456789/${file}`)).toBe(true);
    }
  });

  it('maps a URL path to its output file as production serves it', () => {
    expect(outputFileCandidates('/')).toEqual(['index.html']);
    expect(outputFileCandidates('/career')).toEqual(['career', 'career/index.html']);
    expect(outputFileCandidates('/hu/karrier/')).toEqual(['hu/karrier', 'hu/karrier/index.html']);
  });
});
