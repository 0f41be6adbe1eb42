import { parse } from '@formatjs/icu-messageformat-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { missingPluralCases } from '../../src/engine/messages/plural-cases';
import { copySite, edit, lineOf } from '../helpers/site';
import { buildRealSite, findingsOf } from './helpers';

let out: string;
beforeAll(async () => {
  out = await buildRealSite();
});

/** The checker's findings for the real output, with one locale file of a copy of the site changed. */
async function withLocaleFile(file: string, change: (text: string) => string): Promise<{ found: Array<[string, string]>; text: string }> {
  const root = await copySite();
  const text = await edit(root, file, change);
  return { found: await findingsOf(out, root), text };
}

describe('translation files', () => {
  it('finds a key missing in one locale', async () => {
    const { found, text } = await withLocaleFile('locales/hu.json', (t) => t.replace(/\n\s*"blog": "Blog",/, ''));
    // At the message it belongs after.
    expect(found).toEqual([[`locales/hu.json:${lineOf(text, '"caseStudies"')}:5`, 'messages/missing-key']]);
  });

  it('finds a key only one locale has', async () => {
    const { found, text } = await withLocaleFile('locales/de.json', (t) => t.replace('"blog": "Blog",', '"blog": "Blog",\n    "shop": "Shop",'));
    expect(found).toEqual([[`locales/de.json:${lineOf(text, '"shop"')}:5`, 'messages/extra-key']]);
  });

  it('finds a message that is not valid ICU, at its line and column', async () => {
    const { found, text } = await withLocaleFile('locales/hu.json', (t) => t.replace('"onThisPage": "Ezen az oldalon"', '"onThisPage": "Ezen az {oldalon"'));
    expect(found).toHaveLength(1);
    expect(found[0]).toEqual([`locales/hu.json:${lineOf(text, '"onThisPage"')}:28`, 'messages/invalid-icu']);
  });

  it('finds placeholders that differ from English', async () => {
    const { found, text } = await withLocaleFile('locales/de.json', (t) => t.replace(/"byline": "[^"]*"/, '"byline": "Von {autor}"'));
    expect(found).toEqual([[`locales/de.json:${lineOf(text, '"byline"')}:5`, 'messages/placeholder-mismatch']]);
  });

  it('finds a plural without the "one" case Hungarian needs', async () => {
    const { found, text } = await withLocaleFile('locales/hu.json', (t) => t.replace(/"readingTime": "[^"]*"/, '"readingTime": "{minutes, plural, other {# perc olvasás}}"'));
    expect(found).toEqual([[`locales/hu.json:${lineOf(text, '"readingTime"')}:20`, 'messages/missing-plural-case']]);
  });
});

describe('plural categories', () => {
  const missing = (message: string, locale: string) => missingPluralCases(parse(message), locale).map((gap) => `${gap.argument}:${gap.category}`);

  it('asks each locale for the categories of its plural rules', () => {
    const message = '{n, plural, one {# plik} other {# pliki}}';
    expect(missing(message, 'en')).toEqual([]);
    expect(missing(message, 'pl')).toEqual(['n:few', 'n:many']);
    expect(missing('{n, plural, =1 {# item} other {# items}}', 'en')).toEqual(['n:one']);
  });

  it('uses ordinal rules for selectordinal, and looks inside other arguments', () => {
    expect(missing('{n, selectordinal, one {#st} other {#th}}', 'en')).toEqual(['n:two', 'n:few']);
    expect(missing('{kind, select, a {{n, plural, other {#}}} other {x}}', 'hu')).toEqual(['n:one']);
  });
});
