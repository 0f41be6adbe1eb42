import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, BuildFailure, type SiteError } from '../../../src/engine';
import { smallSite } from '../../helpers/small-site';
import { edit, lineOf } from '../../helpers/site';

/** Each case writes a content/redirects.yaml and names the line, column and message of its error. */
interface Case {
  name: string;
  yaml: string;
  at: string;
  column: number;
  message: RegExp;
  hint?: RegExp;
}

const CASES: Case[] = [
  {
    name: 'a target that is not a page',
    yaml: 'redirects:\n  - from: /hu/regi-karrier\n    to: /karrier\n',
    at: '    to: /karrier',
    column: 9,
    message: /leads to \/karrier, which is not a page of this build/,
    hint: /with its locale prefix \(e\.g\. \/hu\/karrier|e\.g\. \//,
  },
  {
    name: 'a loop',
    yaml: 'redirects:\n  - { from: /regi, to: /masik }\n  - { from: /masik, to: /harmadik }\n  - { from: /harmadik, to: /regi }\n',
    at: '  - { from: /regi, to: /masik }',
    column: 24,
    message: /the redirect from \/regi leads in a loop back to itself/,
  },
  {
    name: 'a source that is a live page',
    yaml: 'redirects:\n  - from: /hu/karrier\n    to: /hu/kapcsolat\n',
    at: '  - from: /hu/karrier',
    column: 11,
    message: /\/hu\/karrier is the URL of the hu page of route "career": a redirect would hide it/,
    hint: /remove this redirect/,
  },
  {
    name: 'the same source twice',
    yaml: 'redirects:\n  - { from: /old, to: /career }\n  - { from: /old, to: /blog }\n',
    at: '  - { from: /old, to: /blog }',
    column: 13,
    message: /\/old is redirected twice \(first at line 2\)/,
  },
  {
    name: 'a relative source',
    yaml: 'redirects:\n  - { from: old-page, to: /career }\n',
    at: '  - { from: old-page, to: /career }',
    column: 13,
    message: /URL "old-page" is not absolute/,
  },
  {
    name: 'an unknown key',
    yaml: 'redirects:\n  - from: /old\n    to: /career\n    status: 302\n',
    at: '    status: 302',
    column: 5,
    message: /unknown key "status"/,
  },
  {
    name: 'a missing target',
    yaml: 'redirects:\n  - from: /old\n',
    at: '  - from: /old',
    column: 5,
    message: /missing required field "redirects\[0\]\.to"/,
  },
  {
    name: 'broken YAML',
    yaml: 'redirects:\n  - { from: /old, to: /career\n',
    at: '  - { from: /old, to: /career',
    column: 5,
    message: /never closed/,
  },
];

describe('content/redirects.yaml with bad input', () => {
  let root: string;
  beforeAll(async () => {
    root = await smallSite();
  });

  for (const testCase of CASES) {
    it(`${testCase.name}: error at its line and column`, async () => {
      const file = path.join(root, 'content/redirects.yaml');
      await writeFile(file, testCase.yaml);
      const error = await build({ root, write: false }).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(BuildFailure);
      const [first] = (error as BuildFailure).errors as [SiteError];
      expect(first.message).toMatch(testCase.message);
      expect({ file: first.file, line: first.line, column: first.column }).toEqual({ file, line: lineOf(testCase.yaml, testCase.at), column: testCase.column });
      expect(first.hint).toBeTruthy();
      if (testCase.hint) expect(first.hint).toMatch(testCase.hint);
    }, 60_000);
  }

  it('an empty file is no redirect', async () => {
    await writeFile(path.join(root, 'content/redirects.yaml'), '# nothing moved yet\n');
    const result = await build({ root, write: false });
    expect(result.redirects.size).toBe(0);
    expect(result.files.get('_redirects')).toBe('');
  }, 60_000);

  it('a route path with decomposed accents (NFD) is an error at the path', async () => {
    const decomposed = '/a\u0301llasok';
    const text = await edit(root, 'content/routes.yaml', (t) => t.replace('hu: /karrier\n', `hu: ${decomposed}\n`));
    const error = (await build({ root, write: false }).catch((failure: unknown) => failure)) as BuildFailure;
    expect(error).toBeInstanceOf(BuildFailure);
    expect(error.errors[0]!.message).toMatch(/decomposed accents \(Unicode NFD\)/);
    expect(error.errors[0]!.line).toBe(lineOf(text, decomposed));
    await edit(root, 'content/routes.yaml', (t) => t.replace(decomposed, '/karrier'));
  }, 60_000);
});
