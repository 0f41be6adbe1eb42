import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, BuildFailure, SiteError } from '../../src/engine';
import { edit, lineOf } from '../helpers/site';
import { smallSite } from './small-site';

/** Bugs the property-based build tests found, each pinned by the case that showed it. */
describe('regressions found by fuzzing', () => {
  it('a message with an argument the templates do not pass is reported at the message, not as a template crash', async () => {
    const root = await smallSite();
    // The same placeholders in every locale, so only rendering can tell.
    const texts: Record<string, string> = {};
    for (const locale of ['en', 'hu', 'de']) {
      texts[locale] = await edit(root, `locales/${locale}.json`, (text) => text.replace(/"titleSuffix": "[^"]*"/, '"titleSuffix": "{n, number, ::currency/EUR}"'));
    }
    const failure = await build({ root, write: false }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BuildFailure);
    const errors = (failure as BuildFailure).errors;
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) {
      expect(error.message).toMatch(/^message "site\.titleSuffix" cannot be formatted: .*"n" was not provided \(rendering \S+\)$/);
      expect(error.file).toMatch(/locales\/(en|hu|de)\.json$/);
      const locale = path.basename(error.file!, '.json');
      expect(error.line).toBe(lineOf(texts[locale]!, '"titleSuffix"'));
      expect(error.hint).toMatch(/the templates pass \{.+\} to this message/);
      expect((error as SiteError & { cause?: unknown }).cause).toBeInstanceOf(SiteError);
    }
  });
});
