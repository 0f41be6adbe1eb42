import type { PagePlan } from '../plan/plan-pages';
import type { LinkData } from './markdown-stage';

/** Each route's URL in each locale (its pages' alternates), and the owner of each page URL, for links in Markdown. */
export function linkData(pages: readonly PagePlan[]): LinkData {
  const urls: LinkData['urls'] = {};
  const owners: LinkData['owners'] = {};
  for (const page of pages) {
    urls[page.routeId] ??= page.alternates;
    owners[page.url] = { routeId: page.routeId, locale: page.locale };
  }
  return { urls, owners };
}
