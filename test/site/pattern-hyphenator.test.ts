import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenPatterns, patternHyphenator, type CompiledPatterns } from '../../src/templates/pattern-hyphenator';

const REPO = path.resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);

interface PatternModule {
  hyphenateSync(text: string, options?: { minWordLength?: number }): string;
  patterns: CompiledPatterns;
}

/** Every run of letters in the site's content, in all locales (Hungarian text has English words too). */
function contentWords(): string[] {
  const dir = path.join(REPO, 'content');
  const words = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.md') && !file.endsWith('.yaml')) continue;
    for (const word of readFileSync(path.join(dir, file), 'utf8').match(/[\p{L}\p{M}]+/gu) ?? []) words.add(word);
  }
  return [...words];
}

/** Words made of a language's letters, from a fixed seed: lengths and letter runs no text has. */
function generatedWords(letters: string, count: number, seed: number): string[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const chars = [...letters];
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(next() * 24) }, () => chars[Math.floor(next() * chars.length)]).join(''));
}

const LANGUAGES = {
  'en-us': 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
  hu: 'aábcdeéfghiíjklmnoóöőpqrstuúüűvwxyzAÁÉÍÓÖŐÚÜŰ',
  de: 'aäbcdefghijklmnoöpqrsßtuüvwxyzAÄÖÜ',
};

describe('the pattern hyphenator', () => {
  // On a copy of the patterns: the package adds what it computes to its patterns' exceptions,
  // so a hyphenator sharing them would be handed the package's answers.
  it.each(Object.keys(LANGUAGES))('breaks every word where the hyphen package does (%s)', (language) => {
    const published = require(`hyphen/${language}/index.js`) as PatternModule;
    const patterns = structuredClone(published.patterns) as CompiledPatterns;
    const hyphenate = patternHyphenator(flattenPatterns(patterns));
    const exceptions = Object.keys(patterns[2] ?? {});
    const words = [
      ...contentWords(),
      ...generatedWords(LANGUAGES[language as keyof typeof LANGUAGES], 5000, language.length),
      ...exceptions,
      ...exceptions.map((word) => word.toUpperCase()),
      // Lowering makes these longer: the package sizes its levels by the word as given.
      'İstanbulİstanbul',
      'Kİlometerstein',
    ];
    expect(words.length).toBeGreaterThan(5000);
    let broken = 0;
    for (const word of words) {
      const ours = hyphenate(word);
      expect(ours, word).toBe(published.hyphenateSync(word, { minWordLength: 1 }));
      if (ours !== word) broken++;
    }
    // The comparison is worth something only if many words do break.
    expect(broken).toBeGreaterThan(1000);
  });

  it('leaves the patterns it was given as they were', () => {
    const patterns = structuredClone((require('hyphen/de/index.js') as PatternModule).patterns) as CompiledPatterns;
    const before = JSON.stringify(patterns);
    const flat = flattenPatterns(patterns);
    const trie = flat.trie.slice();
    const hyphenate = patternHyphenator(flat);
    for (const word of contentWords()) hyphenate(word);
    expect(JSON.stringify(patterns)).toBe(before);
    expect(flat.trie).toEqual(trie);
  });

  it('refuses a trie it cannot flatten', () => {
    expect(() => flattenPatterns([[[0, 1]], { ab: 0 }])).toThrow(/a trie key of 2 characters/);
  });
});
