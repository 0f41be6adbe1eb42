import { z } from 'zod';
import { LOCALES, isLocale, type Locale } from '../shared/locales';
import { SiteError, type Problems } from './errors';
import type { RenderedMarkdown } from './markdown';
import { splitFrontMatter } from './front-matter-split';
import type { LinkData, MarkdownJob, MarkdownStage } from './markdown-jobs';
import { canonicalUrl, type PagePlan } from './plan-pages';
import type { Route } from './route-table';
import type { PageContent, TemplateDefinition } from './template-api';
import { parseYamlSource, validate, type YamlSource } from './yaml-source';

/** The Markdown source files by path relative to `content/` (`hu/career.md`). */
export type ContentFiles = ReadonlyMap<string, { path: string; text: string }>;

/** A Markdown file parsed, before its front matter is checked against its template's fields. */
export interface ParsedPage {
  /** The front matter parsed with positions; parsed only when needed for pages a cache knows. */
  frontMatter(): YamlSource | undefined;
  body: RenderedMarkdown;
  /** Front matter validated by an earlier build, against the templates with this hash. */
  validated?: { templatesHash: string; data: Record<string, unknown> };
}

/** What an earlier build (the persistent cache) knows of a content file. */
export interface KnownContent {
  markdown: RenderedMarkdown;
  templatesHash: string;
  data: Record<string, unknown>;
}

/** Parsed files by route id, then locale. */
export type ParsedContent = ReadonlyMap<string, Readonly<Record<Locale, ParsedPage>>>;

/** Validated content by route id, then locale. */
export type SiteContent = ReadonlyMap<string, Readonly<Record<Locale, PageContent>>>;

const commonFields = {
  title: z.string().trim().min(1, 'must not be empty'),
  description: z.string().trim().min(1, 'must not be empty'),
  summary: z.string().trim().min(1).optional(),
};

const WORDS_PER_MINUTE = 200;

/** `content/<locale>/<content>.md` of a route, relative to `content/`. */
export function contentPathOf(route: Route, locale: Locale): string {
  return `${locale}/${route.content}.md`;
}

/** Every content file split into front matter (YAML text) and body (a Markdown job). */
export type SplitContent = ReadonlyMap<string, { file: string; frontMatter: string; job: MarkdownJob }>;

/**
 * Splits every content file as soon as it is read, so Markdown parsing can start at once.
 * gray-matter only splits here; the front matter is parsed with positions later.
 */
export function splitContent(
  files: ContentFiles,
  problems: Problems,
  /** Watch mode: the split of each source text object seen before. */
  known?: WeakMap<object, { file: string; frontMatter: string; job: MarkdownJob }>,
): SplitContent {
  const split = new Map<string, { file: string; frontMatter: string; job: MarkdownJob }>();
  for (const [key, source] of files) {
    const seen = known?.get(source);
    if (seen) {
      split.set(key, seen);
      continue;
    }
    const locale = key.split('/', 1)[0];
    if (!isLocale(locale)) continue;
    const parts = splitFrontMatter(source.text);
    if (!parts) {
      problems.add('the file has no front matter', {
        file: source.path,
        hint: 'start it with a "---" line, then title and description, then another "---" line',
      });
      continue;
    }
    const { frontMatter, body, lineOffset } = parts;
    const entry = { file: source.path, frontMatter, job: { key, file: source.path, body, lineOffset, locale } };
    known?.set(source, entry);
    split.set(key, entry);
  }
  return split;
}

/**
 * Every route's content in every locale: the front matter parsed with positions on this thread
 * while the Markdown stage finishes the bodies (localized links, heading ids, sanitized HTML).
 */
export async function parseContent(
  routes: readonly Route[],
  pages: readonly PagePlan[],
  split: SplitContent,
  markdown: MarkdownStage,
  problems: Problems,
  parseFrontMatter: (text: string, file: string) => YamlSource | undefined = (text, file) => parseYamlSource(text, file, problems),
  links: LinkData = linkData(routes, pages),
  /** Content files whose Markdown result is known (by file, relative to `content/`). */
  known: ReadonlyMap<string, KnownContent> = new Map(),
): Promise<ParsedContent> {
  const wanted: Array<{ route: Route; locale: Locale; key: string }> = [];
  for (const route of routes) {
    const missing = LOCALES.filter((locale) => !split.has(contentPathOf(route, locale)));
    if (missing.length > 0) {
      const list = missing.map((locale) => `content/${contentPathOf(route, locale)}`).join(', ');
      problems.add(`route "${route.id}" has no ${missing.join(', ')} content: ${list} ${missing.length === 1 ? 'does' : 'do'} not exist`, {
        ...route.at.content,
        hint: `create ${list}, or correct the route's "content" name`,
      });
      continue;
    }
    for (const locale of LOCALES) wanted.push({ route, locale, key: contentPathOf(route, locale) });
  }

  const todo = wanted.filter(({ key }) => !known.has(key));
  const rendering = markdown.render(
    todo.map(({ key }) => key),
    links,
  );
  // This thread parses the front matter of the new files while the Markdown renders.
  const parseOnce = (key: string) => {
    let parsed: { value: YamlSource | undefined } | undefined;
    return () => (parsed ??= { value: parseFrontMatter(split.get(key)!.frontMatter, split.get(key)!.file) }).value;
  };
  const fresh = todo.map(({ key }) => {
    const frontMatter = parseOnce(key);
    frontMatter();
    return frontMatter;
  });
  const rendered = await rendering;

  const content = new Map<string, Partial<Record<Locale, ParsedPage>>>();
  const add = (route: Route, locale: Locale, page: ParsedPage) => {
    const byLocale = content.get(route.id) ?? {};
    byLocale[locale] = page;
    content.set(route.id, byLocale);
  };
  todo.forEach(({ route, locale }, index) => {
    const { markdown: body, problems: found } = rendered[index]!;
    for (const problem of found) problems.push(new SiteError(problem.message, problem));
    if (fresh[index]!()) add(route, locale, { frontMatter: fresh[index]!, body });
  });
  for (const { route, locale, key } of wanted) {
    const cached = known.get(key);
    if (cached) add(route, locale, { frontMatter: parseOnce(key), body: cached.markdown, validated: cached });
  }
  for (const [routeId, byLocale] of content) {
    if (!LOCALES.every((locale) => byLocale[locale])) content.delete(routeId);
  }
  return content as ParsedContent;
}

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
    for (const locale of LOCALES) {
      const page = pages[locale];
      const { body } = page;
      let data: PageContent['data'] | undefined;
      if (templatesHash !== undefined && page.validated?.templatesHash === templatesHash) {
        data = page.validated.data as PageContent['data'];
      } else {
        const frontMatter = page.frontMatter();
        if (!frontMatter) continue;
        const known = validated?.get(frontMatter);
        data = (
          known?.template === route.template ? known.data : validate(frontMatter, frontMatter.doc.toJS() ?? {}, schema, problems)
        ) as PageContent['data'] | undefined;
        if (data && validated && !known) validated.set(frontMatter, { template: route.template, data });
      }
      if (!data) continue;
      byLocale[locale] = {
        data,
        // A body known from the build cache is read from it only if its page renders again.
        get html() {
          return body.html;
        },
        headings: body.headings,
        words: body.words,
        readingMinutes: Math.max(1, Math.round(body.words / WORDS_PER_MINUTE)),
      };
    }
    if (LOCALES.every((locale) => byLocale[locale])) content.set(route.id, byLocale as Record<Locale, PageContent>);
  }
  return content;
}

/** Each route's URL in each locale, and the owner of each page URL, for links in Markdown. */
export function linkData(routes: readonly Route[], pages: readonly PagePlan[]): LinkData {
  const urls: LinkData['urls'] = {};
  for (const route of routes) {
    urls[route.id] = Object.fromEntries(LOCALES.map((locale) => [locale, canonicalUrl(route, locale)])) as Record<Locale, string>;
  }
  const owners: LinkData['owners'] = {};
  for (const page of pages) owners[page.url] = { routeId: page.routeId, locale: page.locale };
  return { urls, owners };
}
