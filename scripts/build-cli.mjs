// Bundles the CLI and the engine from src/ into lib/ (run by `npm ci` through "prepare").
// Packages stay external, and the engine is a separate chunk loaded only when a command runs,
// so `sitegen --help` loads little more than commander.
import { rmSync } from 'node:fs';
import * as esbuild from 'esbuild';

const outdir = new URL('../lib/', import.meta.url).pathname;
rmSync(outdir, { recursive: true, force: true });
await esbuild.build({
  entryPoints: { main: 'src/cli/main.ts' },
  absWorkingDir: new URL('..', import.meta.url).pathname,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
});
