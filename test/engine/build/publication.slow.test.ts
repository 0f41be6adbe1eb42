import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, BuildFailure, BuildSession } from '../../../src/engine/index';
import { BUILD_EPOCH, OUT_ARTICLES, OUT_TAG, PARTIAL, publicationSite } from '../../helpers/publication-site';
import { edit, lineOf, runCli, snapshotTree } from '../../helpers/site';

/** Every file of an output folder with its text. */
async function outputTexts(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const texts = new Map<string, string>();
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    texts.set(path.relative(dir, file), await readFile(file, 'utf8'));
  }
  return texts;
}

/** The files of an output that contain `needle` (case-insensitive: URLs percent-encode nothing here). */
function filesWith(texts: ReadonlyMap<string, string>, needle: string): string[] {
  const lower = needle.toLowerCase();
  return [...texts].filter(([, text]) => text.toLowerCase().includes(lower)).map(([name]) => name);
}

const localizedOut = (paths: Record<string, string>) => [`${paths.en}`, `/en${paths.en}`, `/hu${paths.hu}`, `/de${paths.de}`];

describe('drafts, scheduled and expired pages', { timeout: 240_000 }, () => {
  let root: string;
  let out: string;
  let texts: Map<string, string>;

  beforeAll(async () => {
    root = await publicationSite();
    out = path.join(root, 'dist');
    const result = await build({ root, env: BUILD_EPOCH, cache: false });
    expect(result.pages.length).toBeGreaterThan(0);
    texts = await outputTexts(out);
  });

  it('leave no trace in any output file of a production build: pages, cards, feeds, sitemap, hreflang, payloads, manifests', () => {
    expect(texts.size).toBeGreaterThan(50);
    for (const article of Object.values(OUT_ARTICLES)) {
      expect(filesWith(texts, article.marker), article.marker).toEqual([]);
      expect(filesWith(texts, article.id), article.id).toEqual([]);
      for (const url of localizedOut(article.paths)) {
        // As a link, an hreflang, a sitemap <loc>, a manifest key or an output path.
        expect(filesWith(texts, `${url}"`), url).toEqual([]);
        expect(filesWith(texts, `${url}<`), url).toEqual([]);
        expect([...texts.keys()].filter((name) => `/${name}`.startsWith(`${url}/`)), url).toEqual([]);
      }
    }
  });

  it('leave no tag listing of a tag only pages that are out have, and no count of them in the tag cloud', () => {
    for (const url of [`/blog/tag/${OUT_TAG}`, `/hu/blog/cimke/${OUT_TAG}`, `/de/blog/schlagwort/${OUT_TAG}`]) expect(filesWith(texts, url), url).toEqual([]);
    // The partly published article is the only one tagged automation in hu: a draft there, so no Hungarian listing.
    expect(filesWith(texts, '/hu/blog/cimke/automation')).toEqual([]);
    expect(texts.get('blog/index.html')).toContain('href="/blog/tag/automation"');
  });

  it('drop a page out in one locale from its siblings\' hreflang, the sitemap, the hub and feed of that locale; the language menu leads to that locale\'s home', () => {
    const en = texts.get(`${PARTIAL.paths.en.slice(1)}/index.html`)!;
    const de = texts.get(`de${PARTIAL.paths.de}/index.html`)!;
    expect(en).toContain(PARTIAL.marker);
    expect(de).toContain(PARTIAL.marker);
    for (const page of [en, de]) {
      expect(page).toMatch(/<link rel="alternate" hreflang="de"/i);
      expect(page).not.toMatch(/<link rel="alternate" hreflang="hu"/i);
      expect(page).toMatch(/<link rel="alternate" hreflang="x-default"/i);
      // The language menu's Hungarian choice is the Hungarian home page.
      expect(page).toMatch(/href="\/hu"[^>]*hreflang="hu"|hreflang="hu"[^>]*href="\/hu"/i);
    }
    expect(filesWith(texts, `/hu${PARTIAL.paths.hu}`)).toEqual([]);
    expect(existsSync(path.join(out, `hu${PARTIAL.paths.hu}`))).toBe(false);
    const sitemap = texts.get('sitemap.xml')!;
    const entry = sitemap.split('<url>').find((part) => part.includes(`<loc>https://`) && part.includes(`${PARTIAL.paths.en}</loc>`))!;
    expect(entry).toContain('hreflang="de"');
    expect(entry).not.toContain('hreflang="hu"');
    expect(texts.get('hu/blog/index.html')).not.toContain(PARTIAL.marker);
    expect(texts.get('hu/blog/feed.xml')).not.toContain(PARTIAL.marker);
    expect(texts.get('blog/index.html')).toContain(PARTIAL.marker);
    expect(texts.get('blog/feed.xml')).toContain(PARTIAL.marker);
  });

  it('give sitegen check nothing to miss', async () => {
    const checked = await runCli(['check', '--root', root]);
    expect(checked.stderr).toBe('');
    expect(checked.code).toBe(0);
  });

  it('show in a preview build (--drafts --future) with a label, into dist-preview/; expired pages stay out', async () => {
    const built = await runCli(['build', '--root', root, '--drafts', '--future', '--no-cache'], { env: BUILD_EPOCH });
    expect(built.code, built.stderr).toBe(0);
    const preview = await outputTexts(path.join(root, 'dist-preview'));
    const draft = preview.get(`${OUT_ARTICLES.draft.paths.en.slice(1)}/index.html`)!;
    expect(draft).toContain(OUT_ARTICLES.draft.marker);
    expect(draft).toMatch(/<p class="preview-label" role="note">Draft/);
    const scheduled = preview.get(`de${OUT_ARTICLES.scheduled.paths.de}/index.html`)!;
    expect(scheduled).toMatch(/<p class="preview-label" role="note">Geplant für 1\. März 2026 09:00/);
    expect(filesWith(preview, OUT_ARTICLES.expired.marker)).toEqual([]);
    expect(preview.get('hu/blog/index.html')).toContain(PARTIAL.marker);
    expect(JSON.parse(preview.get('_sitegen/builds/latest.json')!).preview).toEqual({ drafts: true, future: true });
    // Published pages have no label, and the production output is as it was.
    expect(preview.get('blog/index.html')).not.toContain('class="preview-label"');
    expect(filesWith(await outputTexts(out), OUT_ARTICLES.draft.marker)).toEqual([]);
  });

  it('--drafts alone shows drafts, not scheduled pages', async () => {
    const result = await build({ root, out: path.join(root, 'drafts-only'), env: BUILD_EPOCH, cache: false, drafts: true });
    const urls = new Set(result.pages.map((page) => page.url));
    expect(urls.has(OUT_ARTICLES.draft.paths.en)).toBe(true);
    expect(urls.has(OUT_ARTICLES.scheduled.paths.en)).toBe(false);
  });

  it('watch mode (a session) shows drafts and scheduled pages, labelled', async () => {
    const result = await build({ root, write: false, session: new BuildSession(), env: BUILD_EPOCH, drafts: true, future: true });
    const html = result.files.get(`hu${OUT_ARTICLES.scheduled.paths.hu}/index.html`);
    expect(String(html)).toContain('preview-label');
  });

  it('publishes a scheduled page with the first build after its time', async () => {
    // 2026-03-01T08:00:00Z is 09:00 at +01:00: the scheduled article's time.
    const at = { SOURCE_DATE_EPOCH: String(Date.UTC(2026, 2, 1, 8, 0, 0) / 1000) };
    const before = await build({ root, write: false, env: { SOURCE_DATE_EPOCH: String(Number(at.SOURCE_DATE_EPOCH) - 1) } });
    const after = await build({ root, write: false, env: at });
    expect(before.pages.some((page) => page.routeId === OUT_ARTICLES.scheduled.id)).toBe(false);
    expect(after.pages.filter((page) => page.routeId === OUT_ARTICLES.scheduled.id)).toHaveLength(4);
    expect(String(after.files.get('sitemap.xml'))).toContain(OUT_ARTICLES.scheduled.paths.en);
    expect(String(after.files.get('blog/feed.xml'))).toContain(OUT_ARTICLES.scheduled.marker);
  });

  it('makes a link from a published page to a page that is out a located error; a draft may link it', async () => {
    const file = 'content/en/blog/four-day-week-1.md';
    const text = await edit(root, file, (body) => `${body}\nRead [our plans](route:${OUT_ARTICLES.draft.id}).\n`);
    try {
      const failure = await build({ root, write: false, env: BUILD_EPOCH }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(BuildFailure);
      const errors = (failure as BuildFailure).errors;
      expect(errors.map((error) => error.code)).toEqual(['content/unpublished-link']);
      expect(errors[0]!.file).toBe(path.join(root, file));
      expect(errors[0]!.line).toBe(lineOf(text, `route:${OUT_ARTICLES.draft.id}`));
      expect(errors[0]!.column).toBe(text.split('\n')[errors[0]!.line! - 1]!.indexOf('route:') + 1);
      // The draft links the scheduled article and is no error; a preview shows both.
      await expect(build({ root, write: false, env: BUILD_EPOCH, drafts: true, future: true })).resolves.toBeDefined();
    } finally {
      await edit(root, file, () => text.replace(`\nRead [our plans](route:${OUT_ARTICLES.draft.id}).\n`, ''));
    }
  });
});

describe('publication and the build cache', { timeout: 240_000 }, () => {
  it('a warm build after a scheduled page\'s time writes what a build without the cache writes', async () => {
    const root = await publicationSite();
    const before = { SOURCE_DATE_EPOCH: BUILD_EPOCH.SOURCE_DATE_EPOCH };
    const after = { SOURCE_DATE_EPOCH: String(Date.UTC(2026, 2, 2) / 1000) };
    await build({ root, env: before });
    const warm = await build({ root, env: after });
    expect(warm.pages.some((page) => page.routeId === OUT_ARTICLES.scheduled.id)).toBe(true);
    const warmTree = await snapshotTree(path.join(root, 'dist'));
    await build({ root, out: path.join(root, 'cold'), env: after, cache: false, previous: path.join(root, 'dist') });
    const coldTree = await snapshotTree(path.join(root, 'cold'));
    expect(warmTree).toEqual(coldTree);
    // The hub lists it: pages that show it were rendered again, not reused.
    expect(await readFile(path.join(root, 'dist/blog/index.html'), 'utf8')).toContain(OUT_ARTICLES.scheduled.marker);
  });

  it('a page every page links (the legal notice, in the footer) cannot be out: a template error names the route', async () => {
    const root = await publicationSite();
    await edit(root, 'content/hu/imprint.md', (text) => text.replace(/^---\n/, '---\ndraft: true\n'));
    const failure = await build({ root, write: false, env: BUILD_EPOCH }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(BuildFailure);
    expect(new Set((failure as BuildFailure).errors.map((error) => error.code))).toEqual(new Set(['templates/unpublished-route']));
  });
});
