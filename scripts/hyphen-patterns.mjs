// The hyphenation patterns the templates load (`src/templates/hyphenate.ts`), written into lib/
// as JSON when the engine is bundled (scripts/build-cli.mjs). The `hyphen` package ships each
// language as a JavaScript module holding one large literal: loading the Hungarian and German
// ones took about 300 ms of a cold build's main thread (compiling and running 2 MB of code),
// where JSON.parse of the same data takes under half of that. A built sitegen bundles the
// templates with `hyphen/<language>/index.js` pointing at lib/hyphen/<language>.cjs
// (`bundle/load-templates.ts`), which gives the same functions over the same patterns.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';

/** The `hyphen` modules the templates require, by the name of their folder in the package. */
export const HYPHEN_LANGUAGES = ['en-us', 'hu', 'de'];

const require = createRequire(import.meta.url);

/** Writes `<language>.json` and `<language>.cjs` for each language into `dir`; fails if JSON would not keep a pattern as it is. */
export function writeHyphenPatterns(dir) {
  mkdirSync(dir, { recursive: true });
  for (const language of HYPHEN_LANGUAGES) {
    const { patterns } = require(`hyphen/${language}/index.js`);
    const json = JSON.stringify(patterns);
    if (!isDeepStrictEqual(JSON.parse(json), patterns)) throw new Error(`the hyphen patterns of ${language} do not survive JSON; see scripts/hyphen-patterns.mjs`);
    writeFileSync(path.join(dir, `${language}.json`), json);
    writeFileSync(
      path.join(dir, `${language}.cjs`),
      `// hyphen/${language}/index.js with its patterns read from JSON (scripts/hyphen-patterns.mjs).
const { readFileSync } = require('node:fs');
const path = require('node:path');
module.exports = require('hyphen/export-contract.js')(JSON.parse(readFileSync(path.join(__dirname, ${JSON.stringify(`${language}.json`)}), 'utf8')));
`,
    );
  }
}
