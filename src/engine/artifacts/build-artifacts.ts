import { createHash } from 'node:crypto';
import type { Locale } from '../../shared/locales';
import type { BuildInfo } from './build-info';
import { contentOf, type SiteContent } from '../markdown/content';
import { renderFeed, type FeedInput, type FeedPlan } from './feeds';
import { buildRobots, buildSitemap, type SitemapInput } from './sitemap';
import { CLIENT_MESSAGE_PREFIX, type MessageCatalog } from '../messages/messages';
import type { PagePlan } from '../plan/plan-pages';
import { NO_PREVIEW, type PreviewOptions } from '../plan/publication';
import type { Assets } from '../template-api';
import { ASSETS_DIR, BUILDS_DIR, type OutputFiles } from '../base/output-paths';
import type { latestSearch } from '../search/search-index';



/** The JSON files the pages and widgets read: latest build, route manifest, payloads, messages. */
export function buildArtifacts(
  pages: readonly PagePlan[],
  content: SiteContent,
  catalog: MessageCatalog,
  info: BuildInfo,
  /** Watch mode: payloads of pages whose plan and data are the same objects as before. */
  known?: WeakMap<object, { data: unknown; headings: unknown; json: Uint8Array }>,
  /** What a preview build shows besides published pages: noted in `latest.json`, so that no later build takes its pages for published ones. */
  preview: PreviewOptions = NO_PREVIEW,
  /**
   * Each locale's search bundle and shards (`search/`, `latestSearch`), named in `latest.json`, which
   * the search box reads when opened: the pages do not name it, so a new index does not change every page.
   */
  search?: ReturnType<typeof latestSearch>,
): OutputFiles {
  const files: OutputFiles = new Map();
  const isPreview = preview.drafts || preview.future;
  files.set(`${BUILDS_DIR}/latest.json`, JSON.stringify({ id: info.id, release: info.release, timestamp: info.timestamp, ...(isPreview ? { preview } : {}), ...search }));
  files.set(`${BUILDS_DIR}/meta/${info.release}.json`, JSON.stringify(routeManifest(pages, info)));
  for (const page of pages) {
    const { data, headings } = contentOf(content, page.routeId, page.locale);
    const seen = known?.get(page);
    if (seen && seen.data === data && seen.headings === headings) {
      files.set(page.payloadPath, seen.json);
      continue;
    }
    // As its UTF-8 bytes: held until the write, and a string of it is two bytes a character
    // wherever the data has a letter past U+00FF (at 10,000 articles x 3, 86 MB against 34).
    const json = Buffer.from(
      JSON.stringify({
        routeId: page.routeId,
        locale: page.locale,
        url: page.url,
        canonical: page.canonical,
        title: data.title,
        description: data.description,
        alternates: page.alternates,
        data,
        headings,
      }),
    );
    known?.set(page, { data, headings, json });
    files.set(page.payloadPath, json);
  }
  for (const [locale, messages] of Object.entries(catalog) as [Locale, MessageCatalog[Locale]][]) {
    const client: Record<string, string> = {};
    for (const [key, message] of messages) if (key.startsWith(CLIENT_MESSAGE_PREFIX)) client[key] = message.text;
    files.set(`_i18n/${info.release}/${locale}/messages.json`, JSON.stringify(client));
  }
  return files;
}

/** What search engines and feed readers read: `sitemap.xml`, `robots.txt` and every feed. */
export function buildSearchFiles(pages: readonly PagePlan[], feeds: readonly FeedPlan[], input: SitemapInput & FeedInput): OutputFiles {
  return new Map([
    ['sitemap.xml', buildSitemap(pages, input)],
    ['robots.txt', buildRobots(input.siteUrl)],
    ...feeds.map((feed) => [feed.outputPath, renderFeed(feed, input)] as const),
  ]);
}

/** Every page URL with its route, locale and the route's URL in each locale. */
function routeManifest(pages: readonly PagePlan[], info: BuildInfo) {
  return {
    release: info.release,
    routes: Object.fromEntries(
      pages.map((page) => [page.url, { route: page.routeId, locale: page.locale, alternates: page.alternates }]),
    ),
  };
}

/**
 * A stylesheet up to this size (minified, before compression) is inlined into every page: a
 * separate file would be a render-blocking request, one more round trip before the first paint
 * on a slow connection, while inlined it costs each page a few kilobytes compressed.
 */
export const INLINE_STYLESHEET_LIMIT = 24 * 1024;

/**
 * The stylesheet under a content-hashed name, and inlined too when small (see
 * INLINE_STYLESHEET_LIMIT): a page past the first round trip links it all the same
 * (`render/first-round-trip.ts`); and the files of `public/` as they are.
 */
export function buildAssets(
  css: string,
  publicFiles: ReadonlyMap<string, Buffer>,
  limit = INLINE_STYLESHEET_LIMIT,
): { files: OutputFiles; stylesheet: Assets['stylesheet'] } {
  const files: OutputFiles = new Map(publicFiles);
  const hash = createHash('sha256').update(css).digest('hex').slice(0, 10);
  const file = `${ASSETS_DIR}/site-${hash}.css`;
  files.set(file, css);
  // A `</style` in the CSS (in a string or comment) would end the element early.
  const inline = Buffer.byteLength(css) <= limit && !/<\/style/i.test(css) ? css : undefined;
  return { files, stylesheet: { url: `/${file}`, inline } };
}
