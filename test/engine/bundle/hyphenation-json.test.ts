import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenPatterns, patternHyphenator, type CompiledPatterns, type FlatPatterns } from '../../../src/templates/pattern-hyphenator';

const REPO = path.resolve(import.meta.dirname, '../../..');
const LIB_HYPHEN = path.join(REPO, 'lib', 'hyphen');
const require = createRequire(import.meta.url);

interface Hyphenator {
  hyphenateSync(text: string, options?: { minWordLength?: number }): string;
  patterns: CompiledPatterns;
  flatPatterns?: FlatPatterns;
}

/** The long words of a locale's content: what a build hyphenates. */
async function longWords(locale: string): Promise<string[]> {
  const dir = path.join(REPO, 'content', locale);
  const files = (await readdir(dir, { recursive: true })).filter((name) => name.endsWith('.md'));
  const words = new Set<string>();
  for (const file of files) for (const word of (await readFile(path.join(dir, file), 'utf8')).match(/[\p{L}\p{M}]{10,}/gu) ?? []) words.add(word);
  return [...words];
}

// lib/ is bundled by the global setup, as `npm ci` bundles it.
describe('the hyphenation patterns a built sitegen keeps (lib/hyphen)', () => {
  it('are the package\'s patterns, and hyphenate the site\'s words as the package does', async () => {
    const languages = (await readdir(LIB_HYPHEN)).filter((name) => name.endsWith('.cjs')).map((name) => name.slice(0, -'.cjs'.length));
    expect(languages.sort()).toEqual(['de', 'en-us', 'hu']);
    // Compared in a new process: the hyphenator adds to its patterns' objects as it works, and
    // the quick suites share their modules, so the package's copy here may have been used.
    const compare = `const { isDeepStrictEqual } = require('node:util');
      const read = (language) => JSON.parse(require('node:fs').readFileSync(require('node:path').join(${JSON.stringify(LIB_HYPHEN)}, language + '.json'), 'utf8'));
      console.log(JSON.stringify(${JSON.stringify(languages)}.map((language) => isDeepStrictEqual(read(language), require('hyphen/' + language + '/index.js').patterns))));`;
    const equal = spawnSync(process.execPath, ['-e', compare], { cwd: REPO, encoding: 'utf8' });
    expect(equal.stderr).toBe('');
    expect(JSON.parse(equal.stdout)).toEqual(languages.map(() => true));
    const locales: Record<string, string> = { 'en-us': 'en', hu: 'hu', de: 'de' };
    for (const language of languages) {
      const prepared = require(path.join(LIB_HYPHEN, `${language}.cjs`)) as Hyphenator;
      const published = require(`hyphen/${language}/index.js`) as Hyphenator;
      const words = await longWords(locales[language]!);
      expect(words.length, language).toBeGreaterThan(100);
      expect(words.map((word) => prepared.hyphenateSync(word)), language).toEqual(words.map((word) => published.hyphenateSync(word)));
    }
  });

  it('keep each trie flattened, as the sources flatten it, and hyphenate with it as the package does', async () => {
    const locales: Record<string, string> = { 'en-us': 'en', hu: 'hu', de: 'de' };
    for (const language of Object.keys(locales)) {
      const prepared = require(path.join(LIB_HYPHEN, `${language}.cjs`)) as Hyphenator;
      // The file's patterns: the package's own copy may have gained exceptions from its use here.
      const patterns = JSON.parse(await readFile(path.join(LIB_HYPHEN, `${language}.json`), 'utf8')) as CompiledPatterns;
      const flat = prepared.flatPatterns!;
      expect(flat, language).toEqual(flattenPatterns(patterns));
      const published = require(`hyphen/${language}/index.js`) as Hyphenator;
      const words = await longWords(locales[language]!);
      const hyphenate = patternHyphenator(flat);
      expect(words.map(hyphenate), language).toEqual(words.map((word) => published.hyphenateSync(word, { minWordLength: 1 })));
    }
  });
});
