import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../../..');
const LIB_HYPHEN = path.join(REPO, 'lib', 'hyphen');
const require = createRequire(import.meta.url);

interface Hyphenator {
  patterns: unknown;
  hyphenateSync(text: string, options?: { minWordLength?: number }): string;
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
describe('the hyphenation patterns a built sitegen keeps as JSON (lib/hyphen)', () => {
  it('are the package\'s patterns, and hyphenate the site\'s words as the package does', async () => {
    const languages = (await readdir(LIB_HYPHEN)).filter((name) => name.endsWith('.cjs')).map((name) => name.slice(0, -'.cjs'.length));
    expect(languages.sort()).toEqual(['de', 'en-us', 'hu']);
    const locales: Record<string, string> = { 'en-us': 'en', hu: 'hu', de: 'de' };
    for (const language of languages) {
      const prepared = require(path.join(LIB_HYPHEN, `${language}.cjs`)) as Hyphenator;
      const published = require(`hyphen/${language}/index.js`) as Hyphenator;
      // Node's deep strict equality (Vitest's reports the large German trie unequal where it is not).
      expect(isDeepStrictEqual(prepared.patterns, published.patterns), language).toBe(true);
      const words = await longWords(locales[language]!);
      expect(words.length, language).toBeGreaterThan(100);
      expect(words.map((word) => prepared.hyphenateSync(word)), language).toEqual(words.map((word) => published.hyphenateSync(word)));
    }
  });
});
