import { appendFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { smallSite } from './small-site';

/** The build time of the fixture's builds: 2026-01-01T00:00:00Z. */
export const BUILD_EPOCH = { SOURCE_DATE_EPOCH: '1767225600' };

/**
 * Articles of the fixture that no production build at BUILD_EPOCH may show, each with words
 * found nowhere else (its marker) and its own paths per locale.
 */
export const OUT_ARTICLES = {
  draft: { id: 'article-draft-plan', marker: 'Quillfeather', paths: { en: '/draft-plan', hu: '/piszkozat-terv', de: '/entwurf-plan' }, fields: 'draft: true' },
  scheduled: { id: 'article-scheduled-plan', marker: 'Marrowlight', paths: { en: '/scheduled-plan', hu: '/utemezett-terv', de: '/geplanter-plan' }, fields: 'publishDate: 2026-03-01T09:00:00+01:00' },
  expired: { id: 'article-expired-tender', marker: 'Cinderwick', paths: { en: '/expired-notice', hu: '/lejart-hirdetmeny', de: '/abgelaufene-meldung' }, fields: 'expiryDate: 2025-12-31' },
} as const;

/** Published in en and de, a draft in hu only. */
export const PARTIAL = { id: 'article-partly-out', marker: 'Tallowmere', paths: { en: '/partly-out', hu: '/reszben-kint', de: '/teilweise-draussen' } } as const;

const LOCALES = ['en', 'hu', 'de'] as const;

/** The tag only pages that are out have: its listing must not exist in a production build. */
export const OUT_TAG = 'gdpr';

function article(title: string, marker: string, fields: string, body = '', tag = 'automation'): string {
  return [
    '---',
    `title: "${title} ${marker}"`,
    `description: "An article about ${marker} planning that the editors write ahead of time, with enough words for a description."`,
    'date: 2025-12-01',
    'author: "Kestrelbyte Editorial Team"',
    `tags: [${tag}]`,
    ...(fields ? [fields] : []),
    '---',
    '',
    `The ${marker} article is written here.${body}`,
    '',
  ].join('\n');
}

function route(id: string, content: string, paths: Record<string, string>): string {
  return [
    '',
    `  - id: ${id}`,
    '    template: article',
    `    content: blog/${content}`,
    '    parent: blog',
    `    paths: { ${LOCALES.map((locale) => `${locale}: ${paths[locale]}`).join(', ')} }`,
    '',
  ].join('\n');
}

/**
 * The small site (`test/helpers/small-site.ts`), its blog with tag listings, with a draft, a scheduled and an expired
 * article in every locale, and one article that is a draft in Hungarian only. The draft links
 * the scheduled article (a draft may).
 */
export async function publicationSite(): Promise<string> {
  const root = await smallSite();
  const content = path.join(root, 'content');
  // The blog has its tag listings (as the real site's), so that a tag only drafts have is seen to have none.
  if (!/    content: blog\n    paginate: true\n    tags: true\n/.test(await readFile(path.join(content, 'routes.yaml'), 'utf8'))) throw new Error('the blog of the small site has no tag listings');
  for (const [name, entry] of Object.entries(OUT_ARTICLES)) {
    await appendFile(path.join(content, 'routes.yaml'), route(entry.id, `${name}-plan`, entry.paths));
    const link = name === 'draft' ? ` See [the scheduled one](route:${OUT_ARTICLES.scheduled.id}).` : '';
    for (const locale of LOCALES) await writeFile(path.join(content, locale, 'blog', `${name}-plan.md`), article('Planning notes', entry.marker, entry.fields, link, OUT_TAG));
  }
  await appendFile(path.join(content, 'routes.yaml'), route(PARTIAL.id, 'partly-out', PARTIAL.paths));
  for (const locale of LOCALES) {
    await writeFile(path.join(content, locale, 'blog', 'partly-out.md'), article('Partly published notes', PARTIAL.marker, locale === 'hu' ? 'draft: true' : ''));
  }
  return root;
}
