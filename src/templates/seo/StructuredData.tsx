import type { I18n, Links, PageInfo, SiteSettings } from '../../engine/template-api';
import { jsonForScript } from '../../shared/json-script';
import { breadcrumbTrail } from '../components/breadcrumbs';
import { breadcrumbList, organization, type JsonLd } from './structured-data';

interface StructuredDataProps {
  title: string;
  page?: PageInfo | undefined;
  site: SiteSettings;
  i18n: I18n;
  links: Links;
  /** The page's own JSON-LD objects (BlogPosting, JobPosting...); Organization and BreadcrumbList are added here. */
  objects?: readonly JsonLd[] | undefined;
}

/**
 * The page's JSON-LD for search engines: the company on every page, breadcrumbs on pages inside
 * a hub, plus what the template adds. It goes at the end of the body, after what it describes:
 * a job posting's description repeats the page's own text, and gzip refers back only 32 KB,
 * which from the head the inlined stylesheet put part of that text beyond (docs/seo.md).
 * Search engines read JSON-LD anywhere in the document.
 */
export function StructuredData({ title, page, site, i18n, links, objects: own = [] }: StructuredDataProps) {
  const objects: JsonLd[] = [organization(site)];
  if (page?.parent) objects.push(breadcrumbList(site, breadcrumbTrail(page, links, i18n), page, title));
  objects.push(...own);
  return (
    <>
      {objects.map((object, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(object) }} />
      ))}
    </>
  );
}
