import type { ReactNode } from 'react';
import type { PageInfo, PageProps, SiteImages } from '../../engine/template-api';
import type { Cover } from '../fields';
import type { ArticleMeta } from '../seo/SeoHead';
import type { JsonLd } from '../seo/structured-data';

/**
 * What a page hands the document every page shares (`Document.tsx`) and its header and footer:
 * in a file of its own so that they read it without importing the document that renders them.
 */
export interface DocumentProps extends Pick<PageProps, 'site' | 'i18n' | 'links' | 'assets' | 'build' | 'runtime' | 'feeds'> {
  title: string;
  description: string;
  /** Absent for pages without a route (error pages): no canonical, no alternates. */
  page?: PageInfo;
  /** Kept out of search results; pages of a `noindex` template are too. */
  noindex?: boolean;
  /** An article's dates and tags, for its OpenGraph tags. */
  article?: ArticleMeta;
  /** JSON-LD objects of the page beyond Organization and BreadcrumbList. */
  structuredData?: readonly JsonLd[];
  /** Use `title` as the whole `<title>`, without the company name after it. */
  bareTitle?: boolean;
  /** The page's largest image at the top (hero, cover): fetched early, with high priority. */
  leadImage?: string | undefined;
  /** The page's cover: its lead image unless \`leadImage\` says another, and its share image when it is a PNG or JPEG. */
  cover?: Cover | undefined;
  /** The images of \`public/\` (pages have them; error pages do not). */
  images?: SiteImages;
  /** Elements early in the head, before the stylesheet (the error pages' locale mark). */
  head?: ReactNode;
  /** Elements after the page's body, before `</body>` (the error pages' other locales and script). */
  after?: ReactNode;
  children: ReactNode;
}
