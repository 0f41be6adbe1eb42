import matter from 'gray-matter';
import { z } from 'zod';
import { LOCALES, type Locale } from '../shared/locales';
import type { Problems } from './errors';
import type { createMarkdownRenderer } from './markdown';
import { canonicalUrl, type PagePlan } from './plan-pages';
import type { Route } from './route-table';
import type { PageContent, TemplateDefinition } from './template-api';
import { parseYamlSource, validate } from './yaml-source';

/** The Markdown source files by path relative to `content/` (`hu/career.md`). */
export type ContentFiles = ReadonlyMap<string, { path: string; text: string }>;

/** Parsed content by route id, then locale. */
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
 * Parses every route's Markdown in every locale: front matter validated against the common
 * fields and the template's own, the body rendered to sanitized HTML with localized links.
 */
export function parseContent(
  routes: readonly Route[],
  pages: readonly PagePlan[],
  files: ContentFiles,
  templates: Readonly<Record<string, TemplateDefinition>>,
  render: ReturnType<typeof createMarkdownRenderer>,
  problems: Problems,
): SiteContent {
  const urls = linkTable(routes, pages);
  const schemas = new Map<string, z.ZodType>();
  const schemaOf = (template: string) => {
    let schema = schemas.get(template);
    if (!schema) {
      schema = z.strictObject({ ...commonFields, ...templates[template]?.fields });
      schemas.set(template, schema);
    }
    return schema;
  };

  const content = new Map<string, Record<Locale, PageContent>>();
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
    const byLocale: Partial<Record<Locale, PageContent>> = {};
    for (const locale of LOCALES) {
      const source = files.get(contentPathOf(route, locale))!;
      const page = parsePage(source.path, source.text, schemaOf(route.template), problems, (body, lineOffset) =>
        render(body, {
          file: source.path,
          lineOffset,
          routeUrl: (id) => urls.get(id, locale),
          foreignRoute: (url) => urls.foreign(url, locale),
          problems,
        }),
      );
      if (page) byLocale[locale] = page;
    }
    if (LOCALES.every((locale) => byLocale[locale])) content.set(route.id, byLocale as Record<Locale, PageContent>);
  }
  return content;
}

function parsePage(
  file: string,
  text: string,
  schema: z.ZodType,
  problems: Problems,
  renderBody: (body: string, lineOffset: number) => ReturnType<ReturnType<typeof createMarkdownRenderer>>,
): PageContent | undefined {
  if (!/^---\r?\n/.test(text)) {
    problems.add('the file has no front matter', {
      file,
      hint: 'start it with a "---" line, then title and description, then another "---" line',
    });
    return undefined;
  }
  // gray-matter only splits the file here: the front matter is parsed with positions below.
  const split = matter(text, { engines: { yaml: () => ({}) } });
  // `split.matter` starts right after the opening fence, so its line numbers are the file's.
  const frontMatter = parseYamlSource(split.matter, file, problems);
  if (!frontMatter) return undefined;
  const raw = frontMatter.doc.toJS() ?? {};
  const data = validate(frontMatter, raw, schema, problems) as PageContent['data'] | undefined;
  const bodyStart = text.length - split.content.length;
  const lineOffset = countLines(text.slice(0, bodyStart));
  const body = renderBody(split.content, lineOffset);
  if (!data) return undefined;
  return {
    data,
    html: body.html,
    headings: body.headings,
    words: body.words,
    readingMinutes: Math.max(1, Math.round(body.words / WORDS_PER_MINUTE)),
  };
}

function countLines(text: string): number {
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

/** Route URLs per locale, and a reverse index to spot links into another locale. */
function linkTable(routes: readonly Route[], pages: readonly PagePlan[]) {
  const byId = new Map(routes.map((route) => [route.id, route] as const));
  const owner = new Map(pages.map((page) => [page.url, page] as const));
  return {
    get(id: string, locale: Locale): string | undefined {
      const route = byId.get(id);
      return route && canonicalUrl(route, locale);
    },
    foreign(url: string, locale: Locale): string | undefined {
      const page = owner.get(url);
      return page && page.locale !== locale ? page.routeId : undefined;
    },
  };
}
