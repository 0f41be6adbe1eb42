import path from 'node:path';
import { resolveConfig, type ResolvedConfig } from './config/resolve-config';
import type { UserOptions } from './config/options';
import { Problems, type SiteError } from './diagnostics/diagnostic';
import { compareLocales, readLocaleFile, type Message } from './messages/messages';
import { planPages, type PagePlan } from './plan/plan-pages';
import { parseRouteTable, type Route } from './plan/route-table';
import { readSiteDefinition as readDefinitionFiles } from './read/read-sources';

/**
 * What the site's sources say the built site must be, without building it: what `sitegen check`
 * compares an output folder with.
 */
export interface SiteDefinition {
  config: ResolvedConfig;
  /** The route table and every page it plans; undefined when the table has errors. */
  routes: readonly Route[] | undefined;
  pages: readonly PagePlan[] | undefined;
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
  const codes = locales.all.map((locale) => locale.code);
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
  const pages = routes && planPages(routes, locales, problems);
  return { config, routes, pages, problems: problems.errors };
}
