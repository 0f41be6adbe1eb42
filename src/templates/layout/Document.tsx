import type { ReactNode } from 'react';
import type { Assets, BuildStamp, I18n, Links, PageInfo, SiteSettings } from '../../engine/template-api';
import { LOCALES } from '../../shared/locales';
import { Footer } from './Footer';
import { Header } from './Header';

export interface DocumentProps {
  title: string;
  description: string;
  /** Absent for pages without a route (404): no canonical, no alternates. */
  page?: PageInfo;
  site: SiteSettings;
  i18n: I18n;
  links: Links;
  assets: Assets;
  build: BuildStamp;
  noindex?: boolean;
  /** Use `title` as the whole `<title>`, without the company name after it. */
  bareTitle?: boolean;
  children: ReactNode;
}

/** The HTML document every page shares: head, header, main content, footer. */
export function Document(props: DocumentProps) {
  const { title, description, page, site, i18n, assets, noindex, bareTitle } = props;
  const fullTitle = i18n.t('site.titleSuffix', { company: site.company.name });
  return (
    <html lang={i18n.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{bareTitle || title === site.company.name ? title : `${title} | ${fullTitle}`}</title>
        <meta name="description" content={description} />
        {noindex && <meta name="robots" content="noindex" />}
        {page && <link rel="canonical" href={site.url + page.canonical} />}
        {page &&
          LOCALES.map((locale) => (
            <link key={locale} rel="alternate" hrefLang={locale} href={site.url + page.alternates[locale]} />
          ))}
        {page && <link rel="alternate" hrefLang="x-default" href={site.url + page.alternates.en} />}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={assets.stylesheet} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {i18n.t('site.skipToContent')}
        </a>
        <Header {...props} />
        <main id="main">{props.children}</main>
        <Footer {...props} />
      </body>
    </html>
  );
}
