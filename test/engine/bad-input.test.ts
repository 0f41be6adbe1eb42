import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, BuildFailure, type SiteError } from '../../src/engine';
import { copySite, edit, lineOf, snapshotTree, tempDir } from '../helpers/site';

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
  message: RegExp;
}

const CASES: Case[] = [
  {
    name: 'an unknown key in a route',
    file: 'content/routes.yaml',
    change: (t) => t.replace('  - id: career\n    template: career\n', '  - id: career\n    template: career\n    layout: wide\n'),
    at: '    layout: wide',
    column: 5,
    message: /unknown key "layout"/,
  },
  {
    name: 'a route without a locale',
    file: 'content/routes.yaml',
    change: (t) => t.replace('paths: { en: /career, hu: /karrier, de: /karriere }', 'paths: { en: /career, hu: /karrier }'),
    at: 'paths: { en: /career, hu: /karrier }',
    message: /missing required field "routes\[2\]\.paths\.de"/,
  },
  {
    name: 'two routes on one path',
    file: 'content/routes.yaml',
    change: (t) => t.replace('paths: { en: /about-us, hu: /rolunk, de: /ueber-uns }', 'paths: { en: /about-us, hu: /karrier, de: /ueber-uns }'),
    at: 'paths: { en: /about-us, hu: /karrier, de: /ueber-uns }',
    message: /URL \/hu\/karrier, which route "career" already has/,
  },
  {
    name: 'a path that is not absolute',
    file: 'content/routes.yaml',
    change: (t) => t.replace('paths: { en: /offer,', 'paths: { en: offer,'),
    at: 'paths: { en: offer,',
    message: /path "offer" is not absolute/,
  },
  {
    name: 'a path with a parameter',
    file: 'content/routes.yaml',
    change: (t) => t.replace('hu: /ajanlat,', 'hu: /ajanlat/:id,'),
    at: 'hu: /ajanlat/:id,',
    message: /has a parameter/,
  },
  {
    name: 'an unknown template',
    file: 'content/routes.yaml',
    change: (t) => t.replace('  - id: blog\n    template: hub', '  - id: blog\n    template: blag'),
    at: '    template: blag',
    column: 15,
    message: /unknown template "blag"/,
  },
  {
    name: 'a missing content file',
    file: 'content/routes.yaml',
    change: (t) => t.replace('content: about-us', 'content: about-them'),
    at: 'content: about-them',
    message: /content\/en\/about-them\.md, content\/hu\/about-them\.md, content\/de\/about-them\.md do not exist/,
  },
  {
    name: 'broken YAML in the route table',
    file: 'content/routes.yaml',
    change: (t) => t.replace('paths: { en: /contact, hu: /kapcsolat, de: /kontakt }', 'paths: { en: /contact, hu: /kapcsolat, de: /kontakt'),
    at: 'paths: { en: /contact, hu: /kapcsolat, de: /kontakt',
    column: 12,
    message: /this "\{" is never closed with "\}"/,
  },
  {
    name: 'front matter without a title',
    file: 'content/hu/career.md',
    change: (t) => t.replace(/^title: .*\n/m, ''),
    at: 'description: ',
    message: /missing required field "title"/,
  },
  {
    name: 'an article date that does not exist',
    file: 'content/de/blog/clickup-as-erp.md',
    change: (t) => t.replace(/^date: .*$/m, 'date: 2025-02-30'),
    at: 'date: 2025-02-30',
    column: 7,
    message: /date: there is no such day/,
  },
  {
    name: 'a date in the wrong format',
    file: 'content/en/blog/eu-energy-policy.md',
    change: (t) => t.replace(/^date: .*$/m, 'date: 05/03/2025'),
    at: 'date: 05/03/2025',
    message: /write dates as YYYY-MM-DD/,
  },
  {
    name: 'a tender amount that is not a number',
    file: 'content/en/tenders/export-market.md',
    change: (t) => t.replace(/^amount: .*$/m, 'amount: lots'),
    at: 'amount: lots',
    message: /amount: .*number/,
  },
  {
    name: 'broken YAML in front matter',
    file: 'content/en/about-us.md',
    change: (t) => t.replace(/^title: (.*)$/m, 'title: "$1'),
    at: 'title: "',
    message: /.+/,
  },
  {
    name: 'a Markdown link to an unknown route',
    file: 'content/en/contact.md',
    change: (t) => `${t.trimEnd()}\n\nSee [our prices](route:pricing).\n`,
    at: 'See [our prices](route:pricing).',
    column: 5,
    message: /link to unknown route "pricing"/,
  },
  {
    name: 'a Markdown link to another locale\'s page',
    file: 'content/hu/contact.md',
    change: (t) => `${t.trimEnd()}\n\nLásd a [karrier](/career) oldalt.\n`,
    at: 'Lásd a [karrier](/career) oldalt.',
    message: /link to \/career, a page of another locale/,
  },
  {
    name: 'a message missing in a locale',
    file: 'locales/de.json',
    change: (t) => t.replace(/\n\s*"blog": "[^"]*",/, ''),
    at: '"caseStudies": ',
    column: 5,
    message: /message "nav\.blog" is missing in de/,
  },
  {
    name: 'a message that is not valid ICU',
    file: 'locales/hu.json',
    change: (t) => t.replace(/"readingTime": "[^"]*"/, '"readingTime": "{minutes, plural, one {# perc}}"'),
    at: '"readingTime": "{minutes, plural, one {# perc}}"',
    message: /message "common\.readingTime" is not valid ICU/,
  },
  {
    name: 'a plural message without a category its locale needs',
    file: 'locales/hu.json',
    change: (t) => t.replace(/"readingTime": "[^"]*"/, '"readingTime": "{minutes, plural, other {# perc olvasás}}"'),
    at: '"readingTime": "{minutes, plural, other {# perc olvasás}}"',
    column: 20,
    message: /message "common\.readingTime" has no "one" case in \{minutes, plural\}, which hu needs/,
  },
  {
    name: 'placeholders that differ between locales',
    file: 'locales/de.json',
    change: (t) => t.replace(/"byline": "[^"]*"/, '"byline": "Von {autor}"'),
    at: '"byline": "Von {autor}"',
    message: /placeholders \{autor\} but en has \{author\}/,
  },
  {
    name: 'a locale file that is not JSON',
    file: 'locales/hu.json',
    change: (t) => t.replace(/"home": ("[^"]*"),/, '"home": $1,,'),
    at: '"home":',
    message: /invalid JSON/,
  },
  {
    name: 'a site setting that is not a URL',
    file: 'content/site.yaml',
    change: (t) => t.replace(/^url: .*$/m, 'url: www.example'),
    at: 'url: www.example',
    message: /url: must be an absolute http\(s\) URL/,
  },
  {
    name: 'a share image that is not in public/',
    file: 'content/site.yaml',
    change: (t) => t.replace('shareImage: /images/share.png', 'shareImage: /images/missing.png'),
    at: 'shareImage: /images/missing.png',
    column: 13,
    message: /shareImage \/images\/missing\.png is not a file in public\//,
  },
  {
    name: 'a share image that crawlers do not show',
    file: 'content/site.yaml',
    change: (t) => t.replace('shareImage: /images/share.png', 'shareImage: /images/hero.svg'),
    at: 'shareImage: /images/hero.svg',
    message: /shareImage: must be a path in public\/ like "\/images\/share\.png" \(PNG or JPEG\)/,
  },
  {
    name: 'a route on the URL of a feed',
    file: 'content/routes.yaml',
    change: (t) => t.replace('paths: { en: /privacy-policy,', 'paths: { en: /blog/feed.xml,'),
    at: 'paths: { en: /blog/feed.xml,',
    message: /route "privacy-policy" has the URL \/blog\/feed\.xml, which the en feed of "blog" needs/,
  },
  {
    name: 'an open position without its posting date',
    file: 'content/de/career.md',
    change: (t) => t.replace('    posted: 2026-10-05\n', ''),
    at: '  - id: senior-react-developer',
    message: /posted/,
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
    expect((failure as BuildFailure).errors.map((e) => [e.file, e.message])).toEqual([
      [path.join(root, 'public/career/index.html'), 'public/career/index.html has the path of a file the build generates'],
    ]);
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
    const error = errors.find((e) => testCase.message.test(e.message)) as SiteError | undefined;
    expect(error, errors.map((e) => `${e.file}:${e.line}:${e.column} ${e.message}`).join('\n')).toBeDefined();
    expect(error!.file).toBe(path.join(root, testCase.file));
    expect(error!.line).toBe(lineOf(changed, testCase.at));
    if (testCase.column !== undefined) expect(error!.column).toBe(testCase.column);
    expect(await snapshotTree(outDir)).toEqual(before);
  });
});
