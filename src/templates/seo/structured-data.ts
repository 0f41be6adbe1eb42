/**
 * schema.org objects for `<script type="application/ld+json">`, with the properties schema.org
 * and Google's rich results require or recommend. URLs are absolute, from the site URL.
 */
import type { I18n, PageInfo, ShareImage, SiteSettings } from '../../engine/template-api';
import type { ArticleData, PositionData } from '../fields';
import type { Crumb } from '../components/breadcrumbs';
import { POSITION_LISTS } from '../components/Position';

export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

/** The company's node id: other objects refer to it instead of repeating it. */
export function organizationId(site: SiteSettings): string {
  return `${site.url}/#organization`;
}

/** The company's logo: the square PNG beside the share image. */
export function logoUrl(site: SiteSettings): string {
  return `${site.url}/images/logo.png`;
}

function postalAddress(site: SiteSettings): JsonLd {
  const { address } = site.company;
  return {
    '@type': 'PostalAddress',
    streetAddress: address.street,
    postalCode: address.postalCode,
    addressLocality: address.city,
    addressCountry: address.country,
  };
}

/** The company, on every page. */
export function organization(site: SiteSettings): JsonLd {
  const { company } = site;
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': organizationId(site),
    name: company.name,
    legalName: company.legalName,
    url: `${site.url}/`,
    logo: logoUrl(site),
    email: company.email,
    telephone: company.phone.replace(/ /g, ''),
    address: postalAddress(site),
    taxID: company.taxNumber,
    ...(company.euVatNumber && { vatID: company.euVatNumber }),
    ...(Object.keys(company.social).length > 0 && { sameAs: Object.values(company.social) }),
  };
}

/** Home, the hubs above the page, then the page itself. */
export function breadcrumbList(site: SiteSettings, trail: readonly Crumb[], page: PageInfo, title: string): JsonLd {
  const items = [...trail, { url: page.canonical, title }];
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.title,
      item: site.url + crumb.url,
    })),
  };
}

/** An article of the blog. Its author is a team of the company. */
export function blogPosting(args: {
  site: SiteSettings;
  page: PageInfo;
  i18n: I18n;
  data: ArticleData & { title: string; description: string };
  words: number;
  image: ShareImage | undefined;
  authorUrl: string;
}): JsonLd {
  const { site, page, i18n, data, image } = args;
  const url = site.url + page.canonical;
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    '@id': `${url}#article`,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    headline: data.title.length > 110 ? `${data.title.slice(0, 109)}…` : data.title,
    description: data.description,
    inLanguage: i18n.language,
    datePublished: data.date,
    dateModified: data.updated ?? data.date,
    author: { '@type': 'Organization', name: data.author, url: site.url + args.authorUrl },
    publisher: { '@type': 'Organization', '@id': organizationId(site), name: site.company.name, logo: { '@type': 'ImageObject', url: logoUrl(site) } },
    ...(image && { image: { '@type': 'ImageObject', url: site.url + image.url, width: image.width, height: image.height } }),
    keywords: data.tags.join(', '),
    wordCount: args.words,
  };
}

/**
 * One open position, on its own page. Its description is the page's text as HTML: the summary,
 * the body (`bodyHtml`, rendered Markdown) and the lists. Fully remote positions are
 * TELECOMMUTE with the countries they accept; others are at the office.
 */
export function jobPosting(args: { site: SiteSettings; page: PageInfo; i18n: I18n; position: PositionData; bodyHtml: string }): JsonLd {
  const { site, page, i18n, position, bodyHtml } = args;
  const lists = POSITION_LISTS.map(([field, key]) => {
    const items = position[field];
    return items && items.length > 0 ? `<p>${escapeHtml(i18n.t(key))}</p><ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : '';
  });
  const description = [`<p>${escapeHtml(position.description)}</p>`, bodyHtml.trim(), ...lists].join('');
  const where = position.remoteCountries
    ? {
        jobLocationType: 'TELECOMMUTE',
        applicantLocationRequirements: position.remoteCountries.map((code) => ({ '@type': 'Country', name: code })),
      }
    : { jobLocation: { '@type': 'Place', address: postalAddress(site) } };
  return {
    '@context': CONTEXT,
    '@type': 'JobPosting',
    title: position.title,
    description,
    url: `${site.url}${page.canonical}`,
    identifier: { '@type': 'PropertyValue', name: site.company.name, value: position.id },
    datePosted: position.posted,
    ...(position.validThrough && { validThrough: `${position.validThrough}T23:59:59Z` }),
    employmentType: position.employmentType,
    hiringOrganization: { '@type': 'Organization', '@id': organizationId(site), name: site.company.name, sameAs: `${site.url}/`, logo: logoUrl(site) },
    ...where,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
