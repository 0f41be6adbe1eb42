import path from 'node:path';
import { widgetsDirOf, type WidgetBundle } from '../bundle/bundle-widgets';
import { BUNDLED_WIDGETS_DIR } from '../config/package-info';
import { CLIENT_MESSAGE_PREFIX, type MessageCatalog } from '../messages/messages';
import { parseMessages } from '../messages/parse-messages';
import { parseRouteTable, restoreRoutes, type Route } from '../plan/route-table';
import type { Locale } from '../../shared/locales';
import type { ReadSite } from './read-step';
import { settle, type BuildRun, type Settling } from './run';

/** What step 2 parsed, and the browser bundle it started. */
export interface ParsedSite {
  catalog: MessageCatalog;
  routes: readonly Route[];
  /** The browser bundle, made in esbuild's process while the main thread goes on. */
  widgets: Settling<WidgetBundle>;
}

/** Step 2: the messages and the route table, parsed and validated; then the widgets start bundling. */
export function parseSite(run: BuildRun, read: ReadSite): ParsedSite {
  const { problems } = run;
  const { sources } = read;
  const { locales } = run.config.site;
  const codes = sources.localeCodes;
  const localesKey = `${codes.join()}\0${locales.default}`;
  const catalog = run.memory.once('messages', [localesKey, ...[...sources.locales.values()].map((file) => file.text)].join('\0'), () => parseMessages(sources.locales, locales, problems, (locale) => path.join(run.config.root, 'locales', `${locale}.json`)));
  // A route table validated before (the persistent cache) is not parsed and validated again.
  const routesFile = sources.routes!;
  const routes = run.memory.once('routes', `${routesFile.text}\0${localesKey}`, () => {
    const known = run.memory.knownRoutes(routesFile.text, localesKey);
    return known ? restoreRoutes(known, routesFile.text, routesFile.path) : parseRouteTable(routesFile.text, routesFile.path, locales, problems);
  });
  problems.throwIfAny();
  run.timings.lap('parse settings, messages, routes');
  return { catalog: catalog!, routes: routes!, widgets: startWidgetBundle(run, catalog!) };
}

/** The browser bundle, with the default locale's widget messages built in for when messages cannot load. */
function startWidgetBundle(run: BuildRun, catalog: MessageCatalog): Settling<WidgetBundle> {
  const { config } = run;
  return settle(
    run.memory.widgets({
      widgetsDir: widgetsDirOf(config.root, BUNDLED_WIDGETS_DIR),
      generatedDir: path.join(config.cacheDir, 'widgets'),
      fallbackMessages: defaultWidgetMessages(catalog, config.site.locales.default),
    }),
  );
}

/** The default locale's widget messages, built into the browser bundle for when messages cannot load. */
function defaultWidgetMessages(catalog: MessageCatalog, locale: Locale): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [key, message] of catalog[locale]!) if (key.startsWith(CLIENT_MESSAGE_PREFIX)) messages[key] = message.text;
  return messages;
}
