import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { localeCodes, localeInfo, type Locale } from '../../shared/locales';
import { BodyPending, type ContentArrival, type SiteContent, contentOf } from '../markdown/content';
import { SiteError, type Problems, type SourceLocation } from '../diagnostics/diagnostic';
import { createI18n } from '../messages/i18n';
import type { MessageCatalog } from '../messages/messages';
import { BUILDS_DIR } from '../base/output-paths';
import { canonicalUrl, type PagePlan } from '../plan/plan-pages';
import { contentHash } from '../base/content-hash';
import { inlineSourcesOf, inThreadScanner, type InlineSources, type PageScanner } from '../artifacts/inline-sources';
import type { Route } from '../plan/route-table';
import type { RuntimeConfig } from '../../shared/runtime-config';
import type { FeedPlan } from '../artifacts/feeds';
import type { Assets, BuildStamp, FeedLink, I18n, Links, PageContent, PageSummary, SiteImages, SiteSettings, TemplateModule } from '../template-api';
import { lazyFields } from '../base/lazy-fields';
import { CacheDamaged } from '../base/sealed-file';
import type { ImageCatalogue } from '../images/image-catalogue';
import { placeImages } from '../images/place-images';

/** What every page of a build renders from. */
export interface RenderInput {
  routes: readonly Route[];
  content: SiteContent;
  catalog: MessageCatalog;
  site: SiteSettings;
  templates: TemplateModule;
  assets: Assets;
  build: BuildStamp;
  /** Watch mode: pages tell their browser code not to cache messages. */
  dev: boolean;
  /** The template source files: a template that throws is reported at its own line. */
  templateFiles: readonly string[];
  /** The feeds, and the links to them each locale's pages show. */
  feeds: readonly FeedPlan[];
  feedLinks: ReadonlyMap<Locale, readonly FeedLink[]>;
  /** The images of \`public/\`: every \`<img>\` a page renders is sized and encoded from it (\`images/\`). */
  images: ImageCatalogue;
  /** Markdown bodies still arriving: a page waits for its own, and one that reads another's waits for all. */
  arrival?: Pick<ContentArrival, 'ready' | 'all'>;
}

/**
 * Where rendered pages go, one at a time, so a large site is never held in memory whole: a
 * page's HTML, or the hash of the HTML the output already holds. A returned promise makes the
 * renderer wait (the writer's queue is full). What each page contains that the security
 * policy must allow comes separately, once the page is read (on a worker, beside rendering).
 */
export interface PageSink {
  /** `hash`, when given, is `contentHash(html)`, already computed for the cache. */
  page(plan: PagePlan, html: string, hash?: string): void | Promise<void>;
  unchanged(plan: PagePlan, hash: string): void | Promise<void>;
  allow(sources: InlineSources): void;
}

/** A page rendered before, with the inputs it read and a fingerprint of them. */
export interface ReusablePage {
  fingerprint: string;
  deps: readonly string[];
  /** Its HTML (watch mode keeps pages in memory)... */
  html?: string;
  /** ...or the hash of its HTML (a persistent cache, when the output holds the page). */
  hash?: string;
  /** What the page's HTML contains that the security policy must allow. */
  inline?: InlineSources;
}

/**
 * Reuse of pages between builds. A page is rendered again only when one of the inputs it read
 * changed: what every page reads (the page view of the configuration, `PageConfig`), or the
 * content of a route it showed (its own, or one it listed or linked).
 */
export interface PageReuse {
  pages: Map<string, ReusablePage>;
  /** Hash of what every page reads: `pageConfigHash`. */
  everything: string;
  /**
   * Hash of an input by name: `content:<route id>:<locale>` (the whole file) or
   * `summary:<route id>:<locale>` (what a card of it shows).
   */
  hashOf(input: string): string;
  /** Counts the pages rendered (not reused). */
  rendered: number;
  /**
   * Set for a persistent cache, which keeps hashes instead of HTML: whether the output holds
   * these bytes, so the page need not be written either.
   */
  inOutput?(outputPath: string, hash: string): boolean;
}

/**
 * Renders each planned page with its template. A template that throws is reported at the
 * template line that threw (source maps are on), naming the page; the other pages still render
 * so one build reports every failing page.
 */
export async function renderPages(
  pages: readonly PagePlan[],
  input: RenderInput,
  problems: Problems,
  sink: PageSink,
  reuse?: PageReuse,
  /** Reads each page for its policy (`inlineSourcesOf`), here or on another thread. */
  scanner: PageScanner = inThreadScanner(),
  /** Worker threads to render on, once every Markdown body is there (a large site). */
  workers?: PageWorkers,
): Promise<void> {
  const scans: Array<Promise<void>> = [];
  const renderPage = pageRenderer(input, reuse !== undefined);
  const fingerprintOf = (deps: readonly string[]) => [reuse!.everything, ...deps.map((dep) => `${dep}=${reuse!.hashOf(dep)}`)].join('\n');
  // A fingerprint reads the summaries of other routes (their reading time): taken once every body is there.
  const unprinted: Array<{ page: ReusablePage; deps: readonly string[] }> = [];
  const remember = (plan: PagePlan, html: string, deps: readonly string[] | undefined, hash = reuse?.inOutput ? contentHash(html) : undefined) => {
    if (!reuse || !deps) return undefined;
    const entry: ReusablePage = reuse.inOutput ? { fingerprint: '', deps, hash } : { fingerprint: '', deps, html };
    unprinted.push({ page: entry, deps });
    reuse.pages.set(plan.outputPath, entry);
    reuse.rendered++;
    return entry;
  };

  /** Whether the page was handled from what an earlier build rendered. */
  const reused = async (plan: PagePlan) => {
    const cached = reuse?.pages.get(plan.outputPath);
    if (!cached || cached.fingerprint !== fingerprintOf(cached.deps)) return false;
    if (cached.html !== undefined) {
      sink.allow(cached.inline ?? inlineSourcesOf(cached.html));
      await sink.page(plan, cached.html);
      return true;
    }
    if (cached.hash !== undefined && cached.inline && reuse!.inOutput?.(plan.outputPath, cached.hash)) {
      sink.allow(cached.inline);
      await sink.unchanged(plan, cached.hash);
      return true;
    }
    return false;
  };

  const renderOne = async (plan: PagePlan) => {
    if (await reused(plan)) return;
    const page = renderPage(plan, problems);
    if (!page) return;
    const remembered = remember(plan, page.html, page.deps);
    scans.push(
      scanner.inlineSources(page.html).then((inline) => {
        if (remembered) remembered.inline = inline;
        sink.allow(inline);
      }),
    );
    await sink.page(plan, page.html, remembered?.hash);
  };

  // With every body there and pages enough, worker threads render them (one per core), each
  // reading its pages for the policy itself; this thread writes what they send.
  if (workers) {
    await input.arrival?.all;
    const todo: PagePlan[] = [];
    for (const plan of pages) if (!(await reused(plan))) todo.push(plan);
    const deliver = async (plan: PagePlan, rendered: FinishedPage) => {
      const remembered = remember(plan, rendered.html, rendered.deps, rendered.hash);
      if (remembered) remembered.inline = rendered.inline;
      sink.allow(rendered.inline);
      await sink.page(plan, rendered.html, rendered.hash);
    };
    await workers.render({ input, recordDeps: reuse !== undefined, plans: todo }, problems, deliver, renderPage);
    for (const { page, deps } of unprinted) page.fingerprint = fingerprintOf(deps);
    return;
  }

  // Pages in order, each once its own body is there; one that reads a body still on its way
  // (a hub showing its articles' reading time) is rendered again once all are.
  const later: PagePlan[] = [];
  for (const plan of pages) {
    const ready = input.arrival?.ready(plan.routeId, plan.locale);
    if (ready) {
      // Rather than wait idle, read rendered pages for the policy meanwhile.
      await scanner.scanHere(ready);
      await ready;
    }
    try {
      await renderOne(plan);
    } catch (error) {
      if (!(error instanceof BodyPending)) throw error;
      later.push(plan);
    }
  }
  await input.arrival?.all;
  for (const plan of later) await renderOne(plan);
  for (const { page, deps } of unprinted) page.fingerprint = fingerprintOf(deps);
  await scanner.scanHere();
  await Promise.all(scans);
}

/** A page rendered, with its hash and what its policy must allow. */
export type FinishedPage = RenderedPage & { hash: string; inline: InlineSources };

/** What the workers render: the build's render input, and whether pages say what they read. */
export interface PageWork {
  input: RenderInput;
  recordDeps: boolean;
  plans: readonly PagePlan[];
}

/**
 * Threads that render pages beside this one (\`scale/page-workers.ts\`): a large site's pages,
 * once every Markdown body is there.
 */
export interface PageWorkers {
  /**
   * Renders the pages across the workers; `deliver` takes each page as it is done (not in
   * order), and the worker that rendered it gets more only once it has. The pages of a worker
   * that fails render on this thread (`fallback`).
   */
  render(
    work: PageWork,
    problems: Problems,
    deliver: (plan: PagePlan, page: FinishedPage) => Promise<void>,
    fallback: (plan: PagePlan, problems: Problems) => RenderedPage | undefined,
  ): Promise<void>;
  readonly count: number;
  close(): void;
}

/** A page rendered: its HTML and, when asked for, the inputs it read (for reuse). */
export interface RenderedPage {
  html: string;
  deps?: string[];
}

/**
 * Renders pages one at a time with their templates (on this thread or a page worker). With
 * `recordDeps`, each page also says which inputs it read besides the page view: its own
 * content, and the summaries of the routes it listed or linked.
 */
export function pageRenderer(input: RenderInput, recordDeps: boolean): (plan: PagePlan, problems: Problems) => RenderedPage | undefined {
  const images = siteImages(input.images);
  const perLocale = new Map<Locale, { i18n: I18n; links: Links }>();
  for (const info of input.site.locales.all) {
    perLocale.set(info.code, { i18n: createI18n(info, input.catalog), links: createLinks(info.code, input) });
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
      input.templateFiles,
      problems,
    );
    const placed = html === undefined ? undefined : withImages(html, input.images, plan.url, problems);
    if (placed === undefined) return undefined;
    return recordDeps ? { html: placed, deps: [...read].sort() } : { html: placed };
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

/**
 * The error pages in every locale: `404.html` (not found) and `error.html` (any other error) in
 * English, the same under each other locale's prefix (`hu/404.html`). The unprefixed ones also
 * get the other locales' versions (`variants`): hosts with one error document for every path
 * serve them, and they show the locale of the path.
 */
export function renderErrorPages(input: RenderInput, problems: Problems, reuse?: PageReuse): Map<string, string> {
  const defaultLocale = input.site.locales.default;
  const codes = localeCodes(input.site.locales);
  const locales = codes.map((locale) => ({
    locale,
    i18n: createI18n(localeInfo(input.site.locales, locale), input.catalog),
    links: createLinks(locale, input),
    runtime: runtimeConfig(locale, input),
    feeds: input.feedLinks.get(locale) ?? [],
  }));
  const pages = new Map<string, string>();
  // They show no content: they change with what every page reads and the feeds' hubs only.
  const fingerprint = reuse && [reuse.everything, ...codes.flatMap((locale) => feedHubs(input, locale)).map((dep) => reuse.hashOf(dep))].join('\n');
  for (const [name, kind] of [['404.html', 'not-found'], ['error.html', 'error']] as const) {
    for (const { locale, ...own } of locales) {
      const file = locale === defaultLocale ? name : `${locale}/${name}`;
      const cached = reuse?.pages.get(file);
      if (cached?.html !== undefined && cached.fingerprint === fingerprint) {
        pages.set(file, cached.html);
        continue;
      }
      const variants = locale === defaultLocale ? locales.filter((other) => other.locale !== locale).map(({ locale: _locale, ...rest }) => rest) : undefined;
      const html = renderDocument(
        input.templates.ErrorPage,
        { kind, site: input.site, assets: input.assets, build: input.build, ...own, variants },
        `/${file}`,
        input.templateFiles,
        problems,
      );
      const placed = html === undefined ? undefined : withImages(html, input.images, `/${file}`, problems);
      if (placed === undefined) continue;
      pages.set(file, placed);
      // A few pages: a persistent cache renders them every time.
      if (reuse && !reuse.inOutput) reuse.pages.set(file, { fingerprint: fingerprint!, deps: [], html: placed });
    }
  }
  return pages;
}

const MEDIA_TYPES: Readonly<Record<string, string>> = { svg: 'image/svg+xml', png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif', gif: 'image/gif' };

/** What templates may ask of the images (their size and type), from the catalogue. */
function siteImages(catalogue: ImageCatalogue): SiteImages {
  return {
    get(src) {
      const entry = catalogue.images.get(src);
      return entry && { width: entry.width, height: entry.height, type: MEDIA_TYPES[entry.format]! };
    },
  };
}

/**
 * The page's images sized and encoded (\`placeImages\`). An image that is not there or cannot be
 * read is an error, placed later at the line that names it (\`locateImageProblems\`); the page
 * is then not kept, so no later build reuses it without the error.
 */
function withImages(html: string, images: ImageCatalogue, page: string, problems: Problems): string | undefined {
  const placed = placeImages(html, images);
  for (const problem of placed.problems) {
    if (problem.reason === 'missing') {
      const hint = problem.src.startsWith('/') ? `add public${problem.src}, or correct the path` : 'write the path from the site root, like /images/name.png (a file of public/): a relative one names another file on each page that shows it';
      problems.add('images/missing', `image ${problem.src} is not a file in public/`, { pages: [page], subject: problem.src, hint });
    } else {
      problems.add('images/unreadable', `image ${problem.src} cannot be read: ${problem.detail}`, { pages: [page], subject: problem.src, hint: 'save it again as PNG, JPEG, WebP, AVIF, GIF or SVG' });
    }
  }
  return placed.problems.length ? undefined : placed.html;
}

/** Every page links its locale's feeds by the hub's title: it depends on those hubs' summaries. */
function feedHubs(input: RenderInput, locale: Locale): string[] {
  return input.feeds.filter((feed) => feed.locale === locale).map((feed) => `summary:${feed.hub.routeId}:${locale}`);
}

/** What a page in `locale` tells its browser code. */
function runtimeConfig(locale: Locale, input: RenderInput): RuntimeConfig {
  const { analytics, consent, buildCheckSeconds } = input.site;
  return {
    release: input.build.release,
    locale,
    language: localeInfo(input.site.locales, locale).tag,
    locales: input.site.locales.all.map(({ code, tag }) => ({ code, tag })),
    defaultLocale: input.site.locales.default,
    latestBuild: `/${BUILDS_DIR}/latest.json`,
    manifest: `/${BUILDS_DIR}/meta/${input.build.release}.json`,
    buildCheckSeconds,
    dev: input.dev,
    // The loader's scripts only: the proof-of-work worker is named by the forms that use it.
    scripts: { deployWatch: input.assets.scripts.deployWatch, consentBanner: input.assets.scripts.consentBanner },
    consent: {
      cookies: consent.cookies,
      analytics: analytics && { cookieId: analytics.consentCookie, measurementId: analytics.googleAnalyticsId, scriptUrl: analytics.scriptUrl },
    },
  };
}

function renderDocument<P extends object>(
  component: ComponentType<P>,
  props: P,
  /** The URL of the page (or the error page's file) being rendered. */
  page: string,
  templateFiles: readonly string[],
  problems: Problems,
): string | undefined {
  try {
    return `<!DOCTYPE html>${renderToStaticMarkup(createElement(component, props))}`;
  } catch (error) {
    if (error instanceof BodyPending || error instanceof CacheDamaged) throw error;
    // An error that knows its source (a message in a locale file) points there; others at the template line.
    const where = error instanceof SiteError && error.file ? { file: error.file, line: error.line, column: error.column } : templateFrame(error, templateFiles);
    const hint = error instanceof SiteError ? error.hint : undefined;
    const code = error instanceof SiteError ? error.code : 'templates/render';
    problems.add(code, (error as Error)?.message ?? String(error), { ...where, hint, cause: error, pages: [page] });
    return undefined;
  }
}

/** The innermost stack frame in a template source file. */
function templateFrame(error: unknown, templateFiles: readonly string[]): Partial<SourceLocation> {
  return templateFrameIn((error as Error)?.stack ?? '', templateFiles);
}

/** The innermost frame of `stack` in a template source file. */
export function templateFrameIn(stack: string, templateFiles: readonly string[]): Partial<SourceLocation> {
  for (const match of stack.matchAll(/\(?(?:file:\/\/)?(\/[^():\s]+):(\d+):(\d+)\)?$/gm)) {
    const [, file, line, column] = match;
    if (file && templateFiles.includes(file)) return { file, line: Number(line), column: Number(column) };
  }
  return {};
}

/** Read when a card shows it: the body may still be on its way. */
const withReadingMinutes = lazyFields<PageContent, Pick<PageSummary, 'readingMinutes'>>({ readingMinutes: (content) => content.readingMinutes });

function createLinks(locale: Locale, input: RenderInput): Links {
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
      const content = contentOf(input.content, route.id, locale);
      summary = withReadingMinutes(
        {
          routeId: route.id,
          template: route.template,
          parent: route.parent,
          url: canonicalUrl(route, locale, input.site.locales),
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
    path: (routeId) => canonicalUrl(publishedRouteOf(routeId), locale, input.site.locales),
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
