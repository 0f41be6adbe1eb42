import { beforeAll, describe, expect, it } from 'vitest';
import { realSite, type RealSite } from '../helpers/real-site';
import { parseXml } from '../helpers/xml';

const ORIGIN = 'https://www.kestrelbyte.example';
let site: RealSite;
const text = (file: string) => {
  const content = site.files.get(file);
  if (content === undefined) throw new Error(`${file} was not built`);
  return typeof content === 'string' ? content : Buffer.from(content).toString('utf8');
};
const noindex = (html: string) => /<meta name="robots" content="noindex"\/>/.test(html);
const articles = () => site.pages.filter((page) => page.template === 'article');

beforeAll(async () => {
  site = await realSite();
});

describe('sitemap.xml', () => {
  const entries = () =>
    parseXml(text('sitemap.xml'), ['url', 'xhtml:link']).urlset.url as Array<{
      loc: string;
      lastmod: string;
      'xhtml:link': Array<{ '@_rel': string; '@_hreflang': string; '@_href': string }>;
    }>;

  it('lists every indexable page once, at its canonical absolute URL', () => {
    const expected = site.pages
      .filter((page) => page.url === page.canonical && !noindex(text(page.outputPath)))
      .map((page) => ORIGIN + page.url);
    const locs = entries().map((entry) => entry.loc);
    expect(locs).toEqual(expected);
    expect(new Set(locs).size).toBe(locs.length);
    // Every route but the two form results, in three locales, and the hubs' tag listings and numbered pages, if any.
    const routes = new Set(site.pages.map((page) => page.routeId));
    const listings = site.pages.filter((page) => page.url === page.canonical && (page.tag !== undefined || (page.pagination?.page ?? 1) > 1)).length;
    expect(locs).toHaveLength((routes.size - 2) * 3 + listings);
    expect(locs).toContain(`${ORIGIN}/`);
    expect(locs).toContain(`${ORIGIN}/hu/karrier`);
    expect(locs.filter((loc) => loc.startsWith(`${ORIGIN}/en/`) || loc === `${ORIGIN}/en`)).toEqual([]);
  });

  it('leaves out pages that are noindex: the form results', () => {
    const locs = entries().map((entry) => entry.loc);
    for (const url of ['/successful-contact', '/hu/sikeres-bekuldes', '/de/fehlgeschlagen-kontakt']) {
      expect(noindex(text(`${url.slice(1)}/index.html`)), url).toBe(true);
      expect(locs).not.toContain(ORIGIN + url);
    }
  });

  it('gives each entry the same hreflang alternates as the page head, with x-default', () => {
    for (const entry of entries()) {
      const plan = site.pages.find((page) => ORIGIN + page.url === entry.loc)!;
      const html = text(plan.outputPath);
      const head = Object.fromEntries(
        [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]),
      );
      const links = Object.fromEntries(entry['xhtml:link'].map((link) => [link['@_hreflang'], link['@_href']]));
      expect(entry['xhtml:link'].every((link) => link['@_rel'] === 'alternate')).toBe(true);
      expect(Object.keys(links)).toEqual(['en', 'hu', 'de', 'x-default']);
      expect(links, entry.loc).toEqual(head);
      expect(links[plan.locale]).toBe(entry.loc);
    }
  });

  it('dates articles by their front matter and other pages by the build timestamp', () => {
    const byLoc = new Map(entries().map((entry) => [entry.loc, entry.lastmod]));
    expect(byLoc.get(`${ORIGIN}/clickup-as-erp`)).toBe('2025-07-08');
    expect(byLoc.get(`${ORIGIN}/de/clickup-als-ERP`)).toBe('2025-07-08');
    const buildTime = new Date(site.timestamp).toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect(byLoc.get(`${ORIGIN}/hu/karrier`)).toBe(buildTime);
  });

  it('is named in robots.txt by its absolute URL', () => {
    expect(text('robots.txt')).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${ORIGIN}/sitemap.xml\n`);
  });
});

describe('Atom feeds', () => {
  const feed = (file: string) => parseXml(text(file), ['entry', 'category', 'link']).feed;

  it.each([
    ['en', 'blog/feed.xml', '/blog'],
    ['hu', 'hu/blog/feed.xml', '/hu/blog'],
    ['de', 'de/blog/feed.xml', '/de/blog'],
  ])('the %s feed lists every article of the locale, newest first, with absolute canonical URLs', (locale, file, hub) => {
    const atom = feed(file);
    expect(atom['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(atom.id).toBe(`${ORIGIN}/${file}`);
    expect(atom.link.map((link: any) => [link['@_rel'], link['@_href']])).toEqual([
      ['self', `${ORIGIN}/${file}`],
      ['alternate', ORIGIN + hub],
    ]);
    const expected = articles().filter((page) => page.locale === locale && page.url === page.canonical);
    const entries = atom.entry as any[];
    expect(entries.map((entry) => entry.id).sort()).toEqual(expected.map((page) => ORIGIN + page.url).sort());
    const published = entries.map((entry) => entry.published);
    expect(published).toEqual([...published].sort().reverse());
    expect(atom.updated).toBe(published[0]);
    for (const entry of entries) {
      expect(entry.link[0]['@_href']).toBe(entry.id);
      expect(entry.published).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
      expect(entry.title.length).toBeGreaterThan(3);
      expect(entry.summary.length).toBeGreaterThan(40);
      expect(entry.author.name).toMatch(/Kestrelbyte/);
      expect(entry.category.length).toBeGreaterThan(0);
    }
  });

  it('is linked from the head of every page of its locale, and only there', () => {
    for (const plan of site.pages) {
      const links = [...text(plan.outputPath).matchAll(/<link rel="alternate" type="application\/atom\+xml" title="([^"]+)" href="([^"]+)"\/>/g)];
      const expected = plan.locale === 'en' ? '/blog/feed.xml' : `/${plan.locale}/blog/feed.xml`;
      expect(links.map((link) => link[2]), plan.url).toEqual([expected]);
      expect(links[0]![1]).toBe('Blog | Kestrelbyte');
      expect(site.files.has(expected.slice(1))).toBe(true);
    }
    expect(text('404.html')).toContain('href="/blog/feed.xml"');
  });
});
