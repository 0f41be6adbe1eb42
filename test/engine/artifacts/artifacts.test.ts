import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { realSite, type RealSite } from '../../helpers/real-site';
import { buildAssets } from '../../../src/engine/artifacts/build-artifacts';
import { FIRST_ROUND_TRIP_BYTES, RESPONSE_HEAD_BYTES, servedSizeOf } from '../../../src/engine/render/first-round-trip';

let site: RealSite;
const json = (file: string) => JSON.parse(site.files.get(file) as string);

/** A page's status line and headers as a server sends them: the headers `_headers` gives every response, and the page's own. */
function responseHeadBytes(headers: string): number {
  const every = headers.split('\n/*\n')[1]!.split('\n\n')[0]!.split('\n').map((line) => line.trim());
  return ['HTTP/1.1 200 OK', 'content-type: text/html; charset=utf-8', 'content-encoding: gzip', ...every, ''].reduce((bytes, line) => bytes + line.length + 2, 0);
}

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

  it('inlines the stylesheet into every page that fits the first round trip with it, and links it from the others, with no other render-blocking request', () => {
    const [stylesheetFile, ...others] = [...site.files.keys()].filter((file) => file.endsWith('.css'));
    expect(others).toEqual([]);
    const css = site.files.get(stylesheetFile!) as string;
    const link = `<link rel="stylesheet" href="/${stylesheetFile}"/>`;
    const responseHead = responseHeadBytes(site.files.get('_headers') as string);
    const linked: string[] = [];
    for (const file of [...site.pages.map((page) => page.outputPath), '404.html']) {
      const html = site.files.get(file) as string;
      const head = html.slice(0, html.indexOf('</head>'));
      if (head.includes(link)) {
        linked.push(file);
        expect(head).not.toContain('<style>@font-face');
        // With the stylesheet inlined, the page would be past the first round trip.
        const inlined = html.replace(link, `<style>${css}</style>`);
        expect(servedSizeOf(inlined).bytes + RESPONSE_HEAD_BYTES, file).toBeGreaterThan(FIRST_ROUND_TRIP_BYTES);
      } else {
        // The typeface first, then the tokens.
        expect(head).toMatch(/<style>@font-face\{font-family:Figtree;[^<]*:root\{--ink: ?#14213d;/);
        expect(head).not.toContain('rel="stylesheet"');
        // Measured as the budgets measure it: gzip at its default level, with the site's headers.
        expect(gzipSync(html).length + responseHead, file).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
      }
      // Scripts in the head are modules (deferred) or data: none blocks rendering. The inline ones
      // that must run before the body (no request): the font loading's choice on every page
      // (docs/design.md, "Type"), the home's locale detection and the bucket-wide error page's
      // locale mark.
      expect([...head.matchAll(/<script( [^>]*)?>/g)].map((m) => m[1] ?? '').filter((attrs) => !/type="(module|application\/ld\+json)"/.test(attrs))).toEqual(
        file === 'index.html' || file === '404.html' ? [expect.stringMatching(/^ data-fonts=/), ''] : [expect.stringMatching(/^ data-fonts=/)],
      );
    }
    // The articles of the Lighthouse table link it; the home pages inline it.
    expect(linked).toEqual(expect.arrayContaining(['clickup-as-erp/index.html', 'hu/clickup-vallalat-iranyitasi-rendszer/index.html', 'de/clickup-als-ERP/index.html']));
    expect(linked).not.toEqual(expect.arrayContaining(['index.html']));
    expect(linked.filter((file) => /^(hu\/|de\/)?index\.html$/.test(file))).toEqual([]);
  });

  it('writes the stylesheet under its content hash, inlinable when small', () => {
    const css = `a{color:red}${' '.repeat(40)}`;
    const { files, stylesheet } = buildAssets(css, new Map(), 32);
    const hash = createHash('sha256').update(css).digest('hex').slice(0, 10);
    expect(stylesheet).toEqual({ url: `/_sitegen/assets/site-${hash}.css`, inline: undefined });
    expect(files.get(`_sitegen/assets/site-${hash}.css`)).toBe(css);
    const small = buildAssets('a{color:red}', new Map(), 32);
    expect(small.stylesheet.inline).toBe('a{color:red}');
    expect(small.files.get(small.stylesheet.url.slice(1))).toBe('a{color:red}');
    expect(buildAssets('a{content:"</style>"}', new Map(), 32).stylesheet.inline).toBeUndefined();
  });

  it("writes an article's cover into the page, with no preload, and keeps the URL of an image it does not show first", () => {
    for (const file of ['clickup-as-erp/index.html', 'it-outsourcing/index.html']) {
      const html = site.files.get(file) as string;
      expect(html).toMatch(/<img class="page-header__cover" src="data:image\/svg\+xml,%3Csvg/);
      expect(html).not.toContain('rel="preload" as="image"');
    }
    expect(site.files.get('_headers')).toMatch(/img-src 'self' data:/);
  });
});
