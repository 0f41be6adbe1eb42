import path from 'node:path';
import { cachedBundle } from '../bundle/bundle-cache';
import { bundleWidgets, islandNames, widgetsDirOf, type WidgetBundle } from '../bundle/bundle-widgets';
import { fingerprint } from '../cache/build-session';
import { BUNDLED_WIDGETS_DIR, CACHE_IDENTITY } from '../config/package-info';
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
  const { sources, cache } = read;
  const { locales } = run.config.site;
  const codes = sources.localeCodes;
  const localesKey = `${codes.join()}\0${locales.default}`;
  const catalog = run.once('messages', [localesKey, ...[...sources.locales.values()].map((file) => file.text)].join('\0'), () => parseMessages(sources.locales, locales, problems, (locale) => path.join(run.config.root, 'locales', `${locale}.json`)));
  // A route table read before (the persistent cache) is not parsed and validated again.
  const routesFile = sources.routes!;
  const routes = run.once('routes', `${routesFile.text}\0${localesKey}`, () => {
    const known = cache?.knownRoutes(routesFile.text, localesKey);
    return known ? restoreRoutes(known, routesFile.text, routesFile.path) : parseRouteTable(routesFile.text, routesFile.path, locales, problems);
  });
  problems.throwIfAny();
  run.timings.lap('parse settings, messages, routes');
  return { catalog: catalog!, routes: routes!, widgets: startWidgetBundle(run, catalog!) };
}

/**
 * The browser bundle, with the default locale's widget messages built in for when messages cannot load:
 * kept by a watch session, or in the persistent cache while its inputs are the same.
 */
function startWidgetBundle(run: BuildRun, catalog: MessageCatalog): Settling<WidgetBundle> {
  const { config, session } = run;
  const widgetsDir = widgetsDirOf(config.root, BUNDLED_WIDGETS_DIR);
  const fallbackMessages = defaultWidgetMessages(catalog, config.site.locales.default);
  const generatedDir = path.join(config.cacheDir, 'widgets');
  const bundling = () => {
    if (session) return session.widgetBundler(widgetsDir, generatedDir).bundle(fallbackMessages);
    if (!config.persistentCache) return bundleWidgets(widgetsDir, fallbackMessages, generatedDir);
    // A new island file changes the bundle without changing any file it was made from.
    const key = `${CACHE_IDENTITY}\0${widgetsDir}\0${islandNames(widgetsDir).join()}\0${JSON.stringify(fallbackMessages)}`;
    return cachedBundle(path.join(config.cacheDir, 'widgets.bin'), key, async () => {
      const bundle = await bundleWidgets(widgetsDir, fallbackMessages, generatedDir);
      return { value: bundle, inputs: bundle.inputs };
    });
  };
  return settle(session ? session.reuse(`widgets:${fingerprint(JSON.stringify(fallbackMessages))}`, widgetsDir, bundling) : bundling());
}

/** The default locale's widget messages, built into the browser bundle for when messages cannot load. */
function defaultWidgetMessages(catalog: MessageCatalog, locale: Locale): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [key, message] of catalog[locale]!) if (key.startsWith(CLIENT_MESSAGE_PREFIX)) messages[key] = message.text;
  return messages;
}
