import { describe, expect, it } from 'vitest';
import { buildIdOf, pageConfigHash, pageConfigOf, releaseOf, type PageConfigInputs } from '../../../src/engine/render/page-config';
import { contentHash } from '../../../src/engine/base/content-hash';
import { REAL_SETTINGS } from '../../helpers/site';

/**
 * Everything site-wide a page may read is one view with one hash (the release, the start of
 * every page's fingerprint): any change of any part of it is a new release.
 */
function inputs(change: Partial<PageConfigInputs> = {}): PageConfigInputs {
  return {
    engine: '1.0.0',
    settings: REAL_SETTINGS,
    year: 2026,
    dev: false,
    routes: { value: [], text: 'routes: []\n' },
    messages: { value: {}, texts: ['{}'] },
    templates: { module: { templates: {}, ErrorPage: () => null }, inputs: [], hash: 't1', css: 'a{}', moduleFile: 'm.mjs' } as never,
    widgets: { loader: '/l.js', scripts: {}, islands: {}, hash: 'w1', files: new Map(), inputs: [] } as never,
    stylesheet: { url: '/_sitegen/assets/site-a.css', inline: 'a{}' },
    shareImage: undefined,
    icon: undefined,
    publicFiles: new Map([['favicon.svg', new Uint8Array([1, 2, 3])]]),
    images: { images: new Map([['/favicon.svg', { width: 32, height: 32, format: 'svg' }]]), unreadable: new Map(), sizes: '100vw' },
    hashBytes: contentHash,
    ...change,
  };
}

describe('the page view', () => {
  const base = pageConfigOf(inputs());

  it('has a new hash and release for a change of any part, and the same for the same inputs', () => {
    expect(pageConfigHash(pageConfigOf(inputs()))).toBe(pageConfigHash(base));
    const changes: Array<Partial<PageConfigInputs>> = [
      { engine: '1.0.1' },
      { settings: { ...REAL_SETTINGS, backendUrl: 'http://127.0.0.1:2222' } },
      { settings: { ...REAL_SETTINGS, locales: { ...REAL_SETTINGS.locales, default: 'de' } } },
      { year: 2027 },
      { dev: true },
      { routes: { value: [], text: 'routes: [] # edited\n' } },
      { messages: { value: {}, texts: ['{"a":"b"}'] } },
      { stylesheet: { url: '/_sitegen/assets/site-b.css', inline: 'b{}' } },
      { shareImage: { url: '/s.png', width: 1200, height: 630, type: 'image/png' } },
      { icon: { href: '/favicon.png', type: 'image/png' } },
      { publicFiles: new Map([['favicon.svg', new Uint8Array([1, 2, 4])]]) },
      { images: { images: new Map([['/favicon.svg', { width: 32, height: 32, format: 'svg' }]]), unreadable: new Map(), sizes: '50vw' } },
      { images: { images: new Map([['/p.png', { width: 32, height: 32, format: 'png', sources: [{ type: 'image/avif', srcset: '/a-1.avif 32w' }] }]]), unreadable: new Map(), sizes: '100vw' } },
    ];
    const hashes = new Set(changes.map((change) => pageConfigHash(pageConfigOf(inputs(change)))));
    expect(hashes.size).toBe(changes.length);
    expect(hashes.has(pageConfigHash(base))).toBe(false);
  });

  it('shows pages a release of 12 hex digits, or `dev` in a watch session', () => {
    expect(releaseOf(base)).toMatch(/^[0-9a-f]{12}$/);
    expect(releaseOf(pageConfigOf(inputs({ dev: true })))).toBe('dev');
  });

  it('names a build by the view and everything else the output is made from', () => {
    const rest = { timestamp: 1, contentDigest: 'c', redirectRules: '', redirects: [] };
    const id = buildIdOf(base, () => rest);
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(buildIdOf(base, () => ({ ...rest }))).toBe(id);
    for (const change of [{ timestamp: 2 }, { contentDigest: 'd' }, { redirectRules: '- {from: /a, to: /}' }, { redirects: [['/a', '/']] }]) {
      expect(buildIdOf(base, () => ({ ...rest, ...change }))).not.toBe(id);
    }
  });

  it("names a watch session's build `dev`, without hashing the content for it", () => {
    let asked = false;
    const id = buildIdOf(pageConfigOf(inputs({ dev: true })), () => {
      asked = true;
      return { timestamp: 1, contentDigest: 'c', redirectRules: '', redirects: [] };
    });
    expect(id).toBe('dev');
    expect(asked).toBe(false);
  });
});
