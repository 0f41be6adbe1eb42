/**
 * The engine's layout as `src/engine/README.md` describes it: files small enough to hold one
 * idea each, and a CLI, `check` and `publish` that call the engine through its public entries
 * only, so that the engine's inside can move without them noticing.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/site';

const ENGINE = path.join(REPO, 'src/engine');
/** What calls the engine from outside it. */
const CALLERS = ['src/cli', 'src/check', 'src/publish'].map((dir) => path.join(REPO, dir));
const MAX_LINES = 250;
/** The error catalogue is data, one entry per code: it grows with the codes. */
const LONG_BY_NATURE = new Set(['diagnostics/catalogue.ts']);
/**
 * The programmatic API, the start-up entry the CLI loads before it (see `start.ts`), and the
 * part of the API for the commands that build nothing (see `inspect.ts`).
 */
const PUBLIC_ENTRIES = new Set(['index.ts', 'start.ts', 'inspect.ts']);

function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Counted as `wc -l` does: the line breaks. */
const linesOf = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1;

/** The modules a file imports by relative path, static, type-only or dynamic, as files. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/\bfrom\s+'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'\s*\)|^\s*import\s+'(\.[^']+)'/gm)].map((match) => (match[1] ?? match[2] ?? match[3])!);
  return specifiers.map((specifier) => {
    const target = path.resolve(path.dirname(file), specifier);
    return ['', '.ts', '.tsx', '/index.ts'].map((ending) => target + ending).find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile()) ?? target;
  });
}

describe('the engine layout', () => {
  it(`keeps every engine file at ${MAX_LINES} lines or fewer`, () => {
    const files = sourcesOf(ENGINE);
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => ({ file: path.relative(ENGINE, file).split(path.sep).join('/'), lines: linesOf(file) }))
      .filter(({ file, lines }) => lines > MAX_LINES && !LONG_BY_NATURE.has(file))
      .map(({ file, lines }) => `src/engine/${file}: ${lines} lines`);
    expect(long, 'split a long file by concern into sibling files').toEqual([]);
  });

  it('lets the CLI, check and publish import the engine through its public entries only', () => {
    const imports = CALLERS.flatMap(sourcesOf).flatMap((file) => relativeImports(file).map((target) => ({ from: path.relative(REPO, file), target })));
    const intoEngine = imports.filter(({ target }) => target.startsWith(ENGINE + path.sep));
    // What the check sees: `sitegen build` loads both entries.
    expect(intoEngine.map(({ target }) => path.relative(ENGINE, target))).toEqual(expect.arrayContaining(['index.ts', 'start.ts', 'inspect.ts']));
    const inside = intoEngine.filter(({ target }) => !PUBLIC_ENTRIES.has(path.relative(ENGINE, target))).map(({ from, target }) => `${from} imports ${path.relative(REPO, target)}`);
    expect(inside, 'export it from src/engine/index.ts (or start.ts, for what runs before the engine loads; inspect.ts, for what a command that builds nothing needs)').toEqual([]);
  });
});
