import { z } from 'zod';
import type { Locale } from '../../shared/locales';
import type { Problems } from '../diagnostics/diagnostic';
import { lazyFields } from '../base/lazy-fields';
import type { RenderedMarkdown } from './markdown';
import { routeLocales, type Route } from '../plan/route-table';
import type { PageContent, TemplateDefinition } from '../template-api';
import { validate } from '../read/yaml-source';
import { translationFieldSchema } from '../translations/record';
import { publicationFields } from '../plan/publication';
import { readingMinutesOf, type ParsedContent, type SiteContent } from './content';

/** The front matter fields of every page, whatever its template. */
const commonFields = {
  title: z.string().trim().min(1, 'must not be empty'),
  description: z.string().trim().min(1, 'must not be empty'),
  summary: z.string().trim().min(1).optional(),
  // Which version of its source a translation translates (`translations/`): not page data.
  translation: translationFieldSchema.optional(),
  // Whether the page is in a build, by the build's time (`plan/publication.ts`).
  ...publicationFields,
};

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
