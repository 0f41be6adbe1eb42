import matter from 'gray-matter';
import { z } from 'zod';
import { LOCALES, type Locale } from '../shared/locales';
import { SiteError, type Problems } from './errors';
import type { RenderedMarkdown } from './markdown';
import type { LinkData, MarkdownJob, RenderMarkdown } from './markdown-jobs';
import { canonicalUrl, type PagePlan } from './plan-pages';
import type { Route } from './route-table';
import type { PageContent, TemplateDefinition } from './template-api';
import { parseYamlSource, validate, type YamlSource } from './yaml-source';

/** The Markdown source files by path relative to `content/` (`hu/career.md`). */
export type ContentFiles = ReadonlyMap<string, { path: string; text: string }>;

/** A Markdown file parsed, before its front matter is checked against its template's fields. */
export interface ParsedPage {
  frontMatter: YamlSource;
  body: RenderedMarkdown;
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

/**
 * Parses every route's Markdown in every locale: the front matter with positions, the body to
 * sanitized HTML with localized links. It needs no templates, so it runs while they bundle.
 */
export async function parseContent(
  routes: readonly Route[],
  pages: readonly PagePlan[],
  files: ContentFiles,
  renderMarkdown: RenderMarkdown,
  problems: Problems,
): Promise<ParsedContent> {
  const split: Array<{ route: Route; locale: Locale; file: string; frontMatter: string; job: MarkdownJob }> = [];
  for (const route of routes) {
    const missing = LOCALES.filter((locale) => !files.has(contentPathOf(route, locale)));
    if (missing.length > 0) {
      const list = missing.map((locale) => `content/${contentPathOf(route, locale)}`).join(', ');
      problems.add(`route "${route.id}" has no ${missing.join(', ')} content: ${list} ${missing.length === 1 ? 'does' : 'do'} not exist`, {
        ...route.at.content,
        hint: `create ${list}, or correct the route's "content" name`,
      });
      continue;
    }
    for (const locale of LOCALES) {
      const source = files.get(contentPathOf(route, locale))!;
      const page = splitPage(source.path, source.text, locale, problems);
      if (page) split.push({ route, locale, file: source.path, ...page });
    }
  }

  // The bodies render (on the Markdown worker) while this thread parses the front matter.
  const rendering = renderMarkdown(
    split.map((page) => page.job),
    linkData(routes, pages),
  );
  const frontMatters = split.map(({ file, frontMatter }) => parseYamlSource(frontMatter, file, problems));
  const rendered = await rendering;

  const content = new Map<string, Partial<Record<Locale, ParsedPage>>>();
  split.forEach(({ route, locale }, index) => {
    const { markdown, problems: found } = rendered[index]!;
    for (const problem of found) problems.push(new SiteError(problem.message, problem));
    const frontMatter = frontMatters[index];
    if (!frontMatter) return;
    const byLocale = content.get(route.id) ?? {};
    byLocale[locale] = { frontMatter, body: markdown };
    content.set(route.id, byLocale);
  });
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
      const { frontMatter, body } = pages[locale];
      const data = validate(frontMatter, frontMatter.doc.toJS() ?? {}, schema, problems) as PageContent['data'] | undefined;
      if (!data) continue;
      byLocale[locale] = {
        data,
        html: body.html,
        headings: body.headings,
        words: body.words,
        readingMinutes: Math.max(1, Math.round(body.words / WORDS_PER_MINUTE)),
      };
    }
    if (LOCALES.every((locale) => byLocale[locale])) content.set(route.id, byLocale as Record<Locale, PageContent>);
  }
  return content;
}

/** Splits front matter (YAML text, parsed later) from body (a Markdown job). */
function splitPage(
  file: string,
  text: string,
  locale: Locale,
  problems: Problems,
): { frontMatter: string; job: MarkdownJob } | undefined {
  if (!/^---\r?\n/.test(text)) {
    problems.add('the file has no front matter', {
      file,
      hint: 'start it with a "---" line, then title and description, then another "---" line',
    });
    return undefined;
  }
  // gray-matter only splits the file here: the front matter is parsed with positions later.
  const split = matter(text, { engines: { yaml: () => ({}) } });
  const lineOffset = countLines(text.slice(0, text.length - split.content.length));
  // `split.matter` starts right after the opening fence, so its line numbers are the file's.
  return { frontMatter: split.matter, job: { file, body: split.content, lineOffset, locale } };
}

function countLines(text: string): number {
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

/** Each route's URL in each locale, and the owner of each page URL, for links in Markdown. */
function linkData(routes: readonly Route[], pages: readonly PagePlan[]): LinkData {
  const urls: LinkData['urls'] = {};
  for (const route of routes) {
    urls[route.id] = Object.fromEntries(LOCALES.map((locale) => [locale, canonicalUrl(route, locale)])) as Record<Locale, string>;
  }
  const owners: LinkData['owners'] = {};
  for (const page of pages) owners[page.url] = { routeId: page.routeId, locale: page.locale };
  return { urls, owners };
}
