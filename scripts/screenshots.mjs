// `npm run screenshots`: bundles scripts/screenshots.ts (Node 20 runs no TypeScript) and runs it.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(repo, 'bench/out/screenshots.mjs');
await esbuild.build({
  entryPoints: [path.join(repo, 'scripts/screenshots.ts')],
  outfile: bundle,
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  logLevel: 'warning',
});
const { takeScreenshots } = await import(pathToFileURL(bundle).href);
const out = path.join(repo, 'screenshots');
const written = await takeScreenshots(repo, out);
console.log(`${written.length} screenshots in ${out}`);
