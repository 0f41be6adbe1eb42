import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, BuildFailure, type Code, type SiteError } from '../../../src/engine';
import { copySite, edit, lineOf, snapshotTree, tempDir } from '../../helpers/site';

/**
 * Each case breaks one file of a copy of the real site and names where the error must point.
 * Every failing build targets the same output folder, which must stay byte-identical.
 */
interface Case {
  name: string;
  file: string;
  change: (text: string) => string;
  /** The text on the line the error must point at, in the changed file. */
  at: string;
  column?: number;
  code: Code;
}

const CASES: Case[] = [
  {
    name: 'an unknown key in a route',
    file: 'content/routes.yaml',
    change: (t) => t.replace('  - id: career\n    template: career\n', '  - id: career\n    template: career\n    layout: wide\n'),
    at: '    layout: wide',
    column: 5,
    code: 'yaml/unknown-key',
  },
  {
    name: "a route without the default locale's path",
    file: 'content/routes.yaml',
    change: (t) => t.replace('paths: { en: /career, hu: /karrier, de: /karriere }', 'paths: { hu: /karrier, de: /karriere }'),
    at: 'paths: { hu: /karrier, de: /karriere }',
    code: 'yaml/missing-field',
  },
  {
    name: 'a path in a locale the site does not have',
    file: 'content/routes.yaml',
    change: (t) => t.replace('paths: { en: /career, hu: /karrier, de: /karriere }', 'paths: { en: /career, hu: /karrier, de: /karriere, fr: /carriere }'),
    at: 'paths: { en: /career, hu: /karrier, de: /karriere, fr: /carriere }',
    code: 'yaml/unknown-key',
  },
  {
    name: 'two routes on one path',
    file: 'content/routes.yaml',
    change: (t) => t.replace('paths: { en: /about-us, hu: /rolunk, de: /ueber-uns }', 'paths: { en: /about-us, hu: /karrier, de: /ueber-uns }'),
    at: 'paths: { en: /about-us, hu: /karrier, de: /ueber-uns }',
    code: 'routes/url-taken',
  },
  {
    name: 'a path that is not absolute',
    file: 'content/routes.yaml',
    change: (t) => t.replace('paths: { en: /offer,', 'paths: { en: offer,'),
    at: 'paths: { en: offer,',
    code: 'yaml/invalid-value',
  },
  {
    name: 'a path with a parameter',
    file: 'content/routes.yaml',
    change: (t) => t.replace('hu: /ajanlat,', 'hu: /ajanlat/:id,'),
    at: 'hu: /ajanlat/:id,',
    code: 'yaml/invalid-value',
  },
  {
    name: 'an unknown template',
    file: 'content/routes.yaml',
    change: (t) => t.replace('  - id: blog\n    template: hub', '  - id: blog\n    template: blag'),
    at: '    template: blag',
    column: 15,
    code: 'routes/unknown-template',
  },
  {
    name: 'a missing content file',
    file: 'content/routes.yaml',
    change: (t) => t.replace('content: about-us', 'content: about-them'),
    at: 'content: about-them',
    code: 'content/missing-locale',
  },
  {
    name: 'broken YAML in the route table',
    file: 'content/routes.yaml',
    change: (t) => t.replace('paths: { en: /contact, hu: /kapcsolat, de: /kontakt }', 'paths: { en: /contact, hu: /kapcsolat, de: /kontakt'),
    at: 'paths: { en: /contact, hu: /kapcsolat, de: /kontakt',
    column: 12,
    code: 'yaml/syntax',
  },
  {
    name: 'front matter without a title',
    file: 'content/hu/career.md',
    change: (t) => t.replace(/^title: .*\n/m, ''),
    at: 'description: ',
    code: 'yaml/missing-field',
  },
  {
    name: 'an article date that does not exist',
    file: 'content/de/blog/clickup-as-erp.md',
    change: (t) => t.replace(/^date: .*$/m, 'date: 2025-02-30'),
    at: 'date: 2025-02-30',
    column: 7,
    code: 'yaml/invalid-value',
  },
  {
    name: 'a date in the wrong format',
    file: 'content/en/blog/eu-energy-policy.md',
    change: (t) => t.replace(/^date: .*$/m, 'date: 05/03/2025'),
    at: 'date: 05/03/2025',
    code: 'yaml/invalid-value',
  },
  {
    name: 'a tender amount that is not a number',
    file: 'content/en/tenders/export-market.md',
    change: (t) => t.replace(/^amount: .*$/m, 'amount: lots'),
    at: 'amount: lots',
    code: 'yaml/invalid-value',
  },
  {
    name: 'broken YAML in front matter',
    file: 'content/en/about-us.md',
    change: (t) => t.replace(/^title: (.*)$/m, 'title: "$1'),
    at: 'title: "',
    code: 'yaml/syntax',
  },
  {
    name: 'a Markdown link to an unknown route',
    file: 'content/en/contact.md',
    change: (t) => `${t.trimEnd()}\n\nSee [our prices](route:pricing).\n`,
    at: 'See [our prices](route:pricing).',
    column: 5,
    code: 'markdown/unknown-route',
  },
  {
    name: 'a Markdown link to another locale\'s page',
    file: 'content/hu/contact.md',
    change: (t) => `${t.trimEnd()}\n\nLásd a [karrier](/career) oldalt.\n`,
    at: 'Lásd a [karrier](/career) oldalt.',
    code: 'markdown/foreign-locale-link',
  },
  {
    name: 'a message missing in a locale',
    file: 'locales/de.json',
    change: (t) => t.replace(/\n\s*"blog": "[^"]*",/, ''),
    at: '"caseStudies": ',
    column: 5,
    code: 'messages/missing-key',
  },
  {
    name: 'a message that is not valid ICU',
    file: 'locales/hu.json',
    change: (t) => t.replace(/"readingTime": "[^"]*"/, '"readingTime": "{minutes, plural, one {# perc}}"'),
    at: '"readingTime": "{minutes, plural, one {# perc}}"',
    code: 'messages/invalid-icu',
  },
  {
    name: 'a plural message without a category its locale needs',
    file: 'locales/hu.json',
    change: (t) => t.replace(/"readingTime": "[^"]*"/, '"readingTime": "{minutes, plural, other {# perc olvasás}}"'),
    at: '"readingTime": "{minutes, plural, other {# perc olvasás}}"',
    column: 20,
    code: 'messages/missing-plural-case',
  },
  {
    name: 'placeholders that differ between locales',
    file: 'locales/de.json',
    change: (t) => t.replace(/"byline": "[^"]*"/, '"byline": "Von {autor}"'),
    at: '"byline": "Von {autor}"',
    code: 'messages/placeholder-mismatch',
  },
  {
    name: 'a locale file that is not JSON',
    file: 'locales/hu.json',
    change: (t) => t.replace(/"home": ("[^"]*"),/, '"home": $1,,'),
    at: '"home":',
    code: 'messages/invalid-json',
  },
  {
    name: 'a site setting that is not a URL',
    file: 'content/site.yaml',
    change: (t) => t.replace(/^url: .*$/m, 'url: www.example'),
    at: 'url: www.example',
    code: 'yaml/invalid-value',
  },
  {
    name: 'a share image that is not in public/',
    file: 'content/site.yaml',
    change: (t) => t.replace('shareImage: /images/share.png', 'shareImage: /images/missing.png'),
    at: 'shareImage: /images/missing.png',
    column: 13,
    code: 'config/share-image',
  },
  {
    name: 'a share image that crawlers do not show',
    file: 'content/site.yaml',
    change: (t) => t.replace('shareImage: /images/share.png', 'shareImage: /images/hero.svg'),
    at: 'shareImage: /images/hero.svg',
    code: 'yaml/invalid-value',
  },
  {
    name: 'a site icon that is not in public/',
    file: 'content/site.yaml',
    change: (t) => t.replace('icon: /favicon.svg', 'icon: /icons/missing.svg'),
    at: 'icon: /icons/missing.svg',
    column: 7,
    code: 'config/icon',
  },
  {
    name: 'a site icon browsers do not take',
    file: 'content/site.yaml',
    change: (t) => t.replace('icon: /favicon.svg', 'icon: /images/share.jpg'),
    at: 'icon: /images/share.jpg',
    code: 'yaml/invalid-value',
  },
  {
    name: 'a route on the URL of a feed',
    file: 'content/routes.yaml',
    change: (t) => t.replace('paths: { en: /privacy-policy,', 'paths: { en: /blog/feed.xml,'),
    at: 'paths: { en: /blog/feed.xml,',
    code: 'routes/feed-url-taken',
  },
  {
    name: 'an open position without its posting date',
    file: 'content/de/career/senior-react-developer.md',
    change: (t) => t.replace('posted: 2026-10-05\n', ''),
    at: 'title: ',
    code: 'yaml/missing-field',
  },
];

let outDir: string;
let before: Map<string, string>;

beforeAll(async () => {
  outDir = path.join(await tempDir(), 'dist');
  await build({ root: await copySite(), out: outDir });
  before = await snapshotTree(outDir);
});

describe('bad input', () => {
  it('refuses a public file on the path of a generated page', async () => {
    const root = await copySite();
    await mkdir(path.join(root, 'public/career'), { recursive: true });
    await writeFile(path.join(root, 'public/career/index.html'), '<p>old page</p>');
    const failure = await build({ root, out: outDir }).catch((error: unknown) => error);
    expect((failure as BuildFailure).errors.map((e) => [e.file, e.code])).toEqual([[path.join(root, 'public/career/index.html'), 'output/public-collision']]);
    expect(await snapshotTree(outDir)).toEqual(before);
  });

  it.each(CASES)('$name: located error, output folder unchanged', async (testCase) => {
    const root = await copySite();
    const changed = await edit(root, testCase.file, testCase.change);
    const failure = await build({ root, out: outDir }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(BuildFailure);
    const errors = (failure as BuildFailure).errors;
    const line = lineOf(changed, testCase.at);
    const error = errors.find((e) => e.code === testCase.code && e.file === path.join(root, testCase.file) && e.line === line) as SiteError | undefined;
    expect(error, errors.map((e) => `${e.file}:${e.line}:${e.column} [${e.code}] ${e.message}`).join('\n')).toBeDefined();
    if (testCase.column !== undefined) expect(error!.column).toBe(testCase.column);
    expect(await snapshotTree(outDir)).toEqual(before);
  });
});
