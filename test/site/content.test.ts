import { readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { realSite, type RealSite } from '../helpers/real-site';
import { REPO } from '../helpers/site';

interface RouteEntry {
  id: string;
  template: string;
  content: string;
}

const routes = (parse(readFileSync(path.join(REPO, 'content/routes.yaml'), 'utf8')) as { routes: RouteEntry[] }).routes;
const LOCALES = ['en', 'hu', 'de'] as const;

function source(route: RouteEntry, locale: string) {
  const file = path.join(REPO, 'content', locale, `${route.content}.md`);
  const { data, content } = matter(readFileSync(file, 'utf8'));
  return { file, data: data as Record<string, unknown>, body: content };
}

/** Words of a Markdown body: tokens with a letter or digit (table pipes and list marks do not count). */
function words(markdown: string): number {
  return markdown.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

describe('the site\'s content', () => {
  it.each(routes.map((route) => [route.id, route] as const))('%s has a title, a description and a body in every locale', (_, route) => {
    for (const locale of LOCALES) {
      const { file, data, body } = source(route, locale);
      expect(String(data.title ?? '').trim(), file).not.toBe('');
      expect(String(data.description ?? '').trim().length, file).toBeGreaterThanOrEqual(50);
      expect(String(data.description ?? '').trim().length, file).toBeLessThanOrEqual(170);
      expect(words(body), file).toBeGreaterThanOrEqual(20);
    }
  });

  const articles = routes.filter((route) => route.template === 'article');
  it('has the nine blog articles, each at least 700 words in English with headings, a list and a summary', () => {
    expect(articles).toHaveLength(9);
    for (const article of articles) {
      const { file, body } = source(article, 'en');
      expect(words(body), file).toBeGreaterThanOrEqual(700);
      expect(body, file).toMatch(/^## /m);
      expect(body, file).toMatch(/^(- |\d+\. )/m);
      expect(body, file).toMatch(/^## Summary$/m);
    }
  });

  it('writes the translations at comparable length', () => {
    for (const article of articles) {
      const en = words(source(article, 'en').body);
      for (const locale of ['hu', 'de']) {
        const { file, body } = source(article, locale);
        expect(words(body) / en, file).toBeGreaterThan(0.75);
      }
    }
  });
});

describe('the built pages', () => {
  let site: RealSite;
  beforeAll(async () => {
    site = await realSite();
  });

  it('contain no placeholder text', () => {
    for (const [file, content] of site.files) {
      if (!file.endsWith('.html') && !file.endsWith('.json')) continue;
      const text = String(content);
      expect(text, file).not.toMatch(/lorem ipsum|\blorem\b/i);
      expect(text, file).not.toMatch(/\bTODO\b|\bTBD\b|\bFIXME\b|\{token\}/);
    }
  });

  it('give every image an alt text, a width and a height', () => {
    for (const page of site.pages) {
      const html = String(site.files.get(page.outputPath));
      for (const img of html.match(/<img\b[^>]*>/g) ?? []) {
        expect(img, page.url).toMatch(/\balt="/);
        expect(img, page.url).toMatch(/\bwidth="\d+"/);
        expect(img, page.url).toMatch(/\bheight="\d+"/);
      }
    }
  });

  it('link the privacy policy and the legal notice from every page footer', () => {
    for (const page of site.pages) {
      const html = String(site.files.get(page.outputPath));
      const footer = html.slice(html.indexOf('<footer'));
      const [privacy, imprint] = ({
        en: ['/privacy-policy', '/imprint'],
        hu: ['/hu/adatvedelem', '/hu/impresszum'],
        de: ['/de/datenschutz', '/de/impressum'],
      } as Record<string, [string, string]>)[page.locale]!;
      expect(footer, page.url).toContain(`href="${privacy}"`);
      expect(footer, page.url).toContain(`href="${imprint}"`);
    }
  });
});
