import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { ASSETS_DIR, type OutputFiles } from '../base/output-paths';
import { nameByContent, type NamedOutput } from './content-names';
import { BuildFailure } from '../diagnostics/diagnostic';
import { esbuildErrors } from './load-templates';
import { PACKAGE_ROOT } from '../config/package-info';
import { writeInPlaceSync } from '../base/temporary-file';

/** The browser bundle: the loader every page runs and one entry per island. */
export interface WidgetBundle {
  files: OutputFiles;
  /** URL of the loader script. */
  loader: string;
  /**
   * Scripts the loader imports when needed (deployment watch, consent banner), and the forms'
   * proof-of-work worker (`powWorker`, when the widgets have one), by entry name.
   */
  scripts: Readonly<Record<string, string>>;
  /** URL of each island's entry chunk, by island name. */
  islands: Readonly<Record<string, string>>;
  /** Hash of every output, for the build id. */
  hash: string;
  /** Absolute paths of the source files the bundle was made from. */
  inputs: string[];
}

const LOADER = 'runtime/loader.ts';
/** Loaded by the loader when needed, by URL from the page's runtime config. */
const LOADER_SCRIPTS = { deployWatch: 'runtime/deploy-watch.ts', consentBanner: 'runtime/consent-banner.ts' };
/** Optional whole files, built like the loader's scripts when the widgets have them. */
const WORKERS = { powWorker: 'runtime/pow-worker.ts' };
const MOUNT = 'runtime/mount.tsx';
/** The folder of the islands, each file one (`islandNames`). */
export const ISLANDS_DIR = 'islands';

/** The site's own `src/widgets` when it has one, else the widgets that ship with sitegen. */
export function widgetsDirOf(root: string, bundledDir: string): string {
  return existsSync(widgetsChoiceFiles(root)[0]!) ? path.join(root, 'src', 'widgets') : bundledDir;
}

/** The file whose presence makes `widgetsDirOf` choose the site's own widgets. */
export const widgetsChoiceFiles = (root: string): string[] => [path.join(root, 'src', 'widgets', LOADER)];

/** Island names: the files of `islands/` (`LocaleSwitcher.tsx` is the island `LocaleSwitcher`). */
export function islandNames(widgetsDir: string): string[] {
  return readdirSync(path.join(widgetsDir, ISLANDS_DIR))
    .filter((file) => file.endsWith('.tsx'))
    .map((file) => file.slice(0, -4))
    .sort();
}

/** Bundles the widgets once (see WidgetBundler). */
export async function bundleWidgets(widgetsDir: string, fallbackMessages: Record<string, string>, generatedDir: string): Promise<WidgetBundle> {
  const bundler = new WidgetBundler(widgetsDir, false, generatedDir);
  try {
    return await bundler.bundle(fallbackMessages);
  } finally {
    await bundler.dispose();
  }
}

type Output = esbuild.BuildResult<{ write: false; metafile: true }>;

/**
 * Bundles the widgets for the browser with esbuild: ES modules, code splitting (React lands in
 * a shared chunk that only islands import), minified, production React, content-hashed names.
 * Each island's entry is generated: it imports the component and hydrates it with `mount`.
 * The English widget messages are built in for when messages cannot load. With `incremental`
 * (watch mode) it keeps esbuild's contexts and rebuilds only what changed.
 *
 * The generated modules (island entries, the messages) are files in `generatedDir`, not plugin
 * callbacks: esbuild waits for this thread at every callback, and this thread is busy with the
 * build's own stages while the bundle is made.
 */
export class WidgetBundler {
  private contexts: { names: string; builds: Array<esbuild.BuildContext<{ write: false; metafile: true }>> } | undefined;
  private messages: Record<string, string> = {};

  constructor(
    private readonly widgetsDir: string,
    private readonly incremental: boolean,
    private readonly generatedDir: string,
  ) {}

  async bundle(fallbackMessages: Record<string, string>): Promise<WidgetBundle> {
    // The built-in messages are a virtual module esbuild may keep between rebuilds: new
    // messages start new contexts.
    if (JSON.stringify(fallbackMessages) !== JSON.stringify(this.messages)) await this.dispose();
    this.messages = fallbackMessages;
    const names = islandNames(this.widgetsDir);
    // Written every time: a watch session outlives a deleted cache folder.
    writeGenerated(this.generatedDir, this.widgetsDir, names, fallbackMessages);
    let results: Output[];
    try {
      if (!this.incremental) {
        results = await Promise.all(this.options(names).map((options) => esbuild.build(options)));
      } else {
        // A new or removed island changes the entry points: start new contexts.
        if (this.contexts?.names !== names.join()) {
          await this.dispose();
          this.contexts = { names: names.join(), builds: await Promise.all(this.options(names).map((options) => esbuild.context(options))) };
        }
        results = await Promise.all(this.contexts.builds.map((context) => context.rebuild()));
      }
    } catch (error) {
      throw new BuildFailure(esbuildErrors(error, 'widgets/bundle'));
    }
    return collect(results, this.generatedDir);
  }

  async dispose(): Promise<void> {
    const contexts = this.contexts;
    this.contexts = undefined;
    await Promise.all(contexts?.builds.map((context) => context.dispose()) ?? []);
  }

  private options(names: string[]): Array<esbuild.BuildOptions & { write: false; metafile: true }> {
    const { widgetsDir, generatedDir } = this;
    const common = {
      outdir: path.join(PACKAGE_ROOT, ASSETS_DIR),
      bundle: true,
      splitting: true,
      write: false as const,
      metafile: true as const,
      format: 'esm' as const,
      platform: 'browser' as const,
      target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
      minify: true,
      legalComments: 'none' as const,
      charset: 'utf8' as const,
      jsx: 'automatic' as const,
      define: { 'process.env.NODE_ENV': '"production"' },
      entryNames: '[name]-[hash]',
      chunkNames: 'chunk-[hash]',
      // A site's own widgets use sitegen's React, like its templates.
      nodePaths: [path.join(PACKAGE_ROOT, 'node_modules')],
      logLevel: 'silent' as const,
    };
    return [
      // The loader and the scripts it loads when needed are built apart and whole: each is one
      // small file that shares no chunk with anything (a few helpers are repeated instead).
      {
        ...common,
        splitting: false,
        entryPoints: {
          loader: path.join(widgetsDir, LOADER),
          ...Object.fromEntries(Object.entries(LOADER_SCRIPTS).map(([name, file]) => [name, path.join(widgetsDir, file)])),
          ...Object.fromEntries(
            Object.entries(WORKERS)
              .filter(([, file]) => existsSync(path.join(widgetsDir, file)))
              .map(([name, file]) => [name, path.join(widgetsDir, file)]),
          ),
        },
      },
      {
        ...common,
        entryPoints: Object.fromEntries(names.map((name) => [name, islandEntryFile(generatedDir, name)])),
        alias: { [FALLBACK_MESSAGES]: messagesFile(generatedDir, this.messages) },
      },
    ];
  }
}

/** The bundle's files, named by their bytes (`nameByContent`), and the URLs of the loader, its scripts and each island. */
function collect(results: Output[], generatedDir: string): WidgetBundle {
  const outputs = new Map<string, NamedOutput>();
  const inputs = new Set<string>();
  const entries: Array<{ output: string; entryPoint: string }> = [];
  for (const result of results) {
    // Generated modules (island entries, built-in messages) are made from what the bundle's key holds.
    for (const input of Object.keys(result.metafile.inputs)) {
      const file = path.resolve(input);
      if (!file.startsWith(generatedDir + path.sep)) inputs.add(file);
    }
    const contents = new Map(result.outputFiles.map((output) => [path.basename(output.path), output.contents]));
    for (const [output, meta] of Object.entries(result.metafile.outputs)) {
      const name = path.basename(output);
      // The loader's build and the islands' are apart: a name in both is the same bytes.
      if (!outputs.has(name)) outputs.set(name, { name, contents: contents.get(name)!, imports: meta.imports.filter((imported) => !imported.external).map((imported) => path.basename(imported.path)) });
      if (meta.entryPoint) entries.push({ output: name, entryPoint: meta.entryPoint });
    }
  }
  const { names, files: named } = nameByContent([...outputs.values()]);

  const files: OutputFiles = new Map();
  const hash = createHash('sha256');
  for (const [name, contents] of [...named].sort(([a], [b]) => (a < b ? -1 : 1))) {
    files.set(`${ASSETS_DIR}/${name}`, contents);
    hash.update(name).update(contents);
  }
  const islands: Record<string, string> = {};
  const scripts: Record<string, string> = {};
  let loader = '';
  for (const { output, entryPoint } of entries) {
    const url = `/${ASSETS_DIR}/${names.get(output)}`;
    const island = islandOfEntry(path.resolve(entryPoint), generatedDir);
    if (island) islands[island] = url;
    else if (entryPoint.endsWith(LOADER)) loader = url;
    for (const [name, file] of Object.entries({ ...LOADER_SCRIPTS, ...WORKERS })) if (entryPoint.endsWith(file)) scripts[name] = url;
  }
  return { files, loader, scripts, islands, hash: hash.digest('hex'), inputs: [...inputs].sort() };
}

/** The import name widgets read their built-in English messages from. */
const FALLBACK_MESSAGES = 'sitegen:fallback-messages';

const islandEntryFile = (generatedDir: string, name: string): string => path.join(generatedDir, 'islands', `${name}.js`);

function islandOfEntry(file: string, generatedDir: string): string | undefined {
  const folder = path.join(generatedDir, 'islands');
  return path.dirname(file) === folder && file.endsWith('.js') ? path.basename(file, '.js') : undefined;
}

/** Named by its content, so builds with other messages (at the same time, too) use their own file. */
function messagesFile(generatedDir: string, messages: Record<string, string>): string {
  const text = messagesModule(messages);
  return path.join(generatedDir, `messages-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.js`);
}

const messagesModule = (messages: Record<string, string>): string => `export default ${JSON.stringify(messages)};\n`;

/** Each island's entry (it imports the component and hydrates it with `mount`), and the messages module. */
function writeGenerated(generatedDir: string, widgetsDir: string, names: readonly string[], messages: Record<string, string>): void {
  for (const name of names) {
    const entry = [
      `import Widget from ${JSON.stringify(path.join(widgetsDir, ISLANDS_DIR, `${name}.tsx`))};`,
      `import { mount } from ${JSON.stringify(path.join(widgetsDir, MOUNT))};`,
      'export default (island, props) => mount(island, Widget, props);',
      '',
    ].join('\n');
    writeIfChanged(islandEntryFile(generatedDir, name), entry);
  }
  writeIfChanged(messagesFile(generatedDir, messages), messagesModule(messages));
}

/** Another build may be reading the same file. Unchanged files keep their time (watch mode). */
function writeIfChanged(file: string, text: string): void {
  try {
    if (readFileSync(file, 'utf8') === text) return;
  } catch {
    // Not there yet.
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeInPlaceSync(file, text);
}
