import { bundleWidgets } from '../bundle/bundle-widgets';
import { loadTemplates } from '../bundle/load-templates';
import { memoryStore } from '../images/encode-images';
import type { BuildMemory } from './build-memory';

/** A build that neither recalls nor keeps anything (`--no-cache`, a build into memory): every method computes. */
export function oneOffMemory(): BuildMemory {
  return {
    dev: false,
    readSources: (read) => read(),
    knownFiles: async () => ({ known: new Map(), keys: new Map() }),
    splits: undefined,
    translationFacts: () => undefined,
    once: (_name, _key, compute) => compute(),
    alike: (_name, _inputs, compute) => compute(),
    knownRoutes: () => undefined,
    templates: (templatesDir, cacheDir) => loadTemplates(templatesDir, cacheDir),
    widgets: ({ widgetsDir, fallbackMessages, generatedDir }) => bundleWidgets(widgetsDir, fallbackMessages, generatedDir),
    commitTime: (ask) => ask(),
    bodyKeeper: () => undefined,
    validated: undefined,
    searchStore: () => undefined,
    imageStore: () => memoryStore(),
    pageReuse: () => undefined,
    payloads: undefined,
    remember: async () => {},
    startRecord: () => async () => {},
    close() {},
  };
}
