import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, BuildFailure, SiteError } from '../../src/engine';
import { LOCALE_CODES as LOCALES, snapshotTree } from '../helpers/site';
import { anyValue, corrupt, hostileText, icuMessage, markdownBody, textCorruption } from './hostile-input';
import { smallSite } from '../helpers/small-site';

/**
 * Property: a build of broken or hostile sources either succeeds or fails with a BuildFailure
 * whose every error is a SiteError located in a file (line and column inside that file), caused
 * by no unexpected exception; a failed build leaves the output byte-identical. One small site
 * and one output folder serve every run: each run changes a source, builds, and puts it back.
 *
 * FUZZ_SEED and FUZZ_RUNS (per property) replay a failure or search longer; fast-check prints
 * the seed and the path of a failing run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20260901);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const env = { SOURCE_DATE_EPOCH: '1767225600' };

let root: string;
let out: string;
let output: Map<string, string>;
let contentFiles: string[];
let messageKeys: string[];
const originals = new Map<string, string>();

beforeAll(async () => {
  Object.assign(process.env, env);
  root = await smallSite();
  out = path.join(root, 'dist');
  await build({ root, out });
  output = await snapshotTree(out);
  contentFiles = (await readdir(path.join(root, 'content'), { recursive: true }))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `content/${file.split(path.sep).join('/')}`)
    .sort();
  messageKeys = flatten(JSON.parse(await readFile(path.join(root, 'locales/en.json'), 'utf8')));
  for (const file of ['content/routes.yaml', ...contentFiles, ...LOCALES.map((locale) => `locales/${locale}.json`)]) {
    originals.set(file, await readFile(path.join(root, file), 'utf8'));
  }
}, 120_000);

function flatten(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, inner]) =>
    inner !== null && typeof inner === 'object' ? flatten(inner as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** What one run changes: file (relative to the site) → new text. */
type Edits = Map<string, string>;

/** Builds with `edits` applied and checks the property; the sources are restored afterwards. */
async function buildChecked(edits: Edits): Promise<void> {
  for (const [file, text] of edits) await writeFile(path.join(root, file), text);
  try {
    const outcome = await build({ root, out }).then(
      () => undefined,
      (error: unknown) => error,
    );
    if (outcome === undefined) {
      output = await snapshotTree(out);
      return;
    }
    if (!(outcome instanceof BuildFailure)) throw new Error(`unexpected exception, not a BuildFailure: ${(outcome as Error)?.stack ?? String(outcome)}`);
    expect(outcome.errors.length).toBeGreaterThan(0);
    for (const error of outcome.errors) await expectLocated(error, edits);
    expect(await snapshotTree(out), 'a failed build changed the output').toEqual(output);
  } finally {
    for (const file of edits.keys()) await writeFile(path.join(root, file), originals.get(file)!);
  }
}

/** A SiteError naming a file, with a line and column inside that file's text, not wrapping a crash. */
async function expectLocated(error: SiteError, edits: Edits): Promise<void> {
  const describe = `${error.file}:${error.line}:${error.column} ${error.message}`;
  expect(error, describe).toBeInstanceOf(SiteError);
  expect(error.file, `unlocated: ${describe}`).toBeDefined();
  const cause = (error as Error & { cause?: unknown }).cause;
  if (cause !== undefined && !(cause instanceof SiteError)) {
    throw new Error(`an unexpected exception reported as a source error: ${describe}\n${(cause as Error)?.stack ?? String(cause)}`);
  }
  const relative = path.relative(root, error.file!).split(path.sep).join('/');
  const text = edits.get(relative) ?? originals.get(relative) ?? (await readFile(error.file!, 'utf8'));
  const lines = text.split('\n');
  const line = error.line ?? 0;
  const column = error.column ?? 0;
  expect(Number.isInteger(line) && line >= 1 && line <= lines.length, `line outside the file: ${describe}`).toBe(true);
  const lineText = lines[line - 1]!.replace(/\r$/, '');
  expect(Number.isInteger(column) && column >= 1 && column <= lineText.length + 1, `column outside the line: ${describe}`).toBe(true);
}

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length]!;
const run = <T>(property: fc.IAsyncPropertyWithHooks<[T]>) =>
  fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });

const routePath = fc.oneof(
  fc.constantFrom('/', '/career', '/karrier', '/kérdések', '/a/../b', '/a//b', '/x/', 'x', '/%2e%2e', '/index.html', '/404.html', '/_sitegen',
    '/_sitegen/builds/latest.json', '/_payload.json', '/en', '/hu', '/de', '/en/career', '/hu/karrier', '/ü', '/.well-known', '/site.css'),
  hostileText.map((text) => `/${text}`),
);

const ROUTE_FIELDS = ['id', 'template', 'content', 'parent', 'paths.en', 'paths.hu', 'paths.de', 'paths', 'layout'] as const;

const routeEdit = fc.oneof(
  fc.record({ kind: fc.constant('field' as const), route: fc.nat(), field: fc.constantFrom(...ROUTE_FIELDS), value: fc.oneof(anyValue, routePath) }),
  fc.record({ kind: fc.constant('remove' as const), route: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate' as const), route: fc.nat() }),
  fc.record({ kind: fc.constant('parent-cycle' as const), a: fc.nat(), b: fc.nat() }),
  fc.record({ kind: fc.constant('text' as const), corruption: textCorruption }),
);

function editRoutes(edit: typeof routeEdit extends fc.Arbitrary<infer T> ? T : never): Edits {
  const text = originals.get('content/routes.yaml')!;
  if (edit.kind === 'text') return new Map([['content/routes.yaml', corrupt(text, edit.corruption)]]);
  const doc = parseDocument(text);
  const routes = doc.toJS().routes as Array<Record<string, unknown>>;
  const index = (n: number) => n % routes.length;
  if (edit.kind === 'field') doc.setIn(['routes', index(edit.route), ...edit.field.split('.')], edit.value);
  else if (edit.kind === 'remove') doc.deleteIn(['routes', index(edit.route)]);
  else if (edit.kind === 'duplicate') doc.addIn(['routes'], routes[index(edit.route)]);
  else {
    doc.setIn(['routes', index(edit.a), 'parent'], routes[index(edit.b)]!.id);
    doc.setIn(['routes', index(edit.b), 'parent'], routes[index(edit.a)]!.id);
  }
  return new Map([['content/routes.yaml', doc.toString({ lineWidth: 0 })]]);
}

const FRONT_MATTER_FIELDS = [
  'title', 'description', 'summary', 'date', 'updated', 'author', 'tags', 'client', 'industry', 'technologies', 'results', 'quote',
  'projectTitle', 'beneficiary', 'projectId', 'amount', 'currency', 'start', 'end', 'funder', 'location', 'employment', 'employmentType', 'posted', 'duties', 'audience', 'steps', 'faq', 'extra',
] as const;

const frontMatterEdit = fc.oneof(
  fc.record({ kind: fc.constant('field' as const), file: fc.nat(), field: fc.constantFrom(...FRONT_MATTER_FIELDS), value: fc.option(anyValue, { nil: undefined }) }),
  fc.record({ kind: fc.constant('text' as const), file: fc.nat(), corruption: textCorruption }),
  fc.record({ kind: fc.constant('fences' as const), file: fc.nat(), variant: fc.constantFrom('no-close', 'no-open', 'crlf', 'bom', 'empty', 'only-fences', 'tabs') }),
);

/** The front matter block and the body of a content file. */
function splitFile(text: string): { frontMatter: string; body: string } {
  const end = text.indexOf('\n---', 4);
  return { frontMatter: text.slice(4, end + 1), body: text.slice(end + 4) };
}

function editFrontMatter(edit: typeof frontMatterEdit extends fc.Arbitrary<infer T> ? T : never): Edits {
  const file = pick(contentFiles, edit.file);
  const text = originals.get(file)!;
  const { frontMatter, body } = splitFile(text);
  let changed: string;
  if (edit.kind === 'field') {
    const doc = parseDocument(frontMatter);
    if (edit.value === undefined) doc.delete(edit.field);
    else doc.set(edit.field, edit.value);
    changed = `---\n${doc.toString({ lineWidth: 0 })}---${body}`;
  } else if (edit.kind === 'text') {
    changed = `---\n${corrupt(frontMatter, edit.corruption)}---${body}`;
  } else {
    changed = {
      'no-close': () => `---\n${frontMatter}${body}`,
      'no-open': () => `${frontMatter}---${body}`,
      crlf: () => text.replace(/\n/g, '\r\n'),
      bom: () => `\uFEFF${text}`,
      empty: () => '',
      'only-fences': () => `---\n---${body}`,
      tabs: () => `---\n${frontMatter.replace(/^ {2}/gm, '\t')}---${body}`,
    }[edit.variant]();
  }
  return new Map([[file, changed]]);
}

const markdownEdit = fc.oneof(
  fc.record({ kind: fc.constant('body' as const), file: fc.nat(), body: markdownBody, append: fc.boolean() }),
  fc.record({ kind: fc.constant('text' as const), file: fc.nat(), corruption: textCorruption }),
);

function editMarkdown(edit: typeof markdownEdit extends fc.Arbitrary<infer T> ? T : never): Edits {
  const file = pick(contentFiles, edit.file);
  const text = originals.get(file)!;
  const { frontMatter, body } = splitFile(text);
  if (edit.kind === 'text') return new Map([[file, `---\n${frontMatter}---${corrupt(body, edit.corruption)}`]]);
  return new Map([[file, `---\n${frontMatter}---\n${edit.append ? `${body}\n` : ''}${edit.body}\n`]]);
}

const localeEdit = fc.oneof(
  fc.record({ kind: fc.constant('value' as const), locale: fc.constantFrom(...LOCALES), key: fc.nat(), value: fc.oneof(anyValue, icuMessage) }),
  fc.record({ kind: fc.constant('remove' as const), locale: fc.constantFrom(...LOCALES), key: fc.nat() }),
  fc.record({
    kind: fc.constant('add' as const),
    locale: fc.constantFrom(...LOCALES),
    name: fc.oneof(hostileText, fc.constantFrom('', 'a.b', 'ő', 'widgets', 'nav', '__proto__', 'constructor')),
    value: fc.oneof(anyValue, icuMessage),
  }),
  fc.record({ kind: fc.constant('text' as const), locale: fc.constantFrom(...LOCALES), corruption: textCorruption }),
);

function editLocale(edit: typeof localeEdit extends fc.Arbitrary<infer T> ? T : never): Edits {
  const file = `locales/${edit.locale}.json`;
  const text = originals.get(file)!;
  if (edit.kind === 'text') return new Map([[file, corrupt(text, edit.corruption)]]);
  const messages = JSON.parse(text) as Record<string, unknown>;
  if (edit.kind === 'add') {
    // defineProperty: "__proto__" becomes a key of the file, as a translator could write it.
    Object.defineProperty(messages, edit.name, { value: edit.value, enumerable: true, configurable: true, writable: true });
  } else {
    const keyPath = pick(messageKeys, edit.key).split('.');
    const parent = keyPath.slice(0, -1).reduce((node, key) => node[key] as Record<string, unknown>, messages);
    if (edit.kind === 'remove') delete parent[keyPath.at(-1)!];
    else parent[keyPath.at(-1)!] = edit.value;
  }
  return new Map([[file, `${JSON.stringify(messages, null, 2)}\n`]]);
}

const icuEdit = fc.record({ key: fc.nat(), locales: fc.subarray([...LOCALES], { minLength: 1 }), message: icuMessage });

function editMessage(edit: typeof icuEdit extends fc.Arbitrary<infer T> ? T : never): Edits {
  const keyPath = pick(messageKeys, edit.key).split('.');
  const edits: Edits = new Map();
  for (const locale of edit.locales) {
    const file = `locales/${locale}.json`;
    const messages = JSON.parse(originals.get(file)!) as Record<string, unknown>;
    const parent = keyPath.slice(0, -1).reduce((node, key) => node[key] as Record<string, unknown>, messages);
    parent[keyPath.at(-1)!] = edit.message;
    edits.set(file, `${JSON.stringify(messages, null, 2)}\n`);
  }
  return edits;
}

describe(`builds of broken and hostile sources (fast-check, seed ${SEED}, ${RUNS} runs each)`, () => {
  it('route tables', { timeout: 300_000 }, () => run(fc.asyncProperty(routeEdit, (edit) => buildChecked(editRoutes(edit)))));
  it('front matter', { timeout: 300_000 }, () => run(fc.asyncProperty(frontMatterEdit, (edit) => buildChecked(editFrontMatter(edit)))));
  it('Markdown bodies', { timeout: 300_000 }, () => run(fc.asyncProperty(markdownEdit, (edit) => buildChecked(editMarkdown(edit)))));
  it('locale files', { timeout: 300_000 }, () => run(fc.asyncProperty(localeEdit, (edit) => buildChecked(editLocale(edit)))));
  it('ICU messages', { timeout: 300_000 }, () => run(fc.asyncProperty(icuEdit, (edit) => buildChecked(editMessage(edit)))));
});
