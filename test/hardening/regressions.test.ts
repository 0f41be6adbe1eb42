import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, BuildFailure, BuildSession, SiteError } from '../../src/engine';
import { edit, lineOf } from '../helpers/site';
import { smallSite } from '../helpers/small-site';

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
      expect(error.message).toMatch(/^message "site\.titleSuffix" cannot be formatted: .*"n" was not provided$/);
      expect(error.pages.length).toBeGreaterThan(0);
      expect(error.file).toMatch(/locales\/(en|hu|de)\.json$/);
      const locale = path.basename(error.file!, '.json');
      expect(error.line).toBe(lineOf(texts[locale]!, '"titleSuffix"'));
      expect(error.hint).toMatch(/the templates pass \{.+\} to this message/);
      expect((error as SiteError & { cause?: unknown }).cause).toBeInstanceOf(SiteError);
    }
  });
});

describe('regressions found by the watch storm', () => {
  it('a broken locale file saved in the same rebuild as a route table change no longer breaks every later rebuild', async () => {
    const root = await smallSite();
    const session = new BuildSession();
    try {
      await build({ root, write: false, session });
      // The route table parses fine but is parsed while the messages already failed.
      await edit(root, 'locales/en.json', (text) => text.replace(/"readMore": "[^"]*"/, '"readMore": "{broken"'));
      await edit(root, 'content/routes.yaml', (text) => text.replace(/^(\s+hu: )\/karrier$/m, '$1/karrier-uj'));
      session.changed = new Set([path.join(root, 'locales/en.json'), path.join(root, 'content/routes.yaml')]);
      const failure = await build({ root, write: false, session }).catch((error: unknown) => error);
      expect((failure as BuildFailure).errors.map((error) => error.message)).toEqual([expect.stringMatching(/^message "common\.readMore" is not valid ICU/)]);
      // Fixing the messages alone must build, with the new route path.
      await edit(root, 'locales/en.json', (text) => text.replace('"readMore": "{broken"', '"readMore": "Read more"'));
      session.changed = new Set([path.join(root, 'locales/en.json')]);
      const result = await build({ root, write: false, session });
      expect(result.pages.filter((page) => page.routeId === 'career' && page.locale !== 'en').map((page) => page.url)).toEqual(['/hu/karrier-uj', '/de/karriere']);
    } finally {
      await session.dispose();
    }
  });
});
