import type { Locale } from '../../shared/locales';
import { SiteError, type Problems } from '../diagnostics/diagnostic';
import type { RenderedMarkdown } from './markdown';
import type { LinkData, MarkdownStage, PlainProblem } from './markdown-stage';
import type { FrontMatterTexts } from './split-content';
import type { PagePlan } from '../plan/plan-pages';
import { routeLocales, type Route } from '../plan/route-table';
import { parseYamlData, type YamlData } from '../read/yaml-source';
import { contentPathOf, type ContentArrival, type KnownContent, type ParsedContent, type ParsedPage } from './content';
import { linkData } from './link-data';
import { pendingBody, type PendingBody } from './pending-body';

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
