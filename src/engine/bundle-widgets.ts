import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { ASSETS_DIR, type OutputFiles } from './build-artifacts';
import { BuildFailure } from './errors';
import { esbuildErrors } from './load-templates';
import { PACKAGE_ROOT } from './package-info';

/** The browser bundle: the loader every page runs and one entry per island. */
export interface WidgetBundle {
  files: OutputFiles;
  /** URL of the loader script. */
  loader: string;
  /** Scripts the loader imports when needed (deployment watch, consent banner), by entry name. */
  scripts: Readonly<Record<string, string>>;
  /** URL of each island's entry chunk, by island name. */
  islands: Readonly<Record<string, string>>;
  /** Hash of every output, for the build id. */
  hash: string;
}

const LOADER = 'runtime/loader.ts';
/** Loaded by the loader when needed, by URL from the page's runtime config. */
const LOADER_SCRIPTS = { deployWatch: 'runtime/deploy-watch.ts', consentBanner: 'runtime/consent-banner.ts' };
const MOUNT = 'runtime/mount.tsx';
const ISLANDS = 'islands';

/** The site's own `src/widgets` when it has one, else the widgets that ship with sitegen. */
export function widgetsDirOf(root: string, bundledDir: string): string {
  const own = path.join(root, 'src', 'widgets');
  return existsSync(path.join(own, LOADER)) ? own : bundledDir;
}

/** Island names: the files of `islands/` (`LocaleSwitcher.tsx` is the island `LocaleSwitcher`). */
export function islandNames(widgetsDir: string): string[] {
  return readdirSync(path.join(widgetsDir, ISLANDS))
    .filter((file) => file.endsWith('.tsx'))
    .map((file) => file.slice(0, -4))
    .sort();
}

/**
 * Bundles the widgets for the browser with esbuild: ES modules, code splitting (React lands in
 * a shared chunk that only islands import), minified, production React, content-hashed names.
 * Each island's entry is generated: it imports the component and hydrates it with `mount`.
 * `fallbackMessages` (the English widget messages) are built in for when messages cannot load.
 */
export async function bundleWidgets(widgetsDir: string, fallbackMessages: Record<string, string>): Promise<WidgetBundle> {
  const names = islandNames(widgetsDir);
  const outdir = path.join(PACKAGE_ROOT, ASSETS_DIR);
  const common: esbuild.BuildOptions = {
    outdir,
    bundle: true,
    splitting: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    // A site's own widgets use sitegen's React, like its templates.
    nodePaths: [path.join(PACKAGE_ROOT, 'node_modules')],
    logLevel: 'silent',
  };
  let results: Array<esbuild.BuildResult<{ write: false; metafile: true }>>;
  try {
    results = await Promise.all([
      // The loader and the scripts it loads when needed are built apart and whole: each is one
      // small file that shares no chunk with anything (a few helpers are repeated instead).
      esbuild.build({
        ...common,
        splitting: false,
        write: false,
        metafile: true,
        entryPoints: {
          loader: path.join(widgetsDir, LOADER),
          ...Object.fromEntries(Object.entries(LOADER_SCRIPTS).map(([name, file]) => [name, path.join(widgetsDir, file)])),
        },
      }),
      esbuild.build({
        ...common,
        write: false,
        metafile: true,
        entryPoints: Object.fromEntries(names.map((name) => [name, `sitegen-island:${name}`])),
        plugins: [islandEntries(widgetsDir), builtInMessages(fallbackMessages)],
      }),
    ]);
  } catch (error) {
    throw new BuildFailure(esbuildErrors(error));
  }

  const files: OutputFiles = new Map();
  const islands: Record<string, string> = {};
  const scripts: Record<string, string> = {};
  let loader = '';
  const hash = createHash('sha256');
  for (const result of results) {
    for (const output of result.outputFiles) {
      const name = path.relative(outdir, output.path).split(path.sep).join('/');
      if (files.has(`${ASSETS_DIR}/${name}`)) continue;
      files.set(`${ASSETS_DIR}/${name}`, output.contents);
      hash.update(name).update(output.contents);
    }
    for (const [output, meta] of Object.entries(result.metafile.outputs)) {
      const url = `/${ASSETS_DIR}/${path.basename(output)}`;
      if (meta.entryPoint?.startsWith('sitegen-island:')) islands[meta.entryPoint.slice('sitegen-island:'.length)] = url;
      else if (meta.entryPoint?.endsWith(LOADER)) loader = url;
      for (const [name, file] of Object.entries(LOADER_SCRIPTS)) if (meta.entryPoint?.endsWith(file)) scripts[name] = url;
    }
  }
  return { files, loader, scripts, islands, hash: hash.digest('hex') };
}

/** `sitegen-island:<Name>`: an entry that hydrates `islands/<Name>.tsx`. */
function islandEntries(widgetsDir: string): esbuild.Plugin {
  return {
    name: 'sitegen-island-entries',
    setup(build) {
      build.onResolve({ filter: /^sitegen-island:/ }, (args) => ({ path: args.path.slice('sitegen-island:'.length), namespace: 'sitegen-island' }));
      build.onLoad({ filter: /.*/, namespace: 'sitegen-island' }, (args) => ({
        contents: [
          `import Widget from ${JSON.stringify(path.join(widgetsDir, ISLANDS, `${args.path}.tsx`))};`,
          `import { mount } from ${JSON.stringify(path.join(widgetsDir, MOUNT))};`,
          'export default (island, props) => mount(island, Widget, props);',
        ].join('\n'),
        resolveDir: widgetsDir,
        loader: 'js',
      }));
    },
  };
}

function builtInMessages(messages: Record<string, string>): esbuild.Plugin {
  return {
    name: 'sitegen-fallback-messages',
    setup(build) {
      build.onResolve({ filter: /^sitegen:fallback-messages$/ }, () => ({ path: 'en', namespace: 'sitegen-messages' }));
      build.onLoad({ filter: /.*/, namespace: 'sitegen-messages' }, () => ({
        contents: `export default ${JSON.stringify(messages)};`,
        loader: 'js',
      }));
    },
  };
}
