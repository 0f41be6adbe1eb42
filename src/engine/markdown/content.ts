import type { Locale } from '../../shared/locales';
import type { RenderedMarkdown } from './markdown';
import type { PlainProblem } from './markdown-stage';
import type { Route } from '../plan/route-table';
import type { PageContent } from '../template-api';
import type { YamlData } from '../read/yaml-source';

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

const WORDS_PER_MINUTE = 200;

/** A body's reading time in whole minutes, at least one. */
export function readingMinutesOf(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** `content/<locale>/<content>.md` of a route, relative to `content/`. */
export function contentPathOf(route: Route, locale: Locale): string {
  return `${locale}/${route.content}.md`;
}
