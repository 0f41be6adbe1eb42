// Bundles the CLI and the engine from src/ into lib/ (run by `npm ci` through "prepare").
// The engine is a separate chunk loaded only when a command runs, so `sitegen --help` loads
// little more than commander. Dependencies are bundled in: one file loads far faster than the
// hundreds of small modules of remark and its friends (the AWS SDK too: bundled, `sitegen publish`
// loads in about half the time; it sits in the publish chunk, which no other command imports).
// A few stay external:
// - react and react-dom: the templates import them too, and both sides must share one copy
//   (zod is shared another way: it is bundled, and lib/zod.js is what templates import);
// - esbuild: it runs a native binary that it finds from its own package folder.
import { rmSync } from 'node:fs';
import * as esbuild from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const outdir = new URL('../lib/', import.meta.url).pathname;
rmSync(outdir, { recursive: true, force: true });
await esbuild.build({
  entryPoints: { main: 'src/cli/main.ts', 'markdown-worker': 'src/engine/markdown-worker.ts', 'page-worker': 'src/engine/page-worker.ts', zod: 'src/engine/zod.ts' },
  absWorkingDir: root,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['react', 'react/*', 'react-dom', 'react-dom/*', 'esbuild'],
  // Bundled CommonJS packages (gray-matter) call require() for Node's own modules.
  banner: { js: "import { createRequire as __sitegenRequire } from 'node:module'; const require = __sitegenRequire(import.meta.url);" },
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
});
