import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);

interface HyphenModule {
  patterns: unknown;
  hyphenateSync(text: string, options?: { minWordLength?: number }): string;
}

// lib/ is bundled for the test run (global setup), with lib/hyphen/ written by scripts/hyphen-patterns.mjs.
describe('the hyphenation patterns a built sitegen gives the templates (lib/hyphen/)', () => {
  const { HYPHEN_LANGUAGES } = require(path.join(REPO, 'scripts/hyphen-patterns.mjs')) as { HYPHEN_LANGUAGES: string[] };

  it('cover every language the templates load', () => {
    const required = [...readFileSync(path.join(REPO, 'src/templates/hyphenate.ts'), 'utf8').matchAll(/require\('hyphen\/([^/']+)\/index\.js'\)/g)].map((match) => match[1]);
    expect(required.length).toBeGreaterThan(0);
    expect([...HYPHEN_LANGUAGES].sort()).toEqual([...required].sort());
  });

  it.each(['en-us', 'hu', 'de'])('are the package’s own patterns for %s, and hyphenate as it does', (language) => {
    const ours = require(path.join(REPO, 'lib/hyphen', `${language}.cjs`)) as HyphenModule;
    const theirs = require(`hyphen/${language}/index.js`) as HyphenModule;
    expect(ours.patterns).toStrictEqual(theirs.patterns);
    const text = 'Datenschutzerklärung Finanzautomatisierung Felhőinfrastruktúra Ajánlatkonfigurátor infrastructure internationalization';
    expect(ours.hyphenateSync(text, { minWordLength: 5 })).toBe(theirs.hyphenateSync(text, { minWordLength: 5 }));
  });
});
