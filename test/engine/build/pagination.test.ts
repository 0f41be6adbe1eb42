import { existsSync } from 'node:fs';
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, BuildFailure } from '../../../src/engine/index';
import { smallSite } from '../../helpers/small-site';
import { BUILD_EPOCH } from '../../helpers/publication-site';
import { edit, lineOf, runCli } from '../../helpers/site';

const LOCALES = ['en', 'hu', 'de'] as const;
/** Five articles besides the small site's one, newest first by their dates; the oldest is a draft in hu. */
const ADDED = [1, 2, 3, 4, 5].map((n) => ({ id: `article-paged-${n}`, date: `2025-11-0${n}`, marker: `Pagemarker${n}` }));

/** The small site with six articles and a blog of two cards a page and tag listings: three pages in en and de, two in hu (where one is a draft). */
async function paginatedSite(): Promise<string> {
  const root = await smallSite();
  await edit(root, 'content/routes.yaml', (text) => text.replace(/(    content: blog\n)(    paginate: true\n    tags: true\n)/, '$1    paginate: 2\n    tags: true\n'));
  for (const { id, date, marker } of ADDED) {
    await appendFile(path.join(root, 'content/routes.yaml'), `\n  - id: ${id}\n    template: article\n    content: blog/${id}\n    parent: blog\n    paths: { en: /${id}, hu: /${id}-hu, de: /${id}-de }\n`);
    for (const locale of LOCALES) {
      const draft = locale === 'hu' && id === 'article-paged-1' ? 'draft: true\n' : '';
      await writeFile(
        path.join(root, 'content', locale, 'blog', `${id}.md`),
        `---\ntitle: "Paged notes ${marker}"\ndescription: "An article that fills the pages of the blog so that its hub needs more than one page of cards."\ndate: ${date}\nauthor: "Kestrelbyte Editorial Team"\ntags: [automation]\n${draft}---\n\nText of ${marker}.\n`,
      );
    }
  }
  return root;
}

const html = (out: string, url: string) => readFile(path.join(out, url === '/' ? '' : url.slice(1), 'index.html'), 'utf8');
const cardLinks = (page: string) => [...page.matchAll(/<h2 class="card__title"><a href="([^"]+)"/g)].map((match) => match[1]);

describe('a paginated hub', { timeout: 240_000 }, () => {
  let root: string;
  let out: string;

  beforeAll(async () => {
    root = await paginatedSite();
    out = path.join(root, 'dist');
    await build({ root, env: BUILD_EPOCH, cache: false });
  });

  it('lists its children newest first, a page\'s share on each, at localized paths; page 1 stays at the hub\'s path', async () => {
    const pages = await Promise.all(['/blog', '/blog/page/2', '/blog/page/3'].map((url) => html(out, url)));
    const listed = pages.map(cardLinks);
    expect(listed.map((links) => links.length)).toEqual([2, 2, 2]);
    expect(listed.flat()).toEqual(['/article-paged-5', '/article-paged-4', '/article-paged-3', '/article-paged-2', '/article-paged-1', '/the-four-day-working-week-1']);
    expect(existsSync(path.join(out, 'blog/page/1'))).toBe(false);
    expect(existsSync(path.join(out, 'blog/page/4'))).toBe(false);
    for (const url of ['/en/blog/page/3', '/de/blog/seite/3', '/hu/blog/oldal/2']) expect(existsSync(path.join(out, url.slice(1), 'index.html')), url).toBe(true);
    // The Hungarian blog has five articles (one is a draft): two pages and a half.
    expect(existsSync(path.join(out, 'hu/blog/oldal/3', 'index.html'))).toBe(true);
    expect(cardLinks(await html(out, '/hu/blog/oldal/3'))).toHaveLength(1);
  });

  it('gives each page its own title, a self canonical, rel prev and next, and numbered links that need no script', async () => {
    const second = await html(out, '/blog/page/2');
    expect(second).toMatch(/<title>Blog – page 2 \| Kestrelbyte<\/title>/);
    expect(second).toContain('<link rel="canonical" href="https://www.kestrelbyte.example/blog/page/2"/>');
    expect(second).toContain('<link rel="prev" href="https://www.kestrelbyte.example/blog"/>');
    expect(second).toContain('<link rel="next" href="https://www.kestrelbyte.example/blog/page/3"/>');
    expect(second).toMatch(/<nav class="pagination" aria-label="Pages"><ul><li><a href="\/blog" rel="prev">Previous page<\/a><\/li><li><a href="\/blog" aria-label="Page 1">1<\/a><\/li><li><a href="\/blog\/page\/2" aria-current="page" aria-label="Page 2">2<\/a><\/li><li><a href="\/blog\/page\/3" aria-label="Page 3">3<\/a><\/li><li><a href="\/blog\/page\/3" rel="next">Next page<\/a><\/li><\/ul><\/nav>/);
    const first = await html(out, '/blog');
    expect(first).not.toContain('rel="prev"');
    expect(first).toContain('<link rel="next" href="https://www.kestrelbyte.example/blog/page/2"/>');
    expect(await html(out, '/de/blog/seite/2')).toMatch(/<title>Blog – Seite 2 \|/);
    const hu = await html(out, '/hu/blog/oldal/2');
    expect(hu).toMatch(/<title>Blog – 2\. oldal \|/);
    expect(hu).toContain('<link rel="canonical" href="https://www.kestrelbyte.example/hu/blog/oldal/2"/>');
    // Page 3 exists in every locale; alternates name page 3 of each.
    const third = await html(out, '/blog/page/3');
    expect(third).toContain('hrefLang="hu" href="https://www.kestrelbyte.example/hu/blog/oldal/3"');
    expect(third).toContain('hrefLang="de" href="https://www.kestrelbyte.example/de/blog/seite/3"');
    expect(third).not.toContain('rel="next"');
  });

  it('puts every page in the sitemap, keeps one feed per hub, and passes check', async () => {
    const sitemap = await readFile(path.join(out, 'sitemap.xml'), 'utf8');
    for (const url of ['/blog/page/2', '/blog/page/3', '/hu/blog/oldal/2', '/hu/blog/oldal/3', '/de/blog/seite/2']) expect(sitemap).toContain(`<loc>https://www.kestrelbyte.example${url}</loc>`);
    expect(existsSync(path.join(out, 'blog/page/2/feed.xml'))).toBe(false);
    expect((await readFile(path.join(out, 'blog/feed.xml'), 'utf8')).match(/<entry>/g)).toHaveLength(6);
    const checked = await runCli(['check', '--root', root]);
    expect(checked.stderr).toBe('');
    expect(checked.code).toBe(0);
  });

  it('refuses a path segment that is not one, at its line in the route table', async () => {
    const text = await edit(root, 'content/routes.yaml', (yaml) => yaml.replace('hu: oldal', 'hu: "ol/dal"'));
    try {
      const failure = await build({ root, write: false, env: BUILD_EPOCH }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(BuildFailure);
      const [error] = (failure as BuildFailure).errors;
      expect(error!.file).toBe(path.join(root, 'content/routes.yaml'));
      expect(error!.line).toBe(lineOf(text, 'ol/dal'));
    } finally {
      await edit(root, 'content/routes.yaml', (yaml) => yaml.replace('hu: "ol/dal"', 'hu: oldal'));
    }
  });

  it('lists each tag of the blog\'s published children per locale, paginated the same way, with localized names and a tag cloud', async () => {
    // Five added articles have the tag automation (four in hu, where one is a draft); two cards a page.
    for (const url of ['/blog/tag/automation', '/blog/tag/automation/page/2', '/blog/tag/automation/page/3', '/hu/blog/cimke/automation/oldal/2', '/de/blog/schlagwort/automation/seite/3']) {
      expect(existsSync(path.join(out, url.slice(1), 'index.html')), url).toBe(true);
    }
    expect(existsSync(path.join(out, 'hu/blog/cimke/automation/oldal/3'))).toBe(false);
    const third = await html(out, '/blog/tag/automation/page/3');
    expect(third).toMatch(/<title>Blog: Automation – page 3 \| Kestrelbyte<\/title>/);
    expect(cardLinks(third)).toEqual(['/article-paged-1']);
    // The German name, and hreflang to the same listing's page 3 where it has one.
    const german = await html(out, '/de/blog/schlagwort/automation');
    expect(german).toMatch(/<title>Blog: Automatisierung \|/);
    expect(third).toContain('hrefLang="de" href="https://www.kestrelbyte.example/de/blog/schlagwort/automation/seite/3"');
    expect(third).not.toContain('<link rel="alternate" hrefLang="hu"');
    // The hub's cloud: every tag with its listing and count, in the page's language.
    // Without the soft hyphens long words get in the main content.
    const hub = (await html(out, '/hu/blog')).replaceAll('\u00ad', '');
    expect(hub).toContain('<a href="/hu/blog/cimke/automation">Automatizálás (4)</a>');
    expect(hub).toContain('<a href="/hu/blog/cimke/four-day-week">Négynapos munkahét (1)</a>');
    const sitemap = await readFile(path.join(out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://www.kestrelbyte.example/hu/blog/cimke/automation/oldal/2</loc>');
  });

  it('makes a tag without a name in a locale an error at the tag', async () => {
    const file = 'content/de/blog/article-paged-2.md';
    const text = await edit(root, file, (body) => body.replace('tags: [automation]', 'tags: [automation, unnamed-topic]'));
    try {
      const failure = await build({ root, write: false, env: BUILD_EPOCH }).then(
        () => undefined,
        (error: unknown) => error,
      );
      const errors = (failure as BuildFailure).errors;
      expect(errors.map((error) => error.code)).toEqual(['content/unknown-tag']);
      expect([errors[0]!.file, errors[0]!.line, errors[0]!.column]).toEqual([path.join(root, file), lineOf(text, 'unnamed-topic'), text.split('\n')[lineOf(text, 'unnamed-topic') - 1]!.indexOf('unnamed-topic') + 1]);
    } finally {
      await edit(root, file, (body) => body.replace('tags: [automation, unnamed-topic]', 'tags: [automation]'));
    }
  });
});
