import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../src/engine';
import { REPO } from '../helpers/site';

let site: BuildResult;
const json = (file: string) => JSON.parse(site.files.get(file) as string);

beforeAll(async () => {
  site = await build({ root: REPO, write: false });
});

describe('build artifacts', () => {
  it('names the latest build', () => {
    const latest = json('_sitegen/builds/latest.json');
    expect(Object.keys(latest)).toEqual(['id', 'release', 'timestamp']);
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

  it('serves the stylesheet under its content hash, linked from every page', () => {
    const css = [...site.files.keys()].filter((file) => file.endsWith('.css'));
    expect(css).toHaveLength(1);
    const [file] = css as [string];
    const hash = createHash('sha256').update(site.files.get(file) as string).digest('hex').slice(0, 10);
    expect(file).toBe(`_sitegen/assets/site-${hash}.css`);
    for (const page of site.pages) {
      expect(site.files.get(page.outputPath) as string).toContain(`<link rel="stylesheet" href="/${file}"/>`);
    }
  });
});
