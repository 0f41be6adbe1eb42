import { z } from 'zod';
import type { Locale, SiteLocales } from '../../shared/locales';
import type { Problems, SourceLocation } from '../diagnostics/diagnostic';
import { dataOf, locate, NO_DATA, parsedAgain, parseYamlSource, validate, type YamlSource } from '../read/yaml-source';
import { lazyFields } from '../base/lazy-fields';

/** One route of `content/routes.yaml`, validated, with where it was written. */
export interface Route {
  id: string;
  template: string;
  /** Content name: the route reads `content/<locale>/<content>.md`. */
  content: string;
  parent: string | undefined;
  /**
   * Locale-relative paths (`/karrier`), one for each of the site's locales (a locale the table
   * does not name has the default locale's path); the planner adds the locale prefixes.
   */
  paths: Readonly<Record<Locale, string>>;
  /**
   * A hub that lists its children on numbered pages (`paginate:` in the table): at most `size`
   * on each, pages 2..n under `<hub path>/<segment>/<n>`, the segment chosen per locale
   * (`pagination.path` of the table). Undefined for a route that lists everything on one page.
   */
  pagination: { size: number; segments: Readonly<Record<Locale, string>> } | undefined;
  /**
   * A hub with a listing per tag of its children (`tags: true` in the table): at
   * `<hub path>/<segment>/<tag>`, the segment chosen per locale (`tags.path` of the table).
   */
  tagging: { segments: Readonly<Record<Locale, string>> } | undefined;
  /** Where the route and its keys are written, for errors found by later stages. */
  at: RouteLocations;
}

/** The page size of a paginated hub whose route says `paginate: true` and the table no `pagination.pageSize`. */
export const DEFAULT_PAGE_SIZE = 12;
/** The path segment of pages 2..n in the default locale when the table names none (`/blog/page/2`). */
export const DEFAULT_PAGE_SEGMENT = 'page';
/** The path segment of tag listings in the default locale when the table names none (`/blog/tag/clickup`). */
export const DEFAULT_TAG_SEGMENT = 'tag';

export interface RouteLocations {
  route: SourceLocation;
  template: SourceLocation;
  content: SourceLocation;
  path(locale: Locale): SourceLocation;
  /** `paginate:` of the route. */
  paginate: SourceLocation;
  /** `tags:` of the route. */
  tags: SourceLocation;
}

// Letters of any script (`/hu/állások`), digits, and the unreserved punctuation of RFC 3986.
// Output files and manifests keep the characters; browsers percent-encode them in requests.
const SLUG_SEGMENT = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}._~-]*$/u;

const routePath = z.string().superRefine((value, ctx) => {
  const problem = pathProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Why a route path (or a URL path of `content/redirects.yaml`) is not acceptable, or undefined when it is fine. */
export function pathProblem(path: string): string | undefined {
  if (!path.startsWith('/')) return `path "${path}" is not absolute: start it with "/"`;
  if (path === '/') return undefined;
  if (/[:[\]{}*?#]/.test(path)) {
    return `path "${path}" has a parameter or pattern; routes are static: write each page's path out`;
  }
  if (path.endsWith('/')) return `path "${path}" ends with "/": remove the trailing slash`;
  // One spelling per URL: "á" as one code point, not "a" and a combining accent (macOS file names).
  if (path !== path.normalize('NFC')) return `path "${path}" has decomposed accents (Unicode NFD): write each accented letter as one character (NFC)`;
  for (const segment of path.slice(1).split('/')) {
    if (!SLUG_SEGMENT.test(segment) || segment === '.' || segment === '..') {
      return `path "${path}" has the segment "${segment}": use letters (accented ones too), digits, "-", "_", "." and "~"`;
    }
  }
  return undefined;
}

const pathSegment = z.string().refine((value) => SLUG_SEGMENT.test(value) && value === value.normalize('NFC'), 'one path segment: letters (accented ones too), digits, "-", "_", "." and "~"');

/** The route table's shape: `paths` names the default locale's path, and no locale the site does not have. */
function routeTableSchema(locales: SiteLocales) {
  const paths = Object.fromEntries(locales.all.map(({ code }) => [code, code === locales.default ? routePath : routePath.optional()]));
  const segments = Object.fromEntries(locales.all.map(({ code }) => [code, pathSegment.optional()]));
  const pagination = z.strictObject({
    pageSize: z.number().int().positive('at least one card per page').optional(),
    path: z.strictObject(segments).optional(),
  });
  const route = z.strictObject({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'an id is lowercase letters, digits and "-"'),
    template: z.string().min(1),
    content: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/, 'a content name is like "blog/clickup-as-erp", without ".md"'),
    parent: z.string().optional(),
    paths: z.strictObject(paths),
    paginate: z.union([z.literal(true), z.number().int().positive('at least one card per page')]).optional(),
    tags: z.literal(true).optional(),
  });
  const tags = z.strictObject({ path: z.strictObject(segments).optional() });
  return z.strictObject({ pagination: pagination.optional(), tags: tags.optional(), routes: z.array(route).min(1, 'list at least one route') });
}

/**
 * Reads and validates the route table: its shape, and what only the whole table can tell
 * (unique ids, known parents). Path collisions are found by the planner, which sees every URL
 * form; template names are checked once the templates are loaded (`checkRouteTemplates`).
 */
export function parseRouteTable(text: string, file: string, locales: SiteLocales, problems: Problems): Route[] | undefined {
  const source = parseYamlSource(text, file, problems);
  if (!source) return undefined;
  const data = dataOf(source, problems);
  if (data === NO_DATA) return undefined;
  const table = validate(source, data, routeTableSchema(locales), problems);
  if (!table) return undefined;

  // The routes locate themselves by parsing the text again, only if a later stage reports an
  // error: a table of thousands of routes is tens of megabytes as a document with positions.
  const sourceAgain = parsedAgain(text, file);
  const segments = allPaths(table.pagination?.path ?? {}, locales, DEFAULT_PAGE_SEGMENT);
  const pageSize = table.pagination?.pageSize ?? DEFAULT_PAGE_SIZE;
  const tagSegments = allPaths(table.tags?.path ?? {}, locales, DEFAULT_TAG_SEGMENT);
  const routes = table.routes.map(({ paginate, tags, ...route }, index): Route => ({
    ...route,
    paths: allPaths(route.paths, locales),
    parent: route.parent,
    pagination: paginate === undefined ? undefined : { size: paginate === true ? pageSize : paginate, segments },
    tagging: tags ? { segments: tagSegments } : undefined,
    at: locationsOf(sourceAgain, index),
  }));
  const ids = new Map<string, number>();
  for (const [index, route] of routes.entries()) {
    const earlier = ids.get(route.id);
    if (earlier !== undefined) {
      problems.add('routes/duplicate-id', `route id "${route.id}" is used twice (first at line ${locate(source, ['routes', earlier]).line})`, {
        ...locate(source, ['routes', index, 'id']),
        hint: 'give each route its own id',
      });
    }
    ids.set(route.id, index);
  }
  for (const [index, route] of routes.entries()) {
    if (route.parent !== undefined && !ids.has(route.parent)) {
      problems.add('routes/unknown-parent', `unknown parent route "${route.parent}"`, {
        ...locate(source, ['routes', index, 'parent']),
        hint: 'name the id of another route in this table',
      });
    }
  }
  return problems.ok ? routes : undefined;
}

/**
 * A path for every locale: one the table leaves out has the default locale's path (a language
 * added to the site needs no path of its own for each route; `/fr/career` until it has one).
 */
function allPaths(listed: Record<string, string | undefined>, locales: SiteLocales, otherwise?: string): Record<Locale, string> {
  const fallback = listed[locales.default] ?? otherwise!;
  return Object.fromEntries(locales.all.map(({ code }) => [code, listed[code] ?? fallback]));
}

/** The locales a route has a page in: every locale of the site (the route table names a path for each). */
export function routeLocales(route: Pick<Route, 'paths'>): Locale[] {
  return Object.keys(route.paths);
}

/** Every route names a template that exists. */
export function checkRouteTemplates(routes: readonly Route[], templateNames: readonly string[], problems: Problems): void {
  for (const route of routes) {
    if (!templateNames.includes(route.template)) {
      problems.add('routes/unknown-template', `unknown template "${route.template}"`, {
        ...route.at.template,
        hint: `use one of: ${templateNames.join(', ')}`,
      });
    }
  }
}

/** A route as plain data, without its locations: what the build cache keeps. */
export type PlainRoute = Omit<Route, 'at'>;

export function plainRoutes(routes: readonly Route[]): PlainRoute[] {
  return routes.map(({ at: _at, ...route }) => route);
}

/**
 * The routes a build read from this same text before (the build cache keeps them, so a large
 * table is not parsed and validated again). Their locations come from parsing the text again,
 * only if an error needs one.
 */
export function restoreRoutes(plain: readonly PlainRoute[], text: string, file: string): Route[] {
  const sourceOf = parsedAgain(text, file);
  return plain.map((route, index) => ({ ...route, at: locationsOf(sourceOf, index) }));
}

/** Located when asked: only errors need them, and a large table has thousands of routes. */
function locationsOf(sourceOf: () => YamlSource, index: number): RouteLocations {
  return located({}, { sourceOf, index });
}

type RouteInTable = { sourceOf: () => YamlSource; index: number };
const locatedIn = ({ sourceOf, index }: RouteInTable, ...path: Array<string | number>) => locate(sourceOf(), ['routes', index, ...path]);
const located = lazyFields<RouteInTable, RouteLocations>({
  route: (route) => locatedIn(route),
  template: (route) => locatedIn(route, 'template'),
  content: (route) => locatedIn(route, 'content'),
  path: (route) => (locale: Locale) => locatedIn(route, 'paths', locale),
  paginate: (route) => locatedIn(route, 'paginate'),
  tags: (route) => locatedIn(route, 'tags'),
});
