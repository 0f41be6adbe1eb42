import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);

// lib/ is bundled for the test run (global setup), with lib/hyphen/ written by scripts/hyphen-patterns.mjs.
describe('the hyphenation patterns a built sitegen gives the templates (lib/hyphen/)', () => {
  const { HYPHEN_LANGUAGES } = require(path.join(REPO, 'scripts/hyphen-patterns.mjs')) as { HYPHEN_LANGUAGES: string[] };

  it('cover every language the templates load', () => {
    const required = [...readFileSync(path.join(REPO, 'src/templates/hyphenate.ts'), 'utf8').matchAll(/require\('hyphen\/([^/']+)\/index\.js'\)/g)].map((match) => match[1]);
    expect(required.length).toBeGreaterThan(0);
    expect([...HYPHEN_LANGUAGES].sort()).toEqual([...required].sort());
  });

  // In a process of its own: the package keeps the words it has hyphenated in its patterns'
  // exceptions (a cache), so modules other tests used hold more than the published patterns.
  it.each(['en-us', 'hu', 'de'])('are the package’s own patterns for %s, and hyphenate as it does', (language) => {
    const compare = `
      const ours = require(${JSON.stringify(path.join(REPO, 'lib/hyphen', `${language}.cjs`))});
      const theirs = require(${JSON.stringify(`hyphen/${language}/index.js`)});
      const same = require('node:util').isDeepStrictEqual(ours.patterns, theirs.patterns);
      const text = 'Datenschutzerklärung Finanzautomatisierung Felhőinfrastruktúra Ajánlatkonfigurátor infrastructure internationalization';
      console.log(JSON.stringify({ same, ours: ours.hyphenateSync(text, { minWordLength: 5 }), theirs: theirs.hyphenateSync(text, { minWordLength: 5 }) }));
    `;
    const result = JSON.parse(execFileSync(process.execPath, ['-e', compare], { cwd: REPO, encoding: 'utf8' })) as { same: boolean; ours: string; theirs: string };
    expect(result.same).toBe(true);
    expect(result.ours).toBe(result.theirs);
    expect(result.ours).toContain('\u00AD');
  });
});
