import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../../src/engine/diagnostics/catalogue';
import { AREA_PREFIXES, catalogueDoc } from '../../../src/engine/diagnostics/catalogue-doc';
import { REPO } from '../../helpers/site';

const DOC = path.join(REPO, 'docs/errors.md');
const UPDATE = process.env.UPDATE_ERRORS_DOC === '1';

/** Every source file of sitegen, concatenated: where codes are used. */
function sources(): string {
  const files = readdirSync(path.join(REPO, 'src'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name));
  return files
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.endsWith(path.join('diagnostics', 'catalogue.ts')))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

describe('the catalogue of diagnostics', () => {
  it('has an area, a title, an example that shows the code and a fix for every code', () => {
    for (const [code, entry] of Object.entries(CATALOGUE)) {
      expect(AREA_PREFIXES, code).toContain(code.split('/')[0]);
      expect(entry.title.length, code).toBeGreaterThan(5);
      expect(entry.example, code).toContain(`: ${entry.severity}: `);
      expect(entry.example.split('\n')[0], code).toMatch(new RegExp(`\\[${code.replace('/', '\\/')}\\]$`));
      expect(entry.fix.length, code).toBeGreaterThan(10);
    }
  });

  it('lists only codes that sitegen uses', () => {
    const text = sources();
    const unused = Object.keys(CATALOGUE).filter((code) => !text.includes(`'${code}'`));
    expect(unused).toEqual([]);
  });

  it('is what docs/errors.md says (npm run errors-doc writes it)', async () => {
    const expected = catalogueDoc();
    if (UPDATE) await writeFile(DOC, expected);
    expect(await readFile(DOC, 'utf8').catch(() => ''), 'docs/errors.md is stale: run npm run errors-doc').toBe(expected);
  });
});
