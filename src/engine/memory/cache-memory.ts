import path from 'node:path';
import { cachedBundle } from '../bundle/bundle-cache';
import { bundleWidgets, islandNames } from '../bundle/bundle-widgets';
import { bundleTemplates, importTemplates, moduleIsIntact } from '../bundle/load-templates';
import type { BuildCache } from '../cache/build-cache';
import { stampSources, writeBuildRecord } from '../cache/build-record';
import { CACHE_IDENTITY } from '../config/package-info';
import { folderStore } from '../images/encode-images';
import { folderSearchStore } from '../search/search-store';
import { letBytesGo } from '../read/text-files';
import type { BuildMemory } from './build-memory';
import type { Problems } from '../diagnostics/diagnostic';

/** The results of `once` the persistent cache keeps (`BuildCache.memo`). */
const KEPT = new Set(['messages', 'message records']);

/**
 * A build that recalls and keeps its work in the persistent cache (`.sitegen-cache/`, also
 * restored in CI): Markdown results, validated routes and front matter, bundles, image
 * encodings, each locale's search index, and the hash of every page it wrote, so a page the output already holds is neither
 * rendered nor written. `loading` is the cache, read beside the first steps.
 */
export function cacheMemory(loading: Promise<BuildCache>, cacheDir: string, problems: Problems): BuildMemory {
  // The cache is loaded by the time the content files are looked up (`knownFiles`, step 1),
  // which every later use follows.
  let cache: BuildCache | undefined;
  const loaded = () => {
    if (!cache) throw new Error('the build cache is used before it was loaded');
    return cache;
  };
  return {
    dev: false,
    readSources: (read) => read(),
    async knownFiles(content, routesText) {
      cache = await loading;
      const known = cache.knownContent(content, routesText);
      // Their results come from the cache: the build keeps their hashes, not their bytes.
      letBytesGo([...known.known.keys()].map((file) => content.get(file)!));
      return { ...known, discarded: cache.discarded };
    },
    splits: undefined,
    translationFacts: () => loaded().translations,
    // Plain data parsed from a text is kept; the other results hold objects of this build.
    once: (name, key, compute) => (KEPT.has(name) ? loaded().memo(name, key, problems, compute) : compute()),
    // Objects of an earlier build are not in this process.
    alike: (_name, _inputs, compute) => compute(),
    knownRoutes: (text, localesKey) => loaded().knownRoutes(text, localesKey),
    templates: (templatesDir, dir) =>
      cachedBundle(path.join(dir, 'templates.bin'), `${CACHE_IDENTITY}\0${templatesDir}`, () => bundleTemplates(templatesDir, dir), moduleIsIntact).then(importTemplates),
    widgets({ widgetsDir, fallbackMessages, generatedDir }) {
      // A new island file changes the bundle without changing any file it was made from.
      const key = `${CACHE_IDENTITY}\0${widgetsDir}\0${islandNames(widgetsDir).join()}\0${JSON.stringify(fallbackMessages)}`;
      return cachedBundle(path.join(cacheDir, 'widgets.bin'), key, async () => {
        const bundle = await bundleWidgets(widgetsDir, fallbackMessages, generatedDir);
        return { value: bundle, inputs: bundle.inputs };
      });
    },
    commitTime: (ask) => ask(),
    bodyKeeper: () => loaded().streamBodies(),
    validated: undefined,
    searchStore: () => folderSearchStore(path.join(cacheDir, 'search')),
    imageStore: () => folderStore(path.join(cacheDir, 'images')),
    pageReuse: (inputs, everything, output) => (output ? loaded().pageReuse(inputs, everything, (file, hash) => output.holds(file, hash)) : undefined),
    payloads: undefined,
    async remember(learned) {
      const cache = loaded();
      cache.rememberRoutes(learned.routesText, learned.localesKey, learned.validatedRoutes);
      cache.rememberContent(learned);
      cache.keepPages(learned.outputPaths);
      await cache.save();
    },
    startRecord(sources) {
      const stamps = stampSources(sources());
      return async (build) => writeBuildRecord(cacheDir, stamps, await build());
    },
    close() {
      // A build that failed leaves no pack of its bodies (one that succeeded has named it).
      void loading.then((cache) => cache.abandonStream());
    },
  };
}
