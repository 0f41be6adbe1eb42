import type { I18n, Links, PageInfo } from '../../engine/template-api';

export interface Crumb {
  url: string;
  title: string;
}

/** Home, then each parent up to the page, without the page itself; empty on the home page. */
export function breadcrumbTrail(page: PageInfo, links: Links, i18n: I18n): Crumb[] {
  if (page.routeId === 'home') return [];
  const trail: Crumb[] = [];
  for (let parent = page.parent; parent; parent = links.page(parent).parent) {
    const summary = links.page(parent);
    trail.unshift({ url: summary.url, title: summary.title });
    if (trail.length > 5) break;
  }
  trail.unshift({ url: links.path('home'), title: i18n.t('nav.home') });
  return trail;
}
