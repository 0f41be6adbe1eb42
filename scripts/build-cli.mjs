// Bundles the CLI and the engine from src/ into lib/ (run by `npm ci` through "prepare").
// The engine is a separate chunk loaded only when a command runs, so `sitegen --help` loads
// little more than commander. Dependencies are bundled in: one file loads far faster than the
// hundreds of small modules of remark and its friends (the AWS SDK too: bundled, `sitegen publish`
// loads in about half the time; it sits in the publish chunk, which no other command imports).
// A few stay external:
// - react and react-dom: the templates import them too, and both sides must share one copy
//   (zod is shared another way: it is bundled, and lib/zod.js is what templates import;
//   lib/htmlparser2.js likewise, one file where the package is thirty);
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
import { importTs } from './import-ts.mjs';
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
  entryPoints: { main: 'src/cli/main.ts', 'markdown-worker': 'src/engine/scale/markdown-worker.ts', 'page-worker': 'src/engine/scale/page-worker.ts', zod: 'src/engine/zod.ts', htmlparser2: 'src/engine/htmlparser2.ts' },
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

// Hyphenation patterns, prepared. The `hyphen` package writes each language's patterns as one
// JavaScript object literal (1.2 MB for Hungarian), which Node compiles and then runs. The
// templates' `require('hyphen/<language>/index.js')` loads lib/hyphen/<language>.cjs instead
// (load-templates.ts aliases it), which has the same patterns twice:
// - as JSON, for the package's own hyphenators (made when first asked for);
// - with the trie flattened into one array (`flatPatterns`, src/templates/pattern-hyphenator.ts),
//   what the templates hyphenate with: read in a millisecond, where `JSON.parse` takes 50 ms
//   to make the Hungarian trie's 40,000 objects on the main thread of a cold build.
// The languages of the site's locales; another one loads from the package as published. A
// language whose patterns do not survive JSON unchanged is left to the package too.
const HYPHENATION_LANGUAGES = ['en-us', 'hu', 'de'];
const packageRequire = createRequire(path.join(root, 'package.json'));
const { flattenPatterns } = await importTs('src/templates/pattern-hyphenator.ts');
mkdirSync(path.join(outdir, 'hyphen'));
for (const language of HYPHENATION_LANGUAGES) {
  const { patterns } = packageRequire(`hyphen/${language}/index.js`);
  const json = JSON.stringify(patterns);
  if (!isDeepStrictEqual(JSON.parse(json), patterns)) {
    console.warn(`sitegen: warning: the ${language} hyphenation patterns do not survive JSON; templates load them from the package`);
    continue;
  }
  const file = (extension) => path.join(outdir, 'hyphen', `${language}${extension}`);
  writeFileSync(file('.json'), json);
  const { levels, exceptions, trie } = flattenPatterns(patterns);
  writeFileSync(file('.trie'), new Uint8Array(trie.buffer, trie.byteOffset, trie.byteLength));
  writeFileSync(file('.levels.json'), JSON.stringify({ levels, exceptions }));
  writeFileSync(file('.cjs'), preparedHyphenation(language));
}

/** lib/hyphen/<language>.cjs: the package's module for the language, from the files beside it. */
function preparedHyphenation(language) {
  const name = (extension) => JSON.stringify(`${language}${extension}`);
  return `// hyphen/${language}/index.js from the files beside it (scripts/build-cli.mjs).
const { readFileSync } = require('node:fs');
const path = require('node:path');
const read = (name) => readFileSync(path.join(__dirname, name));
let made;
const contract = () => (made ??= require('hyphen/export-contract.js')(JSON.parse(read(${name('.json')}).toString('utf8'))));
let flat;
module.exports = {
  get hyphenate() { return contract().hyphenate; },
  get hyphenateHTML() { return contract().hyphenateHTML; },
  get hyphenateHTMLSync() { return contract().hyphenateHTMLSync; },
  get hyphenateSync() { return contract().hyphenateSync; },
  get patterns() { return contract().patterns; },
  get flatPatterns() {
    if (flat === undefined) {
      const { levels, exceptions } = JSON.parse(read(${name('.levels.json')}).toString('utf8'));
      // Copied out of the file's buffer: an Int32Array must start at a multiple of four bytes.
      const bytes = read(${name('.trie')});
      flat = { levels, exceptions, trie: new Int32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)) };
    }
    return flat;
  },
};
`;
}
