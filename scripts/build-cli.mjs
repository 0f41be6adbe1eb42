// Bundles the CLI and the engine from src/ into lib/ (run by `npm ci` through "prepare").
// The engine is a separate chunk loaded only when a command runs, so `sitegen --help` loads
// little more than commander. Dependencies are bundled in: one file loads far faster than the
// hundreds of small modules of remark and its friends (the AWS SDK too: bundled, `sitegen publish`
// loads in about half the time; it sits in the publish chunk, which no other command imports).
// A few stay external:
// - react and react-dom: the templates import them too, and both sides must share one copy
//   (zod is shared another way: it is bundled, and lib/zod.js is what templates import);
// - esbuild: it runs a native binary that it finds from its own package folder;
// - sharp: a native library (libvips) it loads from its platform's package;
// - shiki: its grammars and themes are hundreds of modules loaded one by one, only those a site's
//   code blocks name, and only when a build renders one (bundled, each would be a chunk in lib/).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import * as esbuild from 'esbuild';
import { esbuildLibraryPatches } from './library-patches.mjs';

const root = new URL('..', import.meta.url).pathname;
const outdir = new URL('../lib/', import.meta.url).pathname;
rmSync(outdir, { recursive: true, force: true });

// What this engine was bundled from: its sources, the exact dependencies (a new remark
// renders other HTML) and the patches to them. Build caches are keyed on it, so an engine
// rebuilt from changed code never reuses what an earlier one cached under the same version.
/** What the patch plugin reports once the bundle is done. */
let patches = { applied: [], skipped: [] };

const code = createHash('sha256');
const sources = readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => path.join(entry.parentPath, entry.name))
  .sort();
for (const file of [...sources, path.join(root, 'package-lock.json'), path.join(root, 'scripts/library-patches.mjs')]) code.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');

await esbuild.build({
  entryPoints: { main: 'src/cli/main.ts', 'markdown-worker': 'src/engine/scale/markdown-worker.ts', 'page-worker': 'src/engine/scale/page-worker.ts', zod: 'src/engine/zod.ts' },
  absWorkingDir: root,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['react', 'react/*', 'react-dom', 'react-dom/*', 'esbuild', 'sharp', 'shiki', 'shiki/*', '@shikijs/*'],
  // Bundled CommonJS packages (gray-matter) call require() for Node's own modules.
  banner: { js: "import { createRequire as __sitegenRequire } from 'node:module'; const require = __sitegenRequire(import.meta.url);" },
  sourcemap: 'linked',
  define: { __SITEGEN_CODE__: JSON.stringify(code.digest('hex').slice(0, 16)) },
  chunkNames: 'chunks/[name]-[hash]',
  // Performance patches to dependencies, the same results (scripts/library-patches.mjs).
  plugins: [esbuildLibraryPatches((outcome) => (patches = outcome))],
  logLevel: 'warning',
});

// Which patches the bundle has: a patch that did not apply leaves its library as published
// (slower, the same output). The test suite fails on it; an install does not.
writeFileSync(path.join(outdir, 'patches.json'), `${JSON.stringify(patches, null, 2)}\n`);
for (const { reason } of patches.skipped) console.warn(`sitegen: warning: a library patch was left out, the library is used as published: ${reason}`);

// Hyphenation patterns as JSON. The `hyphen` package writes each language's patterns as one
// JavaScript object literal (1.2 MB for Hungarian), which Node compiles and then runs: about
// twice the time JSON.parse needs for the same data, on the main thread of a cold build. The
// templates' `require('hyphen/<language>/index.js')` loads lib/hyphen/<language>.cjs instead
// (load-templates.ts aliases it): the same patterns through the package's own hyphenator. The
// languages of the site's locales; another one loads from the package as published. A language
// whose patterns do not survive JSON unchanged is left to the package too.
const HYPHENATION_LANGUAGES = ['en-us', 'hu', 'de'];
const packageRequire = createRequire(path.join(root, 'package.json'));
mkdirSync(path.join(outdir, 'hyphen'));
for (const language of HYPHENATION_LANGUAGES) {
  const { patterns } = packageRequire(`hyphen/${language}/index.js`);
  const json = JSON.stringify(patterns);
  if (!isDeepStrictEqual(JSON.parse(json), patterns)) {
    console.warn(`sitegen: warning: the ${language} hyphenation patterns do not survive JSON; templates load them from the package`);
    continue;
  }
  writeFileSync(path.join(outdir, 'hyphen', `${language}.json`), json);
  writeFileSync(
    path.join(outdir, 'hyphen', `${language}.cjs`),
    `// hyphen/${language}/index.js with its patterns read as JSON (scripts/build-cli.mjs).\n` +
      `const { readFileSync } = require('node:fs');\n` +
      `module.exports = require('hyphen/export-contract.js')(JSON.parse(readFileSync(require('node:path').join(__dirname, ${JSON.stringify(`${language}.json`)}), 'utf8')));\n`,
  );
}
