import { beforeAll, describe, expect, it } from 'vitest';
import { realSite, type RealSite } from '../helpers/real-site';

const ORIGIN = 'https://www.kestrelbyte.example';
let site: RealSite;
const page = (file: string) => site.files.get(file) as string;

beforeAll(async () => {
  site = await realSite();
});

function attr(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((match) => match[1]!);
}

function alternates(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]),
  );
}

describe('head of the pages', () => {
  it.each([
    ['career/index.html', 'en-US', '/career'],
    ['en/career/index.html', 'en-US', '/career'],
    ['hu/karrier/index.html', 'hu-HU', '/hu/karrier'],
    ['de/karriere/index.html', 'de-DE', '/de/karriere'],
    ['en/index.html', 'en-US', '/'],
    ['hu/index.html', 'hu-HU', '/hu'],
    ['de/clickup-als-ERP/index.html', 'de-DE', '/de/clickup-als-ERP'],
    ['hu/palyazatok/szechenyi-terv-plusz-b/index.html', 'hu-HU', '/hu/palyazatok/szechenyi-terv-plusz-b'],
  ])('%s has lang %s and its canonical URL %s', (file, lang, canonical) => {
    const html = page(file);
    expect(html).toContain(`<html lang="${lang}">`);
    expect(attr(html, /<link rel="canonical" href="([^"]+)"/g)).toEqual([ORIGIN + (canonical === '/' ? '/' : canonical)]);
  });

  it('links the same hreflang set from every form of a route', () => {
    const expected = {
      en: `${ORIGIN}/clickup-as-erp`,
      hu: `${ORIGIN}/hu/clickup-vallalat-iranyitasi-rendszer`,
      de: `${ORIGIN}/de/clickup-als-ERP`,
      'x-default': `${ORIGIN}/clickup-as-erp`,
    };
    for (const file of ['clickup-as-erp', 'en/clickup-as-erp', 'hu/clickup-vallalat-iranyitasi-rendszer', 'de/clickup-als-ERP']) {
      expect(alternates(page(`${file}/index.html`)), file).toEqual(expected);
    }
    expect(alternates(page('index.html'))).toEqual({ en: `${ORIGIN}/`, hu: `${ORIGIN}/hu`, de: `${ORIGIN}/de`, 'x-default': `${ORIGIN}/` });
  });

  it('has a localized title and meta description', () => {
    const en = page('career/index.html');
    const hu = page('hu/karrier/index.html');
    const title = (html: string) => /<title>([^<]+)<\/title>/.exec(html)![1];
    const description = (html: string) => /<meta name="description" content="([^"]+)"/.exec(html)![1];
    expect(title(en)).toMatch(/ \| Kestrelbyte$/);
    expect(title(hu)).not.toEqual(title(en));
    expect(description(hu)).not.toEqual(description(en));
    expect(description(en)!.length).toBeGreaterThan(20);
  });
});

describe('links between pages', () => {
  it.each(['hu', 'de'])('a %s page links only to %s pages, apart from the language menu', (locale) => {
    const own = new Set(site.pages.filter((p) => p.locale === locale).map((p) => p.url));
    for (const plan of site.pages.filter((p) => p.locale === locale)) {
      const html = page(plan.outputPath);
      const body = html.slice(html.indexOf('<body>')).replace(/<details class="language-menu">[\s\S]*?<\/details>/, '');
      const internal = attr(body, /href="(\/[^"#?]*)/g).filter((href) => !href.startsWith('/_sitegen/'));
      for (const href of internal) {
        expect(own.has(href), `${plan.url} links to ${href}, not a ${locale} page`).toBe(true);
      }
    }
  });

  it('offers the same route in every locale in the language menu', () => {
    const menu = /<details class="language-menu">[\s\S]*?<\/details>/.exec(page('hu/karrier/index.html'))![0];
    expect(attr(menu, /href="([^"]+)"/g)).toEqual(['/career', '/hu/karrier', '/de/karriere']);
  });

  it("preloads no image of the footer: a page's image preload is its own lead image", () => {
    const pages = [...site.files].filter(([file]) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(100);
    for (const [file, html] of pages) {
      const footer = /<footer class="site-footer">[\s\S]*<\/footer>/.exec(html as string)?.[0] ?? '';
      const preloads = attr(html as string, /<link rel="preload" as="image"[^>]*?(?:href|imagesrcset)="([^"]+)"/g);
      for (const image of attr(footer, /<img [^>]*src="([^"]+)"/g)) expect(preloads, `${file} preloads ${image}`).not.toContain(image);
    }
  });
});
