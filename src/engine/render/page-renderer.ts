import type { Locale } from '../../shared/locales';
import type { Problems } from '../diagnostics/diagnostic';
import { contentOf } from '../markdown/content';
import { createI18n } from '../messages/i18n';
import { createLinks, type LinkSources } from '../plan/links';
import type { PagePlan } from '../plan/plan-pages';
import type { I18n, Links } from '../template-api';
import { placeStylesheet } from './first-round-trip';
import { siteImages, withImages } from './page-images';
import { BODY_PENDING, renderDocument } from './render-document';
import type { RenderInput } from './render-input';
import { runtimeConfig } from './runtime-config';

/** A page rendered: its HTML and, when asked for, the inputs it read (for reuse) and the cache's copy of it, when made on the way. */
export interface RenderedPage {
  html: string;
  deps?: string[];
  copy?: Uint8Array;
}

/** One page rendered, not rendered (its error reported), or to render again once every body is there. */
export type PageRendering = RenderedPage | undefined | typeof BODY_PENDING;

/**
 * Renders pages one at a time with their templates (on this thread or a page worker). With
 * `recordDeps`, each page also says which inputs it read besides the page view: its own
 * content, and the summaries of the routes it listed or linked.
 */
export function pageRenderer(input: RenderInput, recordDeps: boolean): (plan: PagePlan, problems: Problems) => PageRendering {
  const images = siteImages(input.images);
  const perLocale = new Map<Locale, { i18n: I18n; links: Links }>();
  for (const info of input.site.locales.all) {
    perLocale.set(info.code, { i18n: createI18n(info, input.catalog), links: createLinks(info.code, linkSources(input)) });
  }
  return (plan, problems) => {
    const { i18n, links: localeLinks } = perLocale.get(plan.locale)!;
    const read = new Set<string>([`content:${plan.routeId}:${plan.locale}`, ...feedHubs(input, plan.locale)]);
    // A page that only lists or links another route shows its summary, not its body; a list of
    // a hub's children is one input, however many pages it holds (`children:`, page-inputs.ts).
    const links = recordDeps
      ? recordingLinks(
          localeLinks,
          (routeId) => read.add(`summary:${routeId}:${plan.locale}`),
          (routeId) => read.add(`children:${routeId}:${plan.locale}`),
        )
      : localeLinks;
    const template = input.templates.templates[plan.template]!;
    const content = contentOf(input.content, plan.routeId, plan.locale);
    const { route: _route, outputPath: _out, payloadPath: _payload, prefixed: _prefixed, ...planned } = plan;
    const page = template.noindex ? { ...planned, noindex: true } : planned;
    const feeds = input.feedLinks.get(plan.locale) ?? [];
    const html = renderDocument(
      template.component,
      { page, content, images, site: input.site, i18n, links, assets: input.assets, build: input.build, runtime: runtimeConfig(plan.locale, input), feeds },
      plan.url,
      input.templateSources,
      problems,
    );
    if (html === BODY_PENDING) return BODY_PENDING;
    const withPlacedImages = html === undefined ? undefined : withImages(html, input.images, plan.url, problems);
    if (withPlacedImages === undefined) return undefined;
    const placed = placeStylesheet(withPlacedImages, input.assets.stylesheet);
    return recordDeps ? { html: placed.html, deps: [...read].sort(), copy: placed.copy } : { html: placed.html };
  };
}

/** Links that report every route whose content a page shows, and every hub whose children it lists. */
function recordingLinks(links: Links, record: (routeId: string) => void, recordChildren: (routeId: string) => void): Links {
  return {
    path: links.path,
    page(routeId) {
      record(routeId);
      return links.page(routeId);
    },
    children(routeId) {
      recordChildren(routeId);
      return links.children(routeId);
    },
  };
}

/** What links read of the render input: routes, locales and each page's content. */
export function linkSources(input: RenderInput): LinkSources {
  return { routes: input.routes, locales: input.site.locales, content: (routeId, locale) => contentOf(input.content, routeId, locale) };
}

/** Every page links its locale's feeds by the hub's title: it depends on those hubs' summaries. */
export function feedHubs(input: RenderInput, locale: Locale): string[] {
  return input.feeds.filter((feed) => feed.locale === locale).map((feed) => `summary:${feed.hub.routeId}:${locale}`);
}
