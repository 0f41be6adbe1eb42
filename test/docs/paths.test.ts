/**
 * The docs and READMEs name files that are there: a file moved or renamed without its docs
 * fails here (ten stale paths in seven docs were found by hand once).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/site';

/** Folders that are not the project's own sources: installed, generated or output. */
const NOT_SOURCES = new Set(['node_modules', '.git', 'dist', 'lib', 'dist-preview', 'screenshots']);

function filesOf(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (NOT_SOURCES.has(entry.name) || (entry.name.startsWith('.') && entry.name !== '.ci')) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) filesOf(file, found);
    else found.push(file);
  }
  return found;
}

const files = filesOf(REPO);
const docs = files.filter((file) => file.endsWith('.md') && (file.startsWith(path.join(REPO, 'docs') + path.sep) || path.basename(file) === 'README.md'));
const fileNames = new Set(files.map((file) => path.basename(file)));

/**
 * A path into the project's code as docs write it in backticks: `src/engine/build.ts`,
 * `test/site/`, `src/engine/plan/plan-pages.ts:42`. The site's own files (`content/`,
 * `locales/`, `public/`) are left out: docs name them as examples of a site's layout.
 */
const CODE_PATH = /`((?:src|test|docs|scripts|bench|bin|\.ci)\/[^`\s]*)`/g;
/** A Markdown link to a file beside the doc: `[text](../docs/content.md#images)`. */
const RELATIVE_LINK = /\]\(((?![a-z][\w+.-]*:|\/|#)[^)\s]+)\)/gi;
/** A source file named alone: `render-pages.ts`. */
const FILE_NAME = /`([\w.-]+\.tsx?)`/g;
/** A pattern or a placeholder rather than one path: `test/**`, `content/<locale>/`, `{a,b}`. */
const PATTERN = /[*<>{}…]|\.\.\./;

/** A path as written, without what follows it: a line and column, an anchor, a sentence's punctuation. */
const bare = (written: string) => written.replace(/[#?].*$/, '').replace(/(:\d+)+$/, '').replace(/[.,;:)]+$/, '');

describe('the docs and READMEs', () => {
  it('are found', () => {
    expect(docs.length).toBeGreaterThan(20);
    expect(docs).toContain(path.join(REPO, 'docs/architecture.md'));
  });

  it('name only paths of the project that exist', () => {
    const missing: string[] = [];
    for (const doc of docs) {
      const text = readFileSync(doc, 'utf8');
      const where = (index: number) => `${path.relative(REPO, doc)}:${text.slice(0, index).split('\n').length}`;
      for (const match of text.matchAll(CODE_PATH)) {
        const target = bare(match[1]!);
        if (!PATTERN.test(target) && !existsSync(path.join(REPO, target))) missing.push(`${where(match.index)} ${target}`);
      }
      for (const match of text.matchAll(RELATIVE_LINK)) {
        const target = bare(match[1]!);
        if (target && !PATTERN.test(target) && !existsSync(path.resolve(path.dirname(doc), target))) missing.push(`${where(match.index)} ${target}`);
      }
      for (const match of text.matchAll(FILE_NAME)) {
        if (!fileNames.has(match[1]!)) missing.push(`${where(match.index)} ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
