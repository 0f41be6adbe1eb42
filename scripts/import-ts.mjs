// Node 20 runs no TypeScript: bundle a TypeScript module of the repo with esbuild (packages
// stay external) into bench/out/, then import it. Used by the bench and the scripts (the
// backend's install, `npm run dev`, the screenshots, the engine's bundling for lib/hyphen).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function importTs(entry) {
  const outfile = path.join(repo, 'bench/out', `${path.basename(entry, '.ts')}.mjs`);
  await esbuild.build({
    entryPoints: [path.join(repo, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  return import(pathToFileURL(outfile).href);
}
