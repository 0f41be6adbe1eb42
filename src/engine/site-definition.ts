import path from 'node:path';
import { BUILDS_DIR } from './base/output-paths';
import { buildTime, lastCommitTime } from './config/build-time';
import { contentPathOf } from './markdown/content';
import { NO_PREVIEW, type PreviewOptions, type Publication } from './plan/publication';
import { planPublished, type PublicationInput } from './plan/plan-published';
import { isThere, readTextIfThere } from './read/read-file-again';
import { splitFrontMatter } from './read/front-matter-split';
import { parseYamlData } from './read/yaml-source';
import { resolveConfig, type ResolvedConfig } from './config/resolve-config';
import type { UserOptions } from './config/options';
import { Problems, type SiteError } from './diagnostics/diagnostic';
import type { Message } from './messages/messages';
import { compareLocales } from './messages/compare-locales';
import { readLocaleFile } from './messages/locale-file';
import { planPages, type PagePlan } from './plan/plan-pages';
import { parseRouteTable, type Route } from './plan/route-table';
import { readSiteDefinition as readDefinitionFiles } from './read/read-sources';
import { localeCodes } from '../shared/locales';

/**
 * What the site's sources say the built site must be, without building it: what `sitegen check`
 * compares an output folder with.
 */
export interface SiteDefinition {
  config: ResolvedConfig;
  /** The route table and every page the built site has; undefined when the table has errors. */
  routes: readonly Route[] | undefined;
  /** The pages the output must have: every planned page less those its build left out (drafts, scheduled, expired). */
  pages: readonly PagePlan[] | undefined;
  /** Which pages the build of the output left out, decided as that build did: by its time and preview options (`latest.json`). */
  publication: Publication | undefined;
  /** Everything wrong in the route table and the locale files, each located. */
  problems: SiteError[];
}

/**
 * Reads the configuration, the route table and the locale files through the build's own
 * parsers. Unlike a build, which stops at a locale file that does not parse, it reports every
 * message problem it can find: the keys of messages that are wrong are not also reported missing.
 */
export async function readSiteDefinition(options: UserOptions = {}): Promise<SiteDefinition> {
  const config = await resolveConfig({ ...options, write: false });
  const { locales } = config.site;
  const codes = localeCodes(locales);
  const problems = new Problems();
  const files = await readDefinitionFiles(config.root, codes, problems);
  const catalog: Partial<Record<string, ReadonlyMap<string, Message>>> = {};
  const broken = new Set<string>();
  for (const locale of codes) {
    const file = files.locales.get(locale);
    if (!file) {
      problems.add('messages/missing-file', `there is no locales/${locale}.json`, {
        file: path.join(config.root, 'locales', `${locale}.json`),
        hint: `create it with the same keys as locales/${locales.default}.json`,
      });
      continue;
    }
    catalog[locale] = readLocaleFile(locale, file.path, file.text, problems, broken);
  }
  compareLocales(catalog, files.locales, locales.default, problems, broken);
  const routes = files.routes && parseRouteTable(files.routes.text, files.routes.path, locales, problems);
  const planned = routes && planPages(routes, locales, problems);
  if (!routes || !planned) return { config, routes, pages: planned, publication: undefined, problems: problems.errors };
  const { pages, publication } = await planPublished(routes, planned, publicationOfOutput(config, routes), problems);
  return { config, routes, pages, publication, problems: problems.errors };
}

/**
 * What decided the pages of the output's build, again: the content's front matter, that
 * build's time and preview options (its `latest.json`); without a build, the time a build
 * would take now. Front matter that does not parse leaves its page in: the build reports it.
 */
function publicationOfOutput(config: ResolvedConfig, routes: readonly Route[]): PublicationInput {
  let built: { timestamp?: unknown; preview?: Partial<PreviewOptions> } | undefined;
  const latest = readTextIfThere(path.join(config.outDir, BUILDS_DIR, 'latest.json'));
  try {
    built = latest === undefined ? undefined : (JSON.parse(latest) as typeof built);
  } catch {
    built = undefined;
  }
  const contentFile = (route: Route, locale: string) => path.join(config.root, 'content', contentPathOf(route, locale));
  const time = async () =>
    typeof built?.timestamp === 'number'
      ? built.timestamp
      : buildTime(config.overrides.timestamp, config.overrides.timestamp === undefined ? await lastCommitTime(config.root) : undefined, () => routes.flatMap((route) => Object.keys(route.paths).map((locale) => contentFile(route, locale))).filter(isThere)).timestamp;
  const preview: PreviewOptions = built?.preview ? { drafts: built.preview.drafts === true, future: built.preview.future === true } : NO_PREVIEW;
  const ignored = new Problems();
  const read = new Map<string, Record<string, unknown> | undefined>();
  const fieldsOf = (route: Route, locale: string) => {
    const file = contentFile(route, locale);
    if (read.has(file)) return read.get(file);
    const text = readTextIfThere(file);
    const split = text === undefined ? undefined : splitFrontMatter(text);
    const data = split && parseYamlData(split.frontMatter, file, ignored)?.data;
    const fields = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
    read.set(file, fields);
    return fields;
  };
  return { fieldsOf, time, preview };
}
