import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { realSite, type RealSite } from '../../helpers/real-site';
import { buildAssets } from '../../../src/engine/artifacts/build-artifacts';

let site: RealSite;
const json = (file: string) => JSON.parse(site.files.get(file) as string);

beforeAll(async () => {
  site = await realSite();
});

describe('build artifacts', () => {
  it('names the latest build', () => {
    const latest = json('_sitegen/builds/latest.json');
    // `search` names each locale's search bundle (docs/content.md, "Search").
    expect(Object.keys(latest)).toEqual(['id', 'release', 'timestamp', 'search']);
    expect(latest.id).toBe(site.id);
    expect(latest.release).toMatch(/^[0-9a-f]{12}$/);
    expect(latest.release).not.toBe(site.id);
    expect(Number.isInteger(latest.timestamp)).toBe(true);
  });

  it('lists every page in the route manifest with its route, locale and alternates', () => {
    const meta = json(`_sitegen/builds/meta/${site.release}.json`);
    expect(Object.keys(meta.routes)).toHaveLength(site.pages.length);
    expect(meta.routes['/hu/karrier']).toEqual({
      route: 'career',
      locale: 'hu',
      alternates: { en: '/career', hu: '/hu/karrier', de: '/de/karriere' },
    });
    expect(meta.routes['/en'].locale).toBe('en');
  });

  it('writes a payload beside every page', () => {
    for (const page of site.pages) {
      expect(page.payloadPath.replace('_payload.json', 'index.html')).toBe(page.outputPath);
      const payload = json(page.payloadPath);
      expect(payload.routeId).toBe(page.routeId);
      expect(payload.locale).toBe(page.locale);
      expect(payload.alternates).toEqual(page.alternates);
    }
    const article = json('de/clickup-als-ERP/_payload.json');
    expect(article.title).toBe(article.data.title);
    expect(article.data.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(article.description.length).toBeGreaterThan(20);
  });

  it('writes the widgets\' messages per locale under the release id', () => {
    const en = json(`_i18n/${site.release}/en/messages.json`);
    const hu = json(`_i18n/${site.release}/hu/messages.json`);
    expect(en['widgets.error.notFound']).toBe('Page not found');
    expect(Object.keys(hu).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(en).every((key) => key.startsWith('widgets.'))).toBe(true);
  });

  it('inlines the small stylesheet into every page, with no render-blocking request', () => {
    expect([...site.files.keys()].filter((file) => file.endsWith('.css'))).toEqual([]);
    for (const file of [...site.pages.map((page) => page.outputPath), '404.html']) {
      const html = site.files.get(file) as string;
      const head = html.slice(0, html.indexOf('</head>'));
      // The typeface first, then the tokens.
      expect(head).toMatch(/<style>@font-face\{font-family:Figtree;[^<]*:root\{--ink: ?#14213d;/);
      expect(head).not.toContain('rel="stylesheet"');
      // Scripts in the head are modules (deferred) or data: none blocks rendering. The inline ones
      // that must run before the body (no request): the font loading's choice on every page
      // (docs/design.md, "Type"), the home's locale detection and the bucket-wide error page's
      // locale mark.
      expect([...head.matchAll(/<script( [^>]*)?>/g)].map((m) => m[1] ?? '').filter((attrs) => !/type="(module|application\/ld\+json)"/.test(attrs))).toEqual(
        file === 'index.html' || file === '404.html' ? [expect.stringMatching(/^ data-fonts=/), ''] : [expect.stringMatching(/^ data-fonts=/)],
      );
    }
  });

  it('serves a stylesheet over the limit under its content hash', () => {
    const css = `a{color:red}${' '.repeat(40)}`;
    const { files, stylesheet } = buildAssets(css, new Map(), 32);
    const hash = createHash('sha256').update(css).digest('hex').slice(0, 10);
    expect(stylesheet).toEqual({ url: `/_sitegen/assets/site-${hash}.css` });
    expect(files.get(`_sitegen/assets/site-${hash}.css`)).toBe(css);
    expect(buildAssets('a{color:red}', new Map(), 32).stylesheet).toEqual({ inline: 'a{color:red}' });
    expect(buildAssets('a{content:"</style>"}', new Map(), 32).stylesheet).toHaveProperty('url');
  });
});
