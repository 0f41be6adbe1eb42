import { localeInfo, type Locale, type SiteLocales } from '../../shared/locales';
import { contentOf, type SiteContent } from '../markdown/content';
import { contentDates, isoTimestamp } from './content-dates';
import type { Problems } from '../diagnostics/diagnostic';
import type { PagePlan } from '../plan/plan-pages';
import type { FeedLink } from '../template-api';
import { escapeXml } from '../base/xml';

/** An Atom feed of a hub in one locale: the hub's children whose template is in feeds. */
export interface FeedPlan {
  locale: Locale;
  /** The hub's canonical page in this locale. */
  hub: PagePlan;
  /** `/hu/blog/feed.xml`: `feed.xml` under the hub's canonical URL. */
  url: string;
  outputPath: string;
  /** The canonical pages of the hub's children that the feed lists. */
  entries: readonly PagePlan[];
}

export const FEED_FILE = 'feed.xml';
export const FEED_TYPE = 'application/atom+xml';

/**
 * One feed per hub and locale, for every hub with children whose template is in feeds
 * (`TemplateDefinition.feed`). Only canonical pages are listed, so English entries have
 * unprefixed URLs. A route whose URL is the feed's is an error.
 */
export function planFeeds(pages: readonly PagePlan[], inFeed: (page: PagePlan) => boolean, problems: Problems): FeedPlan[] {
  // A paginated hub has one feed, at its first page's URL.
  const canonical = pages.filter((page) => page.url === page.canonical && (page.pagination?.page ?? 1) === 1 && page.tag === undefined);
  const byUrl = new Map(pages.map((page) => [page.url, page]));
  // The feed entries of each hub and locale, in page order: one pass, not one per hub.
  const children = new Map<string, PagePlan[]>();
  for (const page of canonical) {
    if (page.parent === undefined || !inFeed(page)) continue;
    const key = `${page.parent}\0${page.locale}`;
    const list = children.get(key);
    if (list) list.push(page);
    else children.set(key, [page]);
  }
  const feeds: FeedPlan[] = [];
  for (const hub of canonical) {
    const entries = children.get(`${hub.routeId}\0${hub.locale}`) ?? [];
    if (entries.length === 0) continue;
    const url = hub.url === '/' ? `/${FEED_FILE}` : `${hub.url}/${FEED_FILE}`;
    const clash = byUrl.get(url);
    if (clash) {
      problems.add('routes/feed-url-taken', `route "${clash.routeId}" has the URL ${url}, which the ${hub.locale} feed of "${hub.routeId}" needs`, {
        ...clash.route.at.path(clash.locale),
        hint: `choose another path: ${FEED_FILE} under a hub's URL is its feed`,
      });
      continue;
    }
    feeds.push({ locale: hub.locale, hub, url, outputPath: url.slice(1), entries });
  }
  return feeds;
}

/** What a feed shows besides the plan. */
export interface FeedInput {
  content: SiteContent;
  siteUrl: string;
  companyName: string;
  /** The build timestamp (ms): the date of entries without one, and of a feed with no dates. */
  timestamp: number;
  /** The site's locales: a feed's `xml:lang` is its locale's tag. */
  locales: SiteLocales;
  /** The name of a tag id in a locale (its message `tags.<id>`), for entries' categories. */
  tagName?(locale: Locale, tag: string): string;
}

/** The feed's title: the hub's title in the feed's locale, then the company. */
export function feedTitle(feed: FeedPlan, input: Pick<FeedInput, 'content' | 'companyName'>): string {
  return `${contentOf(input.content, feed.hub.routeId, feed.locale).data.title} | ${input.companyName}`;
}

/** The feeds a page of each locale links in its head (`<link rel="alternate" type="application/atom+xml">`). */
export function feedLinks(feeds: readonly FeedPlan[], input: Pick<FeedInput, 'content' | 'companyName'>): Map<Locale, FeedLink[]> {
  const links = new Map<Locale, FeedLink[]>();
  for (const feed of feeds) {
    const list = links.get(feed.locale) ?? [];
    list.push({ url: feed.url, title: feedTitle(feed, input), type: FEED_TYPE });
    links.set(feed.locale, list);
  }
  return links;
}

/**
 * The Atom 1.0 document of a feed: absolute URLs, entries newest first with their summary,
 * author and tags. Dates are days at midnight UTC; a page without a date has the build's time.
 */
export function renderFeed(feed: FeedPlan, input: FeedInput): string {
  const absolute = (path: string) => escapeXml(input.siteUrl + path);
  const buildTime = isoTimestamp(input.timestamp);
  const dayTime = (day: string | undefined) => (day ? `${day}T00:00:00Z` : buildTime);
  const entries = feed.entries
    .map((page) => {
      const { data } = contentOf(input.content, page.routeId, page.locale);
      const { published, updated } = contentDates(data);
      return { page, data, published: dayTime(published), updated: dayTime(updated) };
    })
    // Stable: pages with the same date keep the route table's order.
    .sort((a, b) => b.published.localeCompare(a.published));
  const hubData = contentOf(input.content, feed.hub.routeId, feed.locale).data;
  const newest = entries.map((entry) => entry.updated).sort().at(-1) ?? buildTime;
  const text = (tag: string, value: string) => `<${tag}>${escapeXml(value)}</${tag}>`;
  const xmlEntries = entries.map(({ page, data, published, updated }) => {
    const author = typeof data.author === 'string' ? data.author : input.companyName;
    const tags = Array.isArray(data.tags) ? data.tags.filter((tag): tag is string => typeof tag === 'string') : [];
    return [
      '<entry>',
      text('id', input.siteUrl + page.url),
      text('title', data.title),
      `<link rel="alternate" type="text/html" href="${absolute(page.url)}"/>`,
      text('published', published),
      text('updated', updated),
      `<author>${text('name', author)}</author>`,
      text('summary', data.summary ?? data.description),
      // The term is the tag's id; the label its name in the feed's language.
      ...tags.map((tag) => {
        const label = input.tagName?.(feed.locale, tag);
        return `<category term="${escapeXml(tag)}"${label === undefined ? '' : ` label="${escapeXml(label)}"`}/>`;
      }),
      '</entry>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${localeInfo(input.locales, feed.locale).tag}">`,
    text('id', input.siteUrl + feed.url),
    text('title', feedTitle(feed, input)),
    text('subtitle', hubData.description),
    `<link rel="self" type="${FEED_TYPE}" href="${absolute(feed.url)}"/>`,
    `<link rel="alternate" type="text/html" href="${absolute(feed.hub.url)}"/>`,
    text('updated', newest),
    `<author>${text('name', input.companyName)}<uri>${absolute('/')}</uri></author>`,
    '<generator>sitegen</generator>',
    ...xmlEntries,
    '</feed>',
    '',
  ].join('\n');
}
