import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { BuildFailure, SiteError } from '../diagnostics/diagnostic';
import { PACKAGE_ROOT } from '../config/package-info';
import { writeInPlaceSync } from '../base/temporary-file';
import type { TemplateModule } from '../template-api';

export interface LoadedTemplates {
  module: TemplateModule;
  /** The site's stylesheet, minified, from the CSS the templates import. */
  css: string;
  /** Hash of the template sources (not of their paths on this machine). */
  hash: string;
  /** The template source files, for error locations and watching. */
  inputs: string[];
  /** The bundled module (page workers import it too). */
  moduleFile: string;
}

const ENTRY_NAMES = ['index.ts', 'index.tsx'];

/** The site's own `src/templates` when it has one, else the templates that ship with sitegen. */
export function templatesDirOf(root: string, bundledDir: string): string {
  return templatesChoiceFiles(root).some((file) => existsSync(file)) ? path.join(root, 'src', 'templates') : bundledDir;
}

/** The files whose presence makes `templatesDirOf` choose the site's own templates. */
export function templatesChoiceFiles(root: string): string[] {
  return ENTRY_NAMES.map((name) => path.join(root, 'src', 'templates', name));
}

/**
 * Bundles the TSX templates with esbuild and imports them. Packages stay external, imported
 * from where they are installed, so templates and engine share one React. The module is written under the
 * cache folder with its hash in the name: a changed template is a new module, loaded without
 * restarting (watch mode).
 */
export async function loadTemplates(templatesDir: string, cacheDir: string, bundler?: TemplateBundler): Promise<LoadedTemplates> {
  return importTemplates((await bundleTemplates(templatesDir, cacheDir, bundler)).value);
}

/** The options of a templates bundle: esbuild's own build, or a context kept to build them again (`TemplateContext`). */
export type TemplateBuildOptions = esbuild.BuildOptions & { write: false; metafile: true };

/** Bundles with these options (a watch session keeps esbuild's context between builds). */
export type TemplateBundler = (options: TemplateBuildOptions) => Promise<esbuild.BuildResult<TemplateBuildOptions>>;

/** What bundling the templates leaves on disk and in hand, before the module is imported. */
export interface BundledTemplates {
  /** The bundled module, under the cache folder. */
  moduleFile: string;
  /** The template source file the bundle starts from. */
  entry: string;
  css: string;
  hash: string;
  inputs: string[];
}

/** Imports a bundled templates module and checks what it exports. */
export async function importTemplates(bundled: BundledTemplates): Promise<LoadedTemplates> {
  const module = (await import(pathToFileURL(bundled.moduleFile).href)) as TemplateModule;
  if (!module.templates || typeof module.ErrorPage !== 'function') {
    throw new BuildFailure([
      new SiteError('templates/missing-exports', 'the templates module must export "templates" and "ErrorPage"', { file: bundled.entry }),
    ]);
  }
  return { module, css: bundled.css, hash: bundled.hash, inputs: bundled.inputs, moduleFile: bundled.moduleFile };
}

/**
 * Whether a bundled module a cache names is still what was written: its name carries the hash
 * of its bytes, so a file cut short or damaged is bundled again instead of imported.
 */
export function moduleIsIntact(bundled: BundledTemplates): boolean {
  return fileMatchesName(bundled.moduleFile);
}

function fileMatchesName(file: string): boolean {
  const named = /-([0-9a-f]{16})\.mjs$/.exec(file)?.[1];
  try {
    return named !== undefined && createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16) === named;
  } catch {
    return false;
  }
}

/** lib/ when sitegen runs from it (built), not from its TypeScript sources (tests). */
const BUILT_LIB = import.meta.url.endsWith('.ts') ? undefined : path.join(PACKAGE_ROOT, 'lib');

/** Bundles the templates (see loadTemplates), with the files esbuild read. */
export async function bundleTemplates(templatesDir: string, cacheDir: string, bundler: TemplateBundler = (options) => esbuild.build(options)): Promise<{ value: BundledTemplates; inputs: string[] }> {
  const entry = ENTRY_NAMES.map((name) => path.join(templatesDir, name)).find((file) => existsSync(file));
  if (!entry) {
    throw new BuildFailure([
      new SiteError('templates/not-found', `no templates: ${path.join(templatesDir, 'index.ts')} does not exist`, {
        hint: 'the templates folder exports { templates, ErrorPage } from index.ts',
      }),
    ]);
  }
  const outdir = path.join(cacheDir, 'templates');
  let result: esbuild.BuildResult<TemplateBuildOptions>;
  try {
    result = await bundler({
      entryPoints: [entry],
      outdir,
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      sourcemap: 'inline',
      sourcesContent: false,
      logLevel: 'silent',
      outExtension: { '.js': '.mjs' },
      // A template may load a package when it first needs it (`require`, as the hyphenation
      // patterns of a language are): an ES module has no `require` of its own.
      banner: { js: "import { createRequire as __sitegenCreateRequire } from 'node:module'; const require = __sitegenCreateRequire(import.meta.url);" },
      ...externalPackages(templatesDir),
      plugins: [PUBLIC_URLS],
    });
  } catch (error) {
    throw new BuildFailure(esbuildErrors(error));
  }
  const js = result.outputFiles.find((file) => file.path.endsWith('.mjs'))!;
  const cssOutput = result.outputFiles.find((file) => file.path.endsWith('.css'));
  const css = cssOutput ? (await esbuild.transform(cssOutput.text, { loader: 'css', minify: true })).code : '';

  // Synchronous: a few dozen small files, where each asynchronous step would wait for a turn of
  // this thread, busy with the build's own stages.
  const inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(input));
  const hash = createHash('sha256');
  for (const input of [...inputs].sort()) {
    hash.update(path.relative(templatesDir, input)).update('\0').update(readFileSync(input)).update('\0');
  }
  const digest = hash.digest('hex');

  const moduleFile = path.join(outdir, `templates-${createHash('sha256').update(js.contents).digest('hex').slice(0, 16)}.mjs`);
  // A file of that name holds these bytes, unless it was damaged since.
  if (!existsSync(moduleFile) || !fileMatchesName(moduleFile)) {
    mkdirSync(outdir, { recursive: true });
    // A build running beside this one may import the same file.
    writeInPlaceSync(moduleFile, js.contents);
  }
  return { value: { moduleFile, entry, css, hash: digest, inputs }, inputs };
}

/**
 * Packages stay external, imported from where they are installed, so that templates and engine
 * share one React and one zod. esbuild resolves them itself (from the template's folder up, then
 * from sitegen's own `node_modules`) and writes each import as a path relative to the bundle.
 * A JavaScript resolver plugin did this before; its every call waited for this thread, which is
 * busy with the build's own stages, and bundling took several times as long.
 */
function externalPackages(templatesDir: string): Pick<esbuild.BuildOptions, 'nodePaths' | 'external' | 'alias'> {
  const folders = new Set<string>();
  for (const start of [templatesDir, PACKAGE_ROOT]) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      const folder = path.join(dir, 'node_modules');
      folders.add(folder);
      // esbuild matches the resolved path: a linked folder (pnpm, a linked checkout) by its target.
      if (existsSync(folder)) folders.add(realpathSync(folder));
      if (path.dirname(dir) === dir) break;
    }
  }
  const external = [...folders].map((folder) => `${folder}${path.sep}*`);
  if (!BUILT_LIB) return { nodePaths: [path.join(PACKAGE_ROOT, 'node_modules')], external };
  const alias = preparedModules(BUILT_LIB);
  return { nodePaths: [path.join(PACKAGE_ROOT, 'node_modules')], external: [...external, ...Object.values(alias)], alias };
}

/**
 * What a built sitegen prepared in lib/ for templates to import instead of a package: zod,
 * bundled (lib/zod.js, the copy the engine uses), htmlparser2, bundled (lib/htmlparser2.js: one
 * file, where the package is thirty modules loaded one by one), and the hyphenation patterns
 * of some languages as JSON (lib/hyphen/<language>.cjs, faster to load; scripts/build-cli.mjs).
 */
function preparedModules(lib: string): Record<string, string> {
  const alias: Record<string, string> = { zod: path.join(lib, 'zod.js'), htmlparser2: path.join(lib, 'htmlparser2.js') };
  const hyphenation = path.join(lib, 'hyphen');
  for (const file of existsSync(hyphenation) ? readdirSync(hyphenation) : []) {
    if (file.endsWith('.cjs')) alias[`hyphen/${file.slice(0, -'.cjs'.length)}/index.js`] = path.join(hyphenation, file);
  }
  return alias;
}

/**
 * A stylesheet's root-absolute `url(/fonts/…)` names a file of `public/`, served at that path:
 * it stays as written. The filter runs in esbuild, so no other import waits for this thread.
 */
const PUBLIC_URLS: esbuild.Plugin = {
  name: 'public-urls',
  setup(build) {
    build.onResolve({ filter: /^\/[^/]/ }, (args) => (args.kind === 'url-token' ? { path: args.path, external: true } : undefined));
  },
};

/** esbuild's messages as located errors of the templates or the widgets. */
export function esbuildErrors(error: unknown, code: 'templates/bundle' | 'widgets/bundle' = 'templates/bundle'): SiteError[] {
  const messages = (error as { errors?: esbuild.Message[] }).errors;
  if (!messages?.length) return [new SiteError(code, `could not bundle the ${code === 'widgets/bundle' ? 'widgets' : 'templates'}: ${String(error)}`, { cause: error })];
  return messages.map(
    (message) =>
      new SiteError(code, message.text, {
        file: message.location ? path.resolve(message.location.file) : undefined,
        line: message.location?.line ?? 1,
        column: (message.location?.column ?? 0) + 1,
        hint: message.notes[0]?.text || `fix the ${code === 'widgets/bundle' ? 'widget' : 'template'} source here`,
      }),
  );
}
