/**
 * `npm ci --omit=dev` installs what `sitegen build`, `check` and `publish` need (docs/ci.md):
 * every package that the code they run imports is in `dependencies`, not `devDependencies`.
 * That code is src/ (the command line, the engine, the templates and the widgets the engine
 * bundles for the browser), bin/, and the `prepare` script that bundles the command line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/site';

const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
};

/** Files whose code runs in a build, a check or a publish. */
function buildTimeFiles(): string[] {
  const sources = readdirSync(path.join(REPO, 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const prepare = /^node (\S+)$/.exec(pkg.scripts.prepare ?? '')?.[1];
  if (!prepare) throw new Error(`the prepare script is not "node <file>": ${pkg.scripts.prepare}`);
  const scripts = [path.join(REPO, prepare)];
  // What the prepare script imports of its own (library patches).
  for (const [, relative] of readFileSync(scripts[0]!, 'utf8').matchAll(/from '(\.\/[^']+)'/g)) scripts.push(path.join(path.dirname(scripts[0]!), relative!));
  return [...sources, ...scripts, path.join(REPO, 'bin/sitegen.js')];
}

/** The packages a file imports for its code to run (type-only imports are erased). */
function importedPackages(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...[...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;'"]*?\bfrom\s+['"]([^'"]+)['"]/gm)].map((match) => match[1]!),
    ...[...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)].map((match) => match[1]!),
    ...[...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((match) => match[1]!),
    ...[...text.matchAll(/\brequire(?:\.resolve)?\(\s*['"]([^'"]+)['"]\s*\)/g)].map((match) => match[1]!),
  ];
  return specifiers
    .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('/') && !specifier.startsWith('node:') && !specifier.startsWith('sitegen:'))
    .filter((specifier) => !builtinModules.includes(specifier.split('/')[0]!))
    .map((specifier) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!));
}

describe('what a build needs is a dependency', () => {
  const files = buildTimeFiles();

  it('finds the imports it checks', () => {
    const all = new Set(files.flatMap(importedPackages));
    // The renderer, the Markdown pipeline, the bundler, the publish client and the form SDK.
    for (const name of ['react', 'react-dom', 'remark', 'esbuild', '@aws-sdk/client-s3', 'pocketbase', 'commander', 'zod']) expect(all, name).toContain(name);
    expect(importedPackages(path.join(REPO, 'src/engine/markdown/markdown.ts'))).not.toContain('mdast');
  });

  it('every package they import is in dependencies', () => {
    expect(files.length).toBeGreaterThan(100);
    const wrong = files.flatMap((file) =>
      importedPackages(file)
        .filter((name) => pkg.dependencies[name] === undefined)
        .map((name) => `${path.relative(REPO, file)}: ${name} (${pkg.devDependencies[name] ? 'a devDependency' : 'not in package.json'})`),
    );
    expect(wrong).toEqual([]);
  });
});
