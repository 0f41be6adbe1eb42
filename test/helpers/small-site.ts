import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { markTranslations } from '../../src/engine/translations/mark';
import sharp from 'sharp';
import { copySite, REPO } from './site';

/** One page of each detail template; the other detail routes are left out (the offer form lists every service). */
const KEPT_DETAIL_ROUTES = new Set(['article-four-day-week-1', 'case-producer-plants', 'tender-export-market', 'position-senior-react-developer']);
const DETAIL_TEMPLATES = new Set(['article', 'case-study', 'tender', 'position']);
/**
 * The site's own raster images, each a quarter of its width: every cold build encodes them
 * (AVIF and WebP at each width), which took as long as rendering the 84 pages.
 */
const RASTERS = ['public/images/share.png', 'public/images/logo.png'];
let smallRasters: Promise<Buffer[]> | undefined;
const smallerRasters = () =>
  (smallRasters ??= Promise.all(
    RASTERS.map(async (file) => {
      const image = sharp(path.join(REPO, file));
      const { width } = await image.metadata();
      return image.resize({ width: Math.round(width / 4) }).png().toBuffer();
    }),
  ));

/** Where a Markdown link to a route that was left out now points. */
const LINK_INSTEAD = 'contact';

/**
 * A copy of the real site trimmed to the routes the templates link to and one page of each
 * detail template (21 routes, 84 pages): every template and widget, in a fraction of the
 * whole site's build time. Content files of no route are removed; Markdown links to routes that were left out point at the contact page,
 * and the translations are marked as translating the English so changed, as the real site's are.
 * The share image and the logo are a quarter of their size (RASTERS).
 * `alsoKeep` names more detail routes to keep, for a test about those pages.
 */
export async function smallSite(alsoKeep: readonly string[] = []): Promise<string> {
  const root = await copySite();
  const file = path.join(root, 'content/routes.yaml');
  const doc = parseDocument(await readFile(file, 'utf8'));
  const routes = doc.toJS().routes as Array<{ id: string; template: string; content: string }>;
  const keep = new Set([...KEPT_DETAIL_ROUTES, ...alsoKeep]);
  const kept = routes.filter((route) => !DETAIL_TEMPLATES.has(route.template) || keep.has(route.id));
  for (const id of alsoKeep) if (!kept.some((route) => route.id === id)) throw new Error(`the real site has no route "${id}" to keep`);
  doc.set('routes', kept);
  await writeFile(file, doc.toString({ lineWidth: 0 }));
  const ids = new Set(kept.map((route) => route.id));
  const used = new Set(kept.map((route) => route.content));
  const content = path.join(root, 'content');
  for (const entry of await readdir(content, { recursive: true })) {
    if (!entry.endsWith('.md')) continue;
    const markdown = path.join(content, entry);
    if (!used.has(entry.split(path.sep).slice(1).join('/').replace(/\.md$/, ''))) {
      await rm(markdown);
      continue;
    }
    const text = await readFile(markdown, 'utf8');
    const relinked = text.replace(/\(route:([a-z0-9-]+)/g, (link, id: string) => (ids.has(id) ? link : `(route:${LINK_INSTEAD}`));
    if (relinked !== text) await writeFile(markdown, relinked);
  }
  const rasters = await smallerRasters();
  await Promise.all(RASTERS.map((file, index) => writeFile(path.join(root, file), rasters[index]!)));
  await markTranslations({ root, all: true, now: new Date('2026-01-01T00:00:00Z') });
  return root;
}
