import type { FeedLink, I18n, PageInfo, ShareImage, SiteSettings } from '../../engine/template-api';
import { localeInfo } from '../../shared/locales';

/** What an article adds to its OpenGraph tags. */
export interface ArticleMeta {
  published: string;
  modified?: string | undefined;
  tags: readonly string[];
}

interface SeoHeadProps {
  title: string;
  description: string;
  page?: PageInfo | undefined;
  site: SiteSettings;
  i18n: I18n;
  image: ShareImage | undefined;
  /** What the image shows, when it is not the site's share image (a page's cover). */
  imageAlt?: string | undefined;
  feeds: readonly FeedLink[];
  article?: ArticleMeta | undefined;
}

/**
 * The head elements for social networks and feed readers: OpenGraph and Twitter card tags and
 * the locale's feeds. The page's JSON-LD is at the end of its body (`StructuredData`).
 */
export function SeoHead({ title, description, page, site, i18n, image, imageAlt: ownAlt, feeds, article }: SeoHeadProps) {
  const locale = i18n.locale;
  const imageUrl = image && site.url + image.url;
  const imageAlt = ownAlt ?? i18n.t('site.shareImageAlt', { company: site.company.name });
  return (
    <>
      <meta property="og:type" content={article ? 'article' : 'website'} />
      <meta property="og:site_name" content={site.company.name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {page && <meta property="og:url" content={site.url + page.canonical} />}
      <meta property="og:locale" content={localeInfo(site.locales, locale).ogLocale} />
      {site.locales.all
        .filter((other) => other.code !== locale)
        .map((other) => (
          <meta key={other.code} property="og:locale:alternate" content={other.ogLocale} />
        ))}
      {image && (
        <>
          <meta property="og:image" content={imageUrl} />
          <meta property="og:image:type" content={image.type} />
          <meta property="og:image:width" content={String(image.width)} />
          <meta property="og:image:height" content={String(image.height)} />
          <meta property="og:image:alt" content={imageAlt} />
        </>
      )}
      {article && (
        <>
          <meta property="article:published_time" content={article.published} />
          {article.modified && <meta property="article:modified_time" content={article.modified} />}
          {article.tags.map((tag) => (
            <meta key={tag} property="article:tag" content={tag} />
          ))}
        </>
      )}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {image && <meta name="twitter:image" content={imageUrl} />}
      {image && <meta name="twitter:image:alt" content={imageAlt} />}
      {feeds.map((feed) => (
        <link key={feed.url} rel="alternate" type={feed.type} title={feed.title} href={feed.url} />
      ))}
    </>
  );
}
