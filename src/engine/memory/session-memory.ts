import { fingerprint, type BuildSession } from '../cache/build-session';
import type { Problems } from '../diagnostics/diagnostic';
import type { BuildMemory } from './build-memory';
import { FactsMemo } from '../translations/file-facts';
import { loadTemplates } from '../bundle/load-templates';

/**
 * A watch session's build: recalls what the session's earlier builds did in this process, and
 * keeps its own (`cache/build-session.ts`): only changed files are read again, bundles are kept
 * while their sources are the same, every page's HTML with the inputs it read. A result
 * computed while this build has `problems` is not kept (`BuildSession.memo`).
 */
export function sessionMemory(session: BuildSession, problems: Problems): BuildMemory {
  return {
    dev: true,
    async readSources(read, refresh) {
      const { sources, changed } = session;
      const now = sources && changed ? await refresh(sources, changed) : await read();
      session.sources = now;
      return now;
    },
    knownFiles: async () => ({ known: new Map(), keys: new Map() }),
    splits: session.splits,
    translationFacts: () => (session.translations = session.translations?.next() ?? new FactsMemo()),
    once: (name, key, compute) => session.memo(name, key, problems, compute),
    alike: (name, inputs, compute) => session.memoAlike(name, inputs, problems, compute),
    knownRoutes: () => undefined,
    templates: (templatesDir, cacheDir) => session.reuse('templates', templatesDir, () => loadTemplates(templatesDir, cacheDir, session.templateContext.bundle), (loaded) => loaded.inputs),
    widgets: ({ widgetsDir, generatedDir, fallbackMessages }) =>
      session.reuse(`widgets:${fingerprint(JSON.stringify(fallbackMessages))}`, widgetsDir, () => session.widgetBundler(widgetsDir, generatedDir).bundle(fallbackMessages)),
    commitTime: (ask) => (session.commitTime ??= ask()),
    bodyKeeper: () => undefined,
    validated: session.validated,
    searchStore: () => session.search,
    imageStore: () => session.images,
    pageReuse: (inputs, everything) => session.pageReuse(inputs, everything),
    payloads: session.payloads,
    remember: async () => {},
    startRecord: () => async () => {},
    close() {},
  };
}
