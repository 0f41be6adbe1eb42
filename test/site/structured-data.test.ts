import { gzipSync } from 'node:zlib';
import { imageSize } from 'image-size';
import { beforeAll, describe, expect, it } from 'vitest';
import { realSite, type RealSite } from '../helpers/real-site';

const ORIGIN = 'https://www.kestrelbyte.example';
const OG_LOCALES: Record<string, string> = { en: 'en_US', hu: 'hu_HU', de: 'de_DE' };
let site: RealSite;
const html = (file: string) => site.files.get(file) as string;
const meta = (page: string, key: string) =>
  [...page.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"\/>/g)].filter((m) => m[1] === key).map((m) => m[2]!);
const one = (page: string, key: string) => {
  const values = meta(page, key);
  expect(values, key).toHaveLength(1);
  return values[0]!;
};

/** Every JSON-LD object of a page, parsed from its script's text as a browser would read it. */
function jsonLd(page: string): Array<Record<string, any>> {
  return [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => {
    expect(m[1]).not.toMatch(/[<>]/);
    return JSON.parse(m[1]!);
  });
}
const ofType = (page: string, type: string) => jsonLd(page).filter((object) => object['@type'] === type);

/** schema.org's and Google's required properties are there and not empty. */
function expectProperties(object: Record<string, any>, names: readonly string[]) {
  for (const name of names) {
    const value = object[name];
    expect(value, `${object['@type']}.${name}`).toBeDefined();
    expect(value === '' || (Array.isArray(value) && value.length === 0), `${object['@type']}.${name} is empty`).toBe(false);
  }
}
const isAbsolute = (url: unknown) => typeof url === 'string' && url.startsWith(`${ORIGIN}/`);
const isDay = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value));

beforeAll(async () => {
  site = await realSite();
});

describe('OpenGraph and Twitter cards', () => {
  it('every page has its title, description, canonical URL, locale and the other locales', () => {
    for (const plan of site.pages) {
      const page = html(plan.outputPath);
      expect(one(page, 'og:url'), plan.url).toBe(ORIGIN + plan.canonical);
      expect(one(page, 'og:title').length).toBeGreaterThan(2);
      expect(one(page, 'og:description')).toBe(/<meta name="description" content="([^"]*)"/.exec(page)![1]);
      expect(one(page, 'og:site_name')).toBe('Kestrelbyte');
      expect(one(page, 'og:type')).toBe(plan.template === 'article' ? 'article' : 'website');
      expect(one(page, 'og:locale')).toBe(OG_LOCALES[plan.locale]);
      expect(meta(page, 'og:locale:alternate').sort()).toEqual(Object.values(OG_LOCALES).filter((l) => l !== OG_LOCALES[plan.locale]).sort());
      expect(one(page, 'twitter:card')).toBe('summary_large_image');
      expect(one(page, 'twitter:title')).toBe(one(page, 'og:title'));
      expect(one(page, 'twitter:image')).toBe(one(page, 'og:image'));
    }
  });

  it('shares a 1200x630 PNG by its absolute URL, with its size, type and a localized alt text', () => {
    const alts = new Set<string>();
    for (const plan of site.pages) {
      const page = html(plan.outputPath);
      expect(one(page, 'og:image')).toBe(`${ORIGIN}/images/share.png`);
      expect([one(page, 'og:image:width'), one(page, 'og:image:height'), one(page, 'og:image:type')]).toEqual(['1200', '630', 'image/png']);
      alts.add(one(page, 'og:image:alt'));
    }
    expect(alts.size).toBe(3);
    const image = imageSize(site.files.get('images/share.png') as Uint8Array);
    expect([image.type, image.width, image.height]).toEqual(['png', 1200, 630]);
    const logo = imageSize(site.files.get('images/logo.png') as Uint8Array);
    expect([logo.type, logo.width, logo.height]).toEqual(['png', 512, 512]);
  });

  it('gives articles their dates and tags', () => {
    const page = html('clickup-as-erp/index.html');
    expect(one(page, 'article:published_time')).toBe('2025-07-08');
    expect(meta(page, 'article:tag')).toEqual(['ClickUp', 'ERP', 'Process design']);
  });

  it('has them on the error pages too, without a URL', () => {
    const page = html('404.html');
    expect(one(page, 'og:locale')).toBe('en_US');
    expect(meta(page, 'og:url')).toEqual([]);
  });
});

describe('JSON-LD', () => {
  it('describes the company on every page', () => {
    for (const page of [...site.pages.map((plan) => html(plan.outputPath)), html('404.html'), html('error.html')]) {
      const [org, ...more] = ofType(page, 'Organization');
      expect(more).toEqual([]);
      expect(org!['@context']).toBe('https://schema.org');
      expectProperties(org!, ['name', 'url', 'logo', 'address', 'email', 'telephone']);
      expect(org!.url).toBe(`${ORIGIN}/`);
      expect(isAbsolute(org!.logo)).toBe(true);
      expect(org!.address).toMatchObject({ '@type': 'PostalAddress', addressLocality: 'Budapest', addressCountry: 'HU' });
    }
  });

  it('has a BreadcrumbList on every page inside a hub, ending at the page', () => {
    for (const plan of site.pages) {
      const lists = ofType(html(plan.outputPath), 'BreadcrumbList');
      if (!plan.parent) {
        expect(lists, plan.url).toEqual([]);
        continue;
      }
      expect(lists).toHaveLength(1);
      const items = lists[0]!.itemListElement as any[];
      expect(items.length).toBeGreaterThanOrEqual(3);
      items.forEach((item, index) => {
        expectProperties(item, ['position', 'name', 'item']);
        expect(item.position).toBe(index + 1);
        expect(isAbsolute(item.item) || item.item === ORIGIN + '/').toBe(true);
      });
      expect(items[0].item).toBe(ORIGIN + { en: '/', hu: '/hu', de: '/de' }[plan.locale]);
      expect(items.at(-1).item).toBe(ORIGIN + plan.canonical);
    }
    const items = ofType(html('hu/clickup-vallalat-iranyitasi-rendszer/index.html'), 'BreadcrumbList')[0]!.itemListElement;
    expect(items.map((item: any) => item.item)).toEqual([`${ORIGIN}/hu`, `${ORIGIN}/hu/blog`, `${ORIGIN}/hu/clickup-vallalat-iranyitasi-rendszer`]);
  });

  it('has a BlogPosting on every article with the required and recommended properties', () => {
    for (const plan of site.pages.filter((p) => p.template === 'article')) {
      const posts = ofType(html(plan.outputPath), 'BlogPosting');
      expect(posts, plan.url).toHaveLength(1);
      const post = posts[0]!;
      expectProperties(post, ['headline', 'datePublished', 'dateModified', 'author', 'publisher', 'image', 'mainEntityOfPage', 'description', 'inLanguage']);
      expect(post.headline.length).toBeLessThanOrEqual(110);
      expect(isDay(post.datePublished) && isDay(post.dateModified)).toBe(true);
      expect(post.mainEntityOfPage['@id']).toBe(ORIGIN + plan.canonical);
      expect(post.author).toMatchObject({ '@type': 'Organization' });
      expectProperties(post.author, ['name', 'url']);
      expectProperties(post.publisher, ['name', 'logo']);
      expect(isAbsolute(post.image.url)).toBe(true);
    }
    expect(site.pages.filter((p) => p.template !== 'article').every((p) => ofType(html(p.outputPath), 'BlogPosting').length === 0)).toBe(true);
  });

  it("has a JobPosting on each position's page, and none on the career page that lists them", () => {
    const positions = site.pages.filter((plan) => plan.template === 'position');
    expect(positions).toHaveLength(12);
    for (const plan of positions) {
      const page = html(plan.outputPath);
      const [job, ...more] = ofType(page, 'JobPosting');
      expect(more, plan.url).toEqual([]);
      expect(job!.identifier.value).toBe(/<article id="([^"]+)" class="position">/.exec(page)![1]);
      expect(job!.url).toBe(ORIGIN + plan.canonical);
      expect(job!.title).toBe(one(page, 'og:title'));
      expectProperties(job!, ['title', 'description', 'datePosted', 'hiringOrganization', 'validThrough', 'employmentType']);
      expect(isDay(job!.datePosted) && isDay(job!.validThrough)).toBe(true);
      expect(Date.parse(job!.validThrough)).toBeGreaterThan(Date.parse(job!.datePosted));
      // The summary, the text about the role, then the lists.
      expect(job!.description).toMatch(/^<p>.+<\/p><p>.+<\/ul>$/s);
      expectProperties(job!.hiringOrganization, ['name', 'sameAs']);
      if (job!.jobLocationType === 'TELECOMMUTE') {
        expect(job!.applicantLocationRequirements.length).toBeGreaterThan(0);
        for (const country of job!.applicantLocationRequirements) expect(country).toMatchObject({ '@type': 'Country', name: expect.stringMatching(/^[A-Z]{2}$/) });
      } else {
        expect(job!.jobLocation).toMatchObject({ '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Budapest', addressCountry: 'HU' } });
      }
    }
    expect(positions.filter((plan) => ofType(html(plan.outputPath), 'JobPosting')[0]!.jobLocationType === 'TELECOMMUTE')).toHaveLength(4);
    expect(ofType(html('hu/karrier/senior-react-fejleszto/index.html'), 'JobPosting')[0]!.title).toBe('Senior React/TypeScript-fejlesztő');
    for (const file of ['career/index.html', 'en/career/index.html', 'hu/karrier/index.html', 'de/karriere/index.html']) {
      expect(ofType(html(file), 'JobPosting'), file).toEqual([]);
      expect([...html(file).matchAll(/<article id="([^"]+)" class="position">/g)].map((m) => m[1])).toEqual(['senior-react-developer', 'clickup-automation-consultant', 'it-operations-engineer']);
    }
  });

  it('comes at the end of the body, where gzip finds the text it repeats', () => {
    for (const page of [...site.pages.map((plan) => html(plan.outputPath)), html('404.html')]) {
      const first = page.indexOf('<script type="application/ld+json">');
      expect(first).toBeGreaterThan(page.lastIndexOf('</footer>'));
      expect(page.slice(first)).toMatch(/^(<script type="application\/ld\+json">[^<]*<\/script>)+<\/body><\/html>$/);
    }
    // In the head before the inlined stylesheet, a description is farther from the posting's
    // text it repeats, past gzip's reach (32 KB) for part of it.
    const page = html('hu/karrier/clickup-automatizalasi-tanacsado/index.html');
    const scripts = page.match(/<script type="application\/ld\+json">[^<]*<\/script>/g)!.join('');
    const inHead = page.replace(scripts, '').replace('<style>', `${scripts}<style>`);
    expect(gzipSync(page).length).toBeLessThan(gzipSync(inHead).length);
  });

  it('escapes markup inside the script, so a job description cannot end it', () => {
    const script = /<script type="application\/ld\+json">(\{"@context":"https:\/\/schema.org","@type":"JobPosting"[\s\S]*?)<\/script>/.exec(html('career/senior-react-developer/index.html'))![1]!;
    expect(script).toContain('\\u003Cp\\u003E');
    expect(JSON.parse(script).description.startsWith('<p>')).toBe(true);
  });
});
