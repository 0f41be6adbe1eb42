import type { Locale } from '../../shared/locales';
import type { Problems } from '../diagnostics/diagnostic';
import { paginatedPages } from './pagination';
import type { PagePlan } from './plan-pages';
import { decidePublication, publishedPages, publishedRoutes, type PreviewOptions, type Publication } from './publication';
import type { Route } from './route-table';
import { tagPages, tagsIn } from './tag-pages';

/** What decides which planned pages a build writes, besides the route table. */
export interface PublicationInput {
  /** The front matter fields of a route's content file in a locale; undefined when it has none that parse. */
  fieldsOf(route: Route, locale: Locale): Readonly<Record<string, unknown>> | undefined;
  /** The build's time: asked for only when a page has a date, so a site without any does not wait for git. */
  time(): Promise<number> | number;
  preview: PreviewOptions;
}

/** The pages a build writes, with the routes and the publication they follow from. */
export interface PublishedPlan {
  /** Every page in every URL form less those out, then the hubs' tag listings and numbered pages. */
  pages: PagePlan[];
  /** The routes with the paths of the locales they are published in only. */
  routes: Route[];
  publication: Publication;
}

/**
 * The pages of a build from every page of the route table (`planPages`): which are out (drafts,
 * scheduled and expired pages, by the build's time), and the tag listings and numbered pages
 * of hubs by the children they have once those are out. One function for the build
 * (`steps/plan-step.ts`) and for `sitegen check` (`site-definition.ts`), so the two cannot
 * disagree about the pages a site has.
 */
export async function planPublished(routes: readonly Route[], allPages: readonly PagePlan[], input: PublicationInput, problems: Problems): Promise<PublishedPlan> {
  const dated = routes.some((route) =>
    (Object.keys(route.paths) as Locale[]).some((locale) => {
      const data = input.fieldsOf(route, locale);
      return data?.publishDate !== undefined || data?.expiryDate !== undefined;
    }),
  );
  const publication = decidePublication(routes, input.fieldsOf, dated ? await input.time() : Number.NaN, input.preview);
  const published = publishedRoutes(routes, publication);
  const tagsOf = (route: Route, locale: Locale) => tagsIn(input.fieldsOf(route, locale));
  const pages = paginatedPages(tagPages(publishedPages(allPages, published, publication), published, tagsOf, problems), published, problems, tagsOf);
  return { pages, routes: published, publication };
}
