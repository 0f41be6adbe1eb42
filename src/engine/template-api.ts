/**
 * The contract between the engine and a site's templates. Templates import only types from
 * here; the engine hands them everything they render, so they read no files and compute no
 * output paths.
 */
import type { ComponentType } from 'react';
import type { z } from 'zod';
import type { Locale } from '../shared/locales';
import type { RuntimeConfig } from '../shared/runtime-config';
import type { SiteSettings } from './config/site-settings';

export type { Locale, RuntimeConfig, SiteSettings };

/** One page as planned: a route in a locale, in one of its URL forms. */
export interface PageInfo {
  routeId: string;
  template: string;
  locale: Locale;
  /** The URL path of this page (`/hu/karrier`). */
  url: string;
  /** The canonical URL path: the unprefixed English form for English pages. */
  canonical: string;
  /** The route's canonical path in every locale, for hreflang and the language menu. */
  alternates: Readonly<Record<Locale, string>>;
  /** The route id of the page's parent (the hub that lists it), if any. */
  parent: string | undefined;
  /** Kept out of search results and the sitemap (its template's `noindex`). */
  noindex?: boolean;
  /**
   * Set only in a preview build (`--drafts`, `--future`, `sitegen watch`) on a page that is not
   * published yet: the page shows it as a visible label. A production build never has it.
   */
  preview?: PreviewLabel;
  /** Set on every page of a paginated hub (`paginate:` in the route table): which of its pages this is. */
  pagination?: Pagination;
  /** A hub's listing of one tag (`tags: true` in the route table): the tag's id. */
  tag?: string;
  /** A hub's tags (`tags: true`): each tag its published children have in this locale, by id, with its listing's URL and how many it lists. */
  tagCloud?: readonly TagLink[];
}

/** A tag of a hub's children: its id (its name is the message `tags.<id>`), its listing's canonical URL, its number of pages. */
export interface TagLink {
  id: string;
  url: string;
  count: number;
}

/** One page of a hub that lists its children on numbered pages. */
export interface Pagination {
  /** 1-based; page 1 is at the hub's own path. */
  page: number;
  pages: number;
  /** The most children one page lists: page n lists `children.slice((n - 1) * size, n * size)`. */
  size: number;
  /** The canonical URL of each page, page 1 first (`/blog`, `/blog/page/2`, …), in this page's locale. */
  urls: readonly string[];
}

/** Why a page of a preview build is not published: a draft, or scheduled for a later time. */
export type PreviewLabel = { kind: 'draft' } | { kind: 'scheduled'; publishDate: string };

/** A feed a page links in its head. */
export interface FeedLink {
  /** The feed's URL path (`/hu/blog/feed.xml`). */
  url: string;
  title: string;
  /** `application/atom+xml`. */
  type: string;
}

/** The image shown when a page is shared (OpenGraph, Twitter cards), from `shareImage` in site.yaml. */
export interface ShareImage {
  /** URL path of the file in `public/`. */
  url: string;
  width: number;
  height: number;
  /** `image/png` or `image/jpeg`. */
  type: string;
}

/** The site's icon, from `icon` in site.yaml: what `<link rel="icon">` says. */
export interface SiteIcon {
  /** A small SVG's text as a `data:` URL (the page needs no request for it), else the file's URL path. */
  href: string;
  /** `image/svg+xml`, `image/png` or `image/x-icon`; none for a `data:` URL, which names its own. */
  type?: string | undefined;
}

/** A heading of the page's Markdown, for a table of contents. */
export interface Heading {
  depth: number;
  id: string;
  text: string;
}

/** A page's Markdown: validated front matter and the rendered, sanitized body. */
export interface PageContent<Data = Record<string, unknown>> {
  data: Data & CommonFields;
  html: string;
  headings: readonly Heading[];
  words: number;
  readingMinutes: number;
}

export interface CommonFields {
  title: string;
  description: string;
  summary?: string | undefined;
}

/** What a hub or a card shows of another page. */
export interface PageSummary<Data = Record<string, unknown>> {
  routeId: string;
  template: string;
  parent: string | undefined;
  url: string;
  title: string;
  description: string;
  summary: string;
  data: Data & CommonFields;
  readingMinutes: number;
}

/** Formatting in the page's locale. Every function throws on invalid input. */
export interface I18n {
  locale: Locale;
  /** BCP 47 tag (`hu-HU`). */
  language: string;
  /** The locale's text direction (`dir` of `<html>`). */
  dir: 'ltr' | 'rtl';
  /** An ICU message from `locales/<locale>.json`. */
  t(key: string, values?: Record<string, string | number | Date>): string;
  /** `2025-03-05` as `March 5, 2025` / `2025. március 5.` / `5. März 2025`. */
  date(isoDate: string, style?: 'long' | 'medium' | 'short'): string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
  currency(value: number, currency: string): string;
  /** The raw `widgets.*` messages of this locale, for server-rendering widgets. */
  widgetMessages: Readonly<Record<string, string>>;
}

/** Links to other routes, always in the page's own locale. */
export interface Links {
  /** The localized URL path of a route. Throws on an unknown route id. */
  path(routeId: string): string;
  /** The summary of a route's page in this locale. */
  page(routeId: string): PageSummary;
  /** The pages whose parent is `routeId`: dated ones newest first, others in table order. */
  children(routeId: string): PageSummary[];
}

/**
 * What a page may know of the build. Only what changes rarely: a page that showed the build id
 * or its time would change with every build, and no page could be reused or left unwritten.
 */
export interface BuildStamp {
  /** The release (see BuildInfo.release): it names the shared files (`/_i18n/<release>/...`). */
  release: string;
  /** The build's year (from the source timestamp), for the copyright line. */
  year: number;
}

/** The hashed asset URLs a page references. */
export interface Assets {
  /**
   * The stylesheet: the URL of its hashed file and, when it is small, its text to inline in a
   * `<style>` element instead (no render-blocking request). A page past the first round trip
   * links the file all the same (`render/first-round-trip.ts`).
   */
  stylesheet: { url: string; inline?: string | undefined };
  /** The loader script every page runs. */
  loader: string;
  /**
   * The scripts the loader imports when needed (`RuntimeConfig.scripts`), and the forms'
   * proof-of-work worker, which only pages with a form name (as an island prop).
   */
  scripts: RuntimeConfig['scripts'] & { powWorker?: string };
  /** Each island's entry chunk, by island name. */
  islands: Readonly<Record<string, string>>;
  /** The site's share image, if site.yaml names one. */
  shareImage?: ShareImage | undefined;
  /** The site's icon, if site.yaml names one. */
  icon?: SiteIcon | undefined;
}

/** The images of `public/` as the build read them (`docs/content.md`, "Images"). */
export interface SiteImages {
  /** The size and media type of an image by its URL path (`/images/team.jpg`), or undefined when `public/` has none there. */
  get(src: string): { width: number; height: number; type: string } | undefined;
}

export interface PageProps<Data = Record<string, unknown>> {
  page: PageInfo;
  /** The images of `public/`: a template that shares a page's cover reads its size here. */
  images: SiteImages;
  content: PageContent<Data>;
  site: SiteSettings;
  i18n: I18n;
  links: Links;
  assets: Assets;
  build: BuildStamp;
  /** What the page's browser code needs to know (`<script id="sitegen-config">`). */
  runtime: RuntimeConfig;
  /** The feeds of the page's locale. */
  feeds: readonly FeedLink[];
}

/**
 * The error pages have no route and no Markdown. Each is written in every locale: `404.html`
 * and `error.html` in English, `hu/404.html`, `de/error.html`, … in the others.
 */
export interface ErrorPageProps extends ErrorPageLocale {
  kind: 'not-found' | 'error';
  site: SiteSettings;
  assets: Assets;
  build: BuildStamp;
  /**
   * The same page in the other locales, given to the unprefixed files only (`404.html`): the
   * one error document a host without per-path rules serves for every unknown path, which shows
   * the locale of the path's prefix.
   */
  variants?: readonly ErrorPageLocale[];
}

/** What an error page has in one locale. */
export interface ErrorPageLocale {
  i18n: I18n;
  links: Links;
  runtime: RuntimeConfig;
  /** The feeds of that locale. */
  feeds: readonly FeedLink[];
}

export interface TemplateDefinition {
  component: ComponentType<PageProps<any>>;
  /** Front matter fields beyond the common `title`, `description` and `summary`. */
  fields?: z.ZodRawShape;
  /** Its pages are kept out of search results and the sitemap (form results, for example). */
  noindex?: boolean;
  /** Its pages are entries of their parent hub's Atom feed (articles). */
  feed?: boolean;
}

/** What `src/templates/index.ts` exports. */
export interface TemplateModule {
  templates: Readonly<Record<string, TemplateDefinition>>;
  ErrorPage: ComponentType<ErrorPageProps>;
}
