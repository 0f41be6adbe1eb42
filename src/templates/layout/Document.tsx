import type { ReactNode } from 'react';
import type { Assets, BuildStamp, FeedLink, I18n, Links, PageInfo, RuntimeConfig, SiteSettings } from '../../engine/template-api';
import { detectLocaleScript } from '../../shared/detect-locale-script';
import { jsonForScript } from '../../shared/json-script';
import { loaderBootstrap } from '../../shared/loader-bootstrap';
import { RUNTIME_CONFIG_ID } from '../../shared/runtime-config';
import { SeoHead, type ArticleMeta } from '../seo/SeoHead';
import type { JsonLd } from '../seo/structured-data';
import { Footer } from './Footer';
import { Header } from './Header';

export interface DocumentProps {
  title: string;
  description: string;
  /** Absent for pages without a route (error pages): no canonical, no alternates. */
  page?: PageInfo;
  site: SiteSettings;
  i18n: I18n;
  links: Links;
  assets: Assets;
  build: BuildStamp;
  runtime: RuntimeConfig;
  /** The feeds of the page's locale, linked for feed readers. */
  feeds: readonly FeedLink[];
  /** Kept out of search results; pages of a `noindex` template are too. */
  noindex?: boolean;
  /** An article's dates and tags, for its OpenGraph tags. */
  article?: ArticleMeta;
  /** JSON-LD objects of the page beyond Organization and BreadcrumbList. */
  structuredData?: readonly JsonLd[];
  /** Use `title` as the whole `<title>`, without the company name after it. */
  bareTitle?: boolean;
  children: ReactNode;
}

/** The HTML document every page shares: head, header, main content, footer, runtime. */
export function Document(props: DocumentProps) {
  const { title, description, page, site, i18n, assets, bareTitle, runtime } = props;
  const noindex = props.noindex || page?.noindex;
  const fullTitle = i18n.t('site.titleSuffix', { company: site.company.name });
  return (
    <html lang={i18n.language} dir={i18n.dir === 'rtl' ? 'rtl' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Only the unprefixed home chooses a language, before anything is painted. */}
        {page?.url === '/' && <script dangerouslySetInnerHTML={{ __html: detectLocaleScript(site.locales) }} />}
        <title>{bareTitle || title === site.company.name ? title : `${title} | ${fullTitle}`}</title>
        <meta name="description" content={description} />
        {noindex && <meta name="robots" content="noindex" />}
        {page && <link rel="canonical" href={site.url + page.canonical} />}
        {page &&
          site.locales.all.map(({ code }) => <link key={code} rel="alternate" hrefLang={code} href={site.url + page.alternates[code]} />)}
        {page && <link rel="alternate" hrefLang="x-default" href={site.url + page.alternates[site.locales.default]} />}
        <SeoHead
          title={title}
          description={description}
          page={page}
          site={site}
          i18n={i18n}
          links={props.links}
          image={assets.shareImage}
          feeds={props.feeds}
          article={props.article}
          structuredData={props.structuredData}
        />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {'inline' in assets.stylesheet ? (
          <style dangerouslySetInnerHTML={{ __html: assets.stylesheet.inline }} />
        ) : (
          <link rel="stylesheet" href={assets.stylesheet.url} />
        )}
        {/* The loader starts after the first paint; module scripts would otherwise run before it. */}
        <script type="module" dangerouslySetInnerHTML={{ __html: loaderBootstrap(assets.loader) }} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {i18n.t('site.skipToContent')}
        </a>
        <Header {...props} />
        <main id="main">{props.children}</main>
        <Footer {...props} />
        <script type="application/json" id={RUNTIME_CONFIG_ID} dangerouslySetInnerHTML={{ __html: jsonForScript(runtime) }} />
      </body>
    </html>
  );
}
