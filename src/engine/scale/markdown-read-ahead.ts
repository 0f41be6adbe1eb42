import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { splitFrontMatter } from '../read/front-matter-split';
import { EARLY_PARSES, type ParsedAhead } from '../markdown/markdown-stage';
import { createMarkdownRenderer } from '../markdown/markdown';

/** Larger bodies are not parsed ahead: the build may refuse them (`limits` in site.yaml). */
const GUESS_LIMIT = 1_000_000;

/**
 * Reads the content folder on its own and parses the first bodies before the build has sent
 * them: a guess, which the worker keeps only for bodies that the build then sends with the same
 * text. Anything unreadable is simply not guessed. All at once (for tests; see `readAheadInTurns`).
 */
export function readAhead(contentDir: string): Map<string, ParsedAhead> {
  const ahead = new Map<string, ParsedAhead>();
  for (const _ of aheadSteps(contentDir, ahead));
  return ahead;
}

/**
 * Reads ahead one body per turn of the event loop, so that the build's requests are answered
 * between two bodies: a render request need not wait for the whole guess. `stop` ends it.
 */
export function readAheadInTurns(contentDir: string): { ahead: Map<string, ParsedAhead>; stop(): void } {
  const ahead = new Map<string, ParsedAhead>();
  const steps = aheadSteps(contentDir, ahead);
  let stopped = false;
  const turn = () => {
    if (!stopped && !steps.next().done) setImmediate(turn);
  };
  turn();
  return { ahead, stop: () => void (stopped = true) };
}

/**
 * Reads and parses the first bodies, one per step, in the order the build will render their
 * pages as far as a glance at the route table tells (each route's `content:` in table order,
 * in every locale), then the rest in sorted order: the first pages' bodies are ready first.
 */
function* aheadSteps(contentDir: string, ahead: Map<string, ParsedAhead>): Generator<void> {
  const locales = localesGlanced(contentDir);
  let keys: string[];
  try {
    keys = readdirSync(contentDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
      .map((entry) => path.relative(contentDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .filter((key) => isPage(key, locales))
      .sort();
  } catch {
    return;
  }
  keys = inPageOrder(keys, contentDir, locales);
  const renderer = createMarkdownRenderer();
  for (const key of keys.slice(0, EARLY_PARSES)) {
    let text: string;
    try {
      const bytes = readFileSync(path.join(contentDir, key));
      // A file past a size the build may refuse (limits in site.yaml) is no guess worth a parse.
      if (bytes.length > GUESS_LIMIT) continue;
      text = bytes.toString('utf8');
    } catch {
      continue;
    }
    const split = splitFrontMatter(text);
    if (split) ahead.set(key, { body: split.body, tree: renderer.parse(split.body) });
    yield;
  }
}

/**
 * The site's locales in the order of its settings, as a glance at them tells: the read-ahead
 * starts before the settings are read. The `code:` entries of `site.yaml` give the order; the
 * locale files beside `content/` (`locales/hu.json`, one per language) say which exist.
 * Undefined when neither tells: then every folder is a guess.
 */
function localesGlanced(contentDir: string): string[] | undefined {
  const code = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})?$/;
  let files: string[] = [];
  try {
    files = readdirSync(path.join(contentDir, '..', 'locales')).flatMap((file) => (file.endsWith('.json') && code.test(file.slice(0, -5)) ? [file.slice(0, -5)] : []));
  } catch {
    // No locale files: the settings alone.
  }
  let listed: string[] = [];
  try {
    listed = [...readFileSync(path.join(contentDir, 'site.yaml'), 'utf8').matchAll(/\bcode:\s*["']?([a-z0-9-]+)/g)].map((match) => match[1]!).filter((locale) => code.test(locale));
  } catch {
    // No settings: the locale files alone.
  }
  const ordered = [...new Set([...listed.filter((locale) => files.length === 0 || files.includes(locale)), ...files.sort()])];
  return ordered.length > 0 ? ordered : undefined;
}

/** A Markdown file in a locale's folder (`hu/career.md`): a guess costs only a parse when wrong. */
function isPage(key: string, locales: readonly string[] | undefined): boolean {
  const slash = key.indexOf('/');
  return slash > 0 && (locales === undefined || locales.includes(key.slice(0, slash)));
}

/** `keys` with those the route table names first, route by route and locale by locale. */
function inPageOrder(keys: string[], contentDir: string, locales: readonly string[] | undefined): string[] {
  let table: string;
  try {
    table = readFileSync(path.join(contentDir, 'routes.yaml'), 'utf8');
  } catch {
    return keys;
  }
  const present = new Set(keys);
  const folders = locales ?? [...new Set(keys.map((key) => key.split('/', 1)[0]!))];
  const first = new Set<string>();
  for (const [, name] of table.matchAll(/^\s*content:\s*["']?([^"'\s#]+)/gm)) {
    for (const locale of folders) {
      const key = `${locale}/${name}.md`;
      if (present.has(key)) first.add(key);
    }
  }
  return [...first, ...keys.filter((key) => !first.has(key))];
}
