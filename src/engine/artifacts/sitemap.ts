import type { SiteLocales } from '../../shared/locales';
import { contentOf, type SiteContent } from '../markdown/content';
import { contentDates, isoTimestamp } from './content-dates';
import type { PagePlan } from '../plan/plan-pages';
import { escapeXml } from '../base/xml';

/** What the sitemap needs besides the page plan. */
export interface SitemapInput {
  content: SiteContent;
  /** The site's origin without a trailing slash (`url` of site.yaml). */
  siteUrl: string;
  /** The build timestamp (ms): `lastmod` of pages without a date of their own. */
  timestamp: number;
  /** false for pages kept out of search results (noindex). */
  indexed(page: PagePlan): boolean;
  /** The site's locales: x-default is the default locale's page. */
  locales: SiteLocales;
}

/**
 * `sitemap.xml`: one `<url>` per route and locale at its canonical URL (the `/en/...` forms
 * only point their canonical link there), with `lastmod` from the content's `updated` or
 * `date`, else the build timestamp, and `xhtml:link` alternates for every locale and
 * x-default.
 */
export function buildSitemap(pages: readonly PagePlan[], input: SitemapInput): string {
  const absolute = (path: string) => escapeXml(input.siteUrl + path);
  const buildTime = isoTimestamp(input.timestamp);
  const entries = pages
    .filter((page) => page.url === page.canonical && input.indexed(page))
    .map((page) => {
      const { updated } = contentDates(contentOf(input.content, page.routeId, page.locale).data);
      // A locale whose page is out of the build has no alternate; without the default's, no x-default.
      const fallback = page.alternates[input.locales.default];
      const links = [
        ...Object.entries(page.alternates),
        ...(fallback === undefined ? [] : [['x-default', fallback] as const]),
      ].map(([lang, path]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${absolute(path)}"/>`);
      return `<url><loc>${absolute(page.url)}</loc><lastmod>${updated ?? buildTime}</lastmod>${links.join('')}</url>`;
    });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** `robots.txt`: everything may be crawled; the sitemap is at its absolute URL. */
export function buildRobots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
