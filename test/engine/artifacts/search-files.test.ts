import { describe, expect, it } from 'vitest';
import { build } from '../../../src/engine';
import type { SiteContent } from '../../../src/engine/markdown/content';
import { Problems } from '../../../src/engine/diagnostics/diagnostic';
import { planFeeds, renderFeed } from '../../../src/engine/artifacts/feeds';
import { planPages } from '../../../src/engine/plan/plan-pages';
import { parseRouteTable } from '../../../src/engine/plan/route-table';
import { buildSitemap } from '../../../src/engine/artifacts/sitemap';
import { smallSite } from '../../helpers/small-site';
import { edit, LOCALE_CODES, SITE_LOCALES } from '../../helpers/site';
import { parseXml } from '../../helpers/xml';

const ORIGIN = 'https://example.test';
const TIMESTAMP = Date.UTC(2026, 0, 15, 9, 30, 5);
const TRICKY = `Tips & tricks: <ERP> "done" right, isn't it?`;

/** A small site: home, a blog hub, an article with a date and one without, a noindex page. */
function fixture() {
  const problems = new Problems();
  const routes = parseRouteTable(
    `routes:
  - { id: home, template: home, content: home, paths: { en: /, hu: /, de: / } }
  - { id: blog, template: hub, content: blog, paths: { en: /blog, hu: /blog, de: /blog } }
  - { id: dated, template: article, content: dated, parent: blog, paths: { en: /dated, hu: /datumos, de: /datiert } }
  - { id: undated, template: article, content: undated, parent: blog, paths: { en: /undated, hu: /datum-nelkul, de: /undatiert } }
  - { id: thanks, template: result, content: thanks, parent: blog, paths: { en: /thanks, hu: /koszonjuk, de: /danke } }
`,
    'routes.yaml',
    SITE_LOCALES,
    problems,
  )!;
  const pages = planPages(routes, SITE_LOCALES, problems);
  const data: Record<string, Record<string, unknown>> = {
    home: { title: 'Home', description: 'Welcome' },
    blog: { title: 'Blog', description: 'What we write' },
    dated: { title: 'Dated', description: 'Has a date', date: '2025-03-05', updated: '2025-04-01', author: 'Team A', tags: ['x&y'] },
    undated: { title: TRICKY, description: 'No date <here>', summary: `A & B > C`, tags: [] },
    thanks: { title: 'Thanks', description: 'Sent' },
  };
  const content: SiteContent = new Map(
    Object.entries(data).map(([id, fields]) => [
      id,
      Object.fromEntries(LOCALE_CODES.map((locale) => [locale, { data: fields, html: '', headings: [], words: 0, readingMinutes: 1 }])) as any,
    ]),
  );
  expect(problems.errors).toEqual([]);
  return { pages, content, problems };
}

describe('sitemap and feeds from a page plan', () => {
  it('escapes titles and summaries, and dates an undated article by the build timestamp', () => {
    const { pages, content, problems } = fixture();
    const feeds = planFeeds(pages, (page) => page.template === 'article', problems);
    expect(feeds.map((feed) => [feed.url, feed.outputPath])).toEqual([
      ['/blog/feed.xml', 'blog/feed.xml'],
      ['/hu/blog/feed.xml', 'hu/blog/feed.xml'],
      ['/de/blog/feed.xml', 'de/blog/feed.xml'],
    ]);
    const xml = renderFeed(feeds[1]!, { content, siteUrl: ORIGIN, companyName: 'A & B <Kft.>', timestamp: TIMESTAMP, locales: SITE_LOCALES });
    expect(xml).toContain('Tips &amp; tricks: &lt;ERP&gt; &quot;done&quot; right, isn&apos;t it?');
    const atom = parseXml(xml, ['entry', 'link', 'category']).feed;
    expect(atom.title).toBe('Blog | A & B <Kft.>');
    expect(atom['@_xml:lang']).toBe('hu-HU');
    // The undated article takes the build's time, so it is the newest.
    expect(atom.entry.map((entry: any) => [entry.id, entry.published, entry.updated])).toEqual([
      [`${ORIGIN}/hu/datum-nelkul`, '2026-01-15T09:30:05Z', '2026-01-15T09:30:05Z'],
      [`${ORIGIN}/hu/datumos`, '2025-03-05T00:00:00Z', '2025-04-01T00:00:00Z'],
    ]);
    expect(atom.updated).toBe('2026-01-15T09:30:05Z');
    expect(atom.entry[0].title).toBe(TRICKY);
    expect(atom.entry[0].summary).toBe('A & B > C');
    // Without an author of its own, an entry has the feed's (the company).
    expect(atom.entry[0].author.name).toBe('A & B <Kft.>');
    expect(atom.entry[1].category).toEqual([{ '@_term': 'x&y' }]);
  });

  it('lists canonical URLs of indexed pages with the content date or the build timestamp', () => {
    const { pages, content } = fixture();
    const xml = buildSitemap(pages, { content, siteUrl: ORIGIN, timestamp: TIMESTAMP, indexed: (page) => page.template !== 'result', locales: SITE_LOCALES });
    const urls = parseXml(xml, ['url', 'xhtml:link']).urlset.url as any[];
    expect(urls.map((url) => [url.loc, url.lastmod])).toEqual([
      [`${ORIGIN}/`, '2026-01-15T09:30:05Z'],
      [`${ORIGIN}/hu`, '2026-01-15T09:30:05Z'],
      [`${ORIGIN}/de`, '2026-01-15T09:30:05Z'],
      [`${ORIGIN}/blog`, '2026-01-15T09:30:05Z'],
      [`${ORIGIN}/hu/blog`, '2026-01-15T09:30:05Z'],
      [`${ORIGIN}/de/blog`, '2026-01-15T09:30:05Z'],
      [`${ORIGIN}/dated`, '2025-04-01'],
      [`${ORIGIN}/hu/datumos`, '2025-04-01'],
      [`${ORIGIN}/de/datiert`, '2025-04-01'],
      [`${ORIGIN}/undated`, '2026-01-15T09:30:05Z'],
      [`${ORIGIN}/hu/datum-nelkul`, '2026-01-15T09:30:05Z'],
      [`${ORIGIN}/de/undatiert`, '2026-01-15T09:30:05Z'],
    ]);
    expect(urls[7]['xhtml:link'].map((link: any) => `${link['@_hreflang']} ${link['@_href']}`)).toEqual([
      `en ${ORIGIN}/dated`,
      `hu ${ORIGIN}/hu/datumos`,
      `de ${ORIGIN}/de/datiert`,
      `x-default ${ORIGIN}/dated`,
    ]);
  });
});

describe('a real build with markup characters in a title', () => {
  it('writes well-formed XML and escaped head tags', async () => {
    const root = await smallSite(['article-clickup-as-erp']);
    await edit(root, 'content/en/blog/clickup-as-erp.md', (text) => text.replace('title: "ClickUp as an ERP"', `title: ${JSON.stringify(TRICKY)}`));
    const site = await build({ root, write: false });
    const atom = parseXml(site.files.get('blog/feed.xml') as string, ['entry', 'link', 'category']).feed;
    expect(atom.entry.find((entry: any) => entry.id === 'https://www.kestrelbyte.example/clickup-as-erp').title).toBe(TRICKY);
    parseXml(site.files.get('sitemap.xml') as string);
    const html = site.files.get('clickup-as-erp/index.html') as string;
    expect(html).toContain('<meta property="og:title" content="Tips &amp; tricks: &lt;ERP&gt; &quot;done&quot; right, isn&#x27;t it?"/>');
    const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    expect(ld.find((object) => object['@type'] === 'BlogPosting').headline).toBe(TRICKY);
  });
});
