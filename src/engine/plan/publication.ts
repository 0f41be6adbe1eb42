import { z } from 'zod';
import type { Locale } from '../../shared/locales';
import type { PreviewOptions } from '../config/options';
import type { PagePlan } from './plan-pages';
import type { Route } from './route-table';
import type { PreviewLabel } from '../template-api';

export type { PreviewOptions };

export const NO_PREVIEW: PreviewOptions = Object.freeze({ drafts: false, future: false });

/** A day (`2026-03-01`, midnight UTC) or a date and time with its offset (`2026-03-01T09:00:00+01:00`). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The moment a publication date names (ms), or undefined when it names none. */
export function momentOf(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  if (DAY.test(value)) {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    const time = Date.UTC(year, month - 1, day);
    const date = new Date(time);
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? time : undefined;
  }
  if (!DATE_TIME.test(value)) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

const publicationDate = z.string().refine((value) => momentOf(value) !== undefined, 'write a day as YYYY-MM-DD, or a date and time with its offset like 2026-03-01T09:00:00+01:00');

/** The front matter fields every page may have that decide whether it is in a build. */
export const publicationFields = {
  draft: z.boolean().optional(),
  publishDate: publicationDate.optional(),
  expiryDate: publicationDate.optional(),
};

/** Why a page is out of a production build, or shown only in a preview. */
export type PageStatus =
  | { kind: 'published' }
  | { kind: 'draft' }
  | { kind: 'scheduled'; publishDate: string }
  | { kind: 'expired'; expiryDate: string };

/**
 * A page's status at `time` from its front matter. Values that are not what the fields take
 * leave the page in: the front matter's validation then reports them at their line, so a
 * mistyped `draft:` never hides a page silently.
 */
export function statusOf(data: Readonly<Record<string, unknown>> | undefined, time: number): PageStatus {
  if (!data) return { kind: 'published' };
  if (data.draft === true) return { kind: 'draft' };
  const publishAt = momentOf(data.publishDate);
  if (publishAt !== undefined && publishAt > time) return { kind: 'scheduled', publishDate: data.publishDate as string };
  const expireAt = momentOf(data.expiryDate);
  if (expireAt !== undefined && expireAt <= time) return { kind: 'expired', expiryDate: data.expiryDate as string };
  return { kind: 'published' };
}


/** Which route's pages a build leaves out, and which it shows with a preview label. */
export interface Publication {
  /** Route id -> the locales it is out in (a route out in none is not listed). */
  out: ReadonlyMap<string, ReadonlySet<Locale>>;
  /** `<route id>\0<locale>` -> the label of a page shown only because this build is a preview. */
  previewed: ReadonlyMap<string, PreviewLabel>;
  /** A text that changes whenever the above do: part of the route table's hash in every page's fingerprint. */
  key: string;
}

/**
 * Decides, for every route in every locale, whether its page is in this build: drafts only
 * with `drafts`, pages scheduled after `time` only with `future`, expired pages never.
 * `fieldsOf` gives the page's front matter data (undefined when it has none to read).
 */
export function decidePublication(
  routes: readonly Route[],
  fieldsOf: (route: Route, locale: Locale) => Readonly<Record<string, unknown>> | undefined,
  time: number,
  preview: PreviewOptions,
): Publication {
  const out = new Map<string, Set<Locale>>();
  const previewed = new Map<string, PreviewLabel>();
  for (const route of routes) {
    for (const locale of Object.keys(route.paths)) {
      const status = statusOf(fieldsOf(route, locale), time);
      if (status.kind === 'published') continue;
      const shown = (status.kind === 'draft' && preview.drafts) || (status.kind === 'scheduled' && preview.future);
      if (shown) {
        previewed.set(`${route.id}\0${locale}`, status.kind === 'draft' ? { kind: 'draft' } : status);
        continue;
      }
      const locales = out.get(route.id) ?? new Set<Locale>();
      locales.add(locale);
      out.set(route.id, locales);
    }
  }
  const key = out.size === 0 && previewed.size === 0 ? '' : JSON.stringify([[...out].map(([id, locales]) => [id, [...locales]]), [...previewed]]);
  return { out, previewed, key };
}

/** Whether a route's page in a locale is out of this build. */
export function isOut(publication: Publication, routeId: string, locale: Locale): boolean {
  return publication.out.get(routeId)?.has(locale) ?? false;
}

/**
 * The routes as this build has them: each with the paths of the locales it is in only, so
 * every later stage (content, hub cards, links, feeds) sees a page that is out nowhere. A
 * route out in every locale stays, without paths, so that a link to it is told apart from a
 * link to an unknown route.
 */
export function publishedRoutes(routes: readonly Route[], publication: Publication): Route[] {
  if (publication.out.size === 0) return [...routes];
  return routes.map((route) => {
    const out = publication.out.get(route.id);
    if (!out) return route;
    return { ...route, paths: Object.fromEntries(Object.entries(route.paths).filter(([locale]) => !out.has(locale))) };
  });
}

/**
 * The planned pages this build writes: pages that are out removed, the hreflang alternates of
 * their siblings without them (the language menu then leads that locale to its home page), and
 * the preview label on pages a preview build shows although they are not published.
 */
export function publishedPages(pages: readonly PagePlan[], routes: readonly Route[], publication: Publication): PagePlan[] {
  if (publication.out.size === 0 && publication.previewed.size === 0) return [...pages];
  const byId = new Map(routes.map((route) => [route.id, route]));
  const alternatesOf = new Map<string, Readonly<Record<Locale, string>>>();
  const kept: PagePlan[] = [];
  for (const page of pages) {
    if (isOut(publication, page.routeId, page.locale)) continue;
    const out = publication.out.get(page.routeId);
    let alternates = page.alternates;
    if (out) {
      alternates = alternatesOf.get(page.routeId) ?? Object.fromEntries(Object.entries(page.alternates).filter(([locale]) => !out.has(locale)));
      alternatesOf.set(page.routeId, alternates);
    }
    const label = publication.previewed.get(`${page.routeId}\0${page.locale}`);
    const route = byId.get(page.routeId) ?? page.route;
    kept.push(out || label ? { ...page, route, alternates, ...(label ? { preview: label } : {}) } : page);
  }
  return kept;
}
