import type { Locale, SiteLocales } from '../../shared/locales';
import { lazyFields } from '../base/lazy-fields';
import { SiteError } from '../diagnostics/diagnostic';
import type { Links, PageContent, PageSummary } from '../template-api';
import { canonicalUrl } from './plan-pages';
import type { Route } from './route-table';

/** What links read of the site: its routes (with the paths of the locales they are published in), its locales and each page's content. */
export interface LinkSources {
  routes: readonly Route[];
  locales: SiteLocales;
  content(routeId: string, locale: Locale): PageContent;
}

/** Read when a card shows it: the body may still be on its way. */
const withReadingMinutes = lazyFields<PageContent, Pick<PageSummary, 'readingMinutes'>>({ readingMinutes: (content) => content.readingMinutes });

/**
 * How the templates of a page in `locale` link other pages (`links.path`, `.page`, `.children`):
 * by route id, to the URLs the plan gives, only to pages this build publishes in the locale.
 */
export function createLinks(locale: Locale, input: LinkSources): Links {
  const routes = new Map(input.routes.map((route) => [route.id, route] as const));
  const summaries = new Map<string, PageSummary>();
  const routeOf = (routeId: string) => {
    const route = routes.get(routeId);
    if (!route) throw new SiteError('templates/unknown-route', `link to unknown route "${routeId}"`, { hint: 'use an id from content/routes.yaml' });
    return route;
  };
  // A route out of this build in the locale (a draft, scheduled or expired page) has no path in it.
  const publishedRouteOf = (routeId: string) => {
    const route = routeOf(routeId);
    if (route.paths[locale] === undefined) {
      throw new SiteError('templates/unpublished-route', `link to route "${routeId}", whose ${locale} page is not published in this build (a draft, scheduled or expired)`, {
        hint: 'publish that page, or link it only where it is published',
      });
    }
    return route;
  };
  const summaryOf = (route: Route): PageSummary => {
    let summary = summaries.get(route.id);
    if (!summary) {
      const content = input.content(route.id, locale);
      summary = withReadingMinutes(
        {
          routeId: route.id,
          template: route.template,
          parent: route.parent,
          url: canonicalUrl(route, locale, input.locales),
          title: content.data.title,
          description: content.data.description,
          summary: content.data.summary ?? content.data.description,
          data: content.data,
        },
        content,
      );
      summaries.set(route.id, summary);
    }
    return summary;
  };
  // Every page of a hub may list its siblings: each list is made once per locale.
  const childrenOf = new Map<string, PageSummary[]>();
  return {
    path: (routeId) => canonicalUrl(publishedRouteOf(routeId), locale, input.locales),
    page: (routeId) => summaryOf(publishedRouteOf(routeId)),
    children(routeId) {
      routeOf(routeId);
      let children = childrenOf.get(routeId);
      if (!children) {
        // Only pages this build publishes in the locale: a draft has no card on its hub.
        children = input.routes.filter((route) => route.parent === routeId && route.paths[locale] !== undefined).map(summaryOf);
        const dated = (page: PageSummary) => (typeof page.data.date === 'string' ? page.data.date : '');
        // Stable sort: undated pages keep the table's order.
        children.sort((a, b) => dated(b).localeCompare(dated(a)));
        childrenOf.set(routeId, children);
      }
      // A copy: a template may sort or cut the list it gets.
      return [...children];
    },
  };
}
