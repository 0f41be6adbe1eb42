import { z } from 'zod';
import type { Locale } from '../../shared/locales';
import { SiteError, type Problems } from '../diagnostics/diagnostic';
import { lazyFields } from '../base/lazy-fields';
import type { RenderedMarkdown } from './markdown';
import type { LinkData, MarkdownStage, PlainProblem } from './markdown-stage';
import type { FrontMatterTexts } from './split-content';
import type { PagePlan } from '../plan/plan-pages';
import { routeLocales, type Route } from '../plan/route-table';
import type { PageContent, TemplateDefinition } from '../template-api';
import { parseYamlData, validate, type YamlData } from '../read/yaml-source';
import { translationFieldSchema } from '../translations/record';
import { publicationFields } from '../plan/publication';


/** A Markdown file parsed, before its front matter is checked against its template's fields. */
export interface ParsedPage {
  /** The front matter's data (positions come when an error needs them); parsed only when needed for pages a cache knows. */
  frontMatter(): YamlData | undefined;
  body: RenderedMarkdown;
  /** Front matter validated by an earlier build, against the templates with this hash. */
  validated?: { templatesHash: string; data: Record<string, unknown> };
}

/** What an earlier build (the persistent cache) knows of a content file. */
export interface KnownContent {
  markdown: RenderedMarkdown;
  /** What rendering the body warned of (raw HTML left out): a build that reuses it warns again. */
  warnings: readonly PlainProblem[];
  templatesHash: string;
  data: Record<string, unknown>;
}

/** Parsed files by route id, then locale. */
export type ParsedContent = ReadonlyMap<string, Readonly<Record<Locale, ParsedPage>>>;

/**
 * Thrown when a page reads a Markdown body that has not arrived from its worker yet. The page
 * is rendered again once every body is there; no template sees it.
 */
export class BodyPending extends Error {
  constructor() {
    super('a Markdown body is still being rendered');
  }
}

/** The content, and the Markdown bodies as they arrive. */
export interface ContentArrival {
  content: ParsedContent;
  /** When the body of a route in a locale is there; undefined when it is already. */
  ready(routeId: string, locale: Locale): Promise<void> | undefined;
  /** Every body is there, and its problems (links to unknown routes...) reported. */
  all: Promise<void>;
  /** What each body warned of, by content file (`hu/career.md`); complete once `all` resolved. */
  warnings: ReadonlyMap<string, readonly PlainProblem[]>;
}

/** Validated content by route id, then locale. */
export type SiteContent = ReadonlyMap<string, Readonly<Record<Locale, PageContent>>>;

/** The content of a route in a locale: every planned page has it once the content is validated. */
export function contentOf(content: SiteContent, routeId: string, locale: Locale): PageContent {
  const found = content.get(routeId)?.[locale];
  if (!found) throw new Error(`route "${routeId}" has no validated content in ${locale}`);
  return found;
}

const commonFields = {
  title: z.string().trim().min(1, 'must not be empty'),
  description: z.string().trim().min(1, 'must not be empty'),
  summary: z.string().trim().min(1).optional(),
  // Which version of its source a translation translates (`translations/`): not page data.
  translation: translationFieldSchema.optional(),
  // Whether the page is in a build, by the build's time (`plan/publication.ts`).
  ...publicationFields,
};

const WORDS_PER_MINUTE = 200;

/** A body's reading time in whole minutes, at least one. */
export function readingMinutesOf(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** `content/<locale>/<content>.md` of a route, relative to `content/`. */
export function contentPathOf(route: Route, locale: Locale): string {
  return `${locale}/${route.content}.md`;
}

/**
 * Every route's content in every locale: the front matter parsed with positions on this thread
 * while the Markdown stage finishes the bodies (localized links, heading ids, sanitized HTML).
 * Returns once the front matter is parsed: bodies arrive after (`ContentArrival`), and reading
 * one too early throws `BodyPending`.
 */
export async function parseContent(
  routes: readonly Route[],
  pages: readonly PagePlan[],
  split: FrontMatterTexts,
  markdown: MarkdownStage,
  problems: Problems,
  parseFrontMatter: (text: string, file: string) => YamlData | undefined = (text, file) => parseYamlData(text, file, problems),
  links: LinkData = linkData(pages),
  /** Content files whose Markdown result is known (by file, relative to `content/`). */
  known: ReadonlyMap<string, KnownContent> = new Map(),
  /** Takes each body as it arrives and gives back the one to use (the build cache's pack stream). */
  keep?: (file: string, markdown: RenderedMarkdown) => RenderedMarkdown,
): Promise<ContentArrival> {
  const wanted: Array<{ route: Route; locale: Locale; key: string }> = [];
  for (const route of routes) {
    const locales = routeLocales(route);
    const missing = locales.filter((locale) => !split.has(contentPathOf(route, locale)));
    if (missing.length > 0) {
      const list = missing.map((locale) => `content/${contentPathOf(route, locale)}`).join(', ');
      problems.add('content/missing-locale', `route "${route.id}" has no ${missing.join(', ')} content: ${list} ${missing.length === 1 ? 'does' : 'do'} not exist`, {
        ...route.at.content,
        hint: `create ${list}, or correct the route's "content" name`,
      });
      continue;
    }
    for (const locale of locales) wanted.push({ route, locale, key: contentPathOf(route, locale) });
  }

  const todo = wanted.filter(({ key }) => !known.has(key));
  const keys = new Map(wanted.map(({ route, locale, key }) => [`${route.id}\0${locale}`, key]));
  const bodies = new Map<string, PendingBody>();
  for (const { key } of todo) bodies.set(key, pendingBody());
  const rendering = markdown.render(
    todo.map(({ key }) => key),
    links,
    (key, result) => {
      // Kept elsewhere, the result holds no HTML from here on: a large build does not hold them all.
      if (keep) result.markdown = keep(key, result.markdown);
      bodies.get(key)!.fill(result.markdown);
    },
  );
  // This thread parses the front matter of the new files while the Markdown renders.
  const parseOnce = (key: string) => {
    let parsed: { value: YamlData | undefined } | undefined;
    return () => (parsed ??= { value: parseFrontMatter(split.get(key)!.frontMatter, split.get(key)!.file) }).value;
  };

  const content = new Map<string, Partial<Record<Locale, ParsedPage>>>();
  const add = (route: Route, locale: Locale, page: ParsedPage) => {
    const byLocale = content.get(route.id) ?? {};
    byLocale[locale] = page;
    content.set(route.id, byLocale);
  };
  for (const { route, locale, key } of todo) {
    const frontMatter = parseOnce(key);
    if (frontMatter()) add(route, locale, { frontMatter, body: bodies.get(key)!.body });
  }
  const warnings = new Map<string, readonly PlainProblem[]>();
  for (const { route, locale, key } of wanted) {
    const cached = known.get(key);
    if (!cached) continue;
    add(route, locale, { frontMatter: parseOnce(key), body: cached.markdown, validated: cached });
    warnings.set(key, cached.warnings);
  }
  for (const route of routes) {
    const byLocale = content.get(route.id);
    if (byLocale && !routeLocales(route).every((locale) => byLocale[locale])) content.delete(route.id);
  }
  const all = rendering.then((results) => {
    todo.forEach(({ key }, index) => {
      const { markdown: body, problems: found, warnings: warned } = results[index]!;
      bodies.get(key)!.fill(body);
      warnings.set(key, warned);
      for (const problem of found) problems.push(new SiteError(problem.code, problem.message, problem));
    });
  });
  return {
    content: content as ParsedContent,
    ready: (routeId, locale) => bodies.get(keys.get(`${routeId}\0${locale}`) ?? '')?.arrived,
    all,
    warnings,
  };
}

/** A body on its way: reading it before it is there throws `BodyPending`. */
interface PendingBody {
  body: RenderedMarkdown;
  /** Resolves when it is there; undefined once it is. */
  arrived: Promise<void> | undefined;
  fill(value: RenderedMarkdown): void;
}

function pendingBody(): PendingBody {
  return new WaitedBody();
}

class WaitedBody implements PendingBody {
  readonly body: RenderedMarkdown = bodyWhenThere({}, this);
  arrived: Promise<void> | undefined;
  private value: RenderedMarkdown | undefined;
  private resolve!: () => void;

  constructor() {
    this.arrived = new Promise((done) => (this.resolve = done));
  }

  /** The body, or `BodyPending` thrown while it is on its way. */
  current(): RenderedMarkdown {
    if (!this.value) throw new BodyPending();
    return this.value;
  }

  fill(next: RenderedMarkdown): void {
    if (this.value) return;
    this.value = next;
    this.arrived = undefined;
    this.resolve();
  }
}

const bodyWhenThere = lazyFields<WaitedBody, RenderedMarkdown>({
  html: (pending) => pending.current().html,
  headings: (pending) => pending.current().headings,
  words: (pending) => pending.current().words,
});

/** A page's content: its front matter, and the fields of its body when they are read. */
const withBody = lazyFields<RenderedMarkdown, Omit<PageContent, 'data'>>({
  html: (body) => body.html,
  headings: (body) => body.headings,
  words: (body) => body.words,
  readingMinutes: (body) => readingMinutesOf(body.words),
});

/** Checks each page's front matter against the common fields and its template's own. */
export function validateContent(
  routes: readonly Route[],
  parsed: ParsedContent,
  templates: Readonly<Record<string, TemplateDefinition>>,
  problems: Problems,
  /** Watch mode: results for front matter documents validated before. */
  validated?: WeakMap<object, { template: string; data: unknown }>,
  /** The templates' hash: front matter an earlier build validated against them is valid. */
  templatesHash?: string,
): SiteContent {
  const schemas = new Map<string, z.ZodType>();
  const content = new Map<string, Record<Locale, PageContent>>();
  for (const route of routes) {
    const pages = parsed.get(route.id);
    if (!pages) continue;
    let schema = schemas.get(route.template);
    if (!schema) {
      schema = z.strictObject({ ...commonFields, ...templates[route.template]?.fields });
      schemas.set(route.template, schema);
    }
    const byLocale: Partial<Record<Locale, PageContent>> = {};
    for (const locale of routeLocales(route)) {
      const page = pages[locale]!;
      const { body } = page;
      let data: PageContent['data'] | undefined;
      if (templatesHash !== undefined && page.validated?.templatesHash === templatesHash) {
        data = page.validated.data as PageContent['data'];
      } else {
        const frontMatter = page.frontMatter();
        if (!frontMatter) continue;
        const known = validated?.get(frontMatter);
        data = (
          known?.template === route.template ? known.data : withoutRecord(validate(frontMatter.source, frontMatter.data ?? {}, schema, problems) as Record<string, unknown> | undefined)
        ) as PageContent['data'] | undefined;
        if (data && validated && !known) validated.set(frontMatter, { template: route.template, data });
      }
      if (!data) continue;
      // A body known from the build cache is read from it only if its page renders again;
      // a body still on its way throws `BodyPending` when read.
      byLocale[locale] = withBody({ data }, body);
    }
    if (routeLocales(route).every((locale) => byLocale[locale])) content.set(route.id, byLocale as Record<Locale, PageContent>);
  }
  return content;
}

/** Validated front matter without the translation's record, which templates never see. */
function withoutRecord(data: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!data || !('translation' in data)) return data;
  const { translation: _record, ...rest } = data;
  return rest;
}

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
