import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isLocale } from '../shared/locales';
import { splitFrontMatter } from './front-matter-split';
import { EARLY_PARSES, type ParsedAhead } from './markdown-jobs';
import { createMarkdownRenderer } from './markdown';

/**
 * Reads the content folder on its own and parses the first bodies, in the order the build
 * lists them, before the build has sent them: a guess, which the worker keeps only for bodies
 * that the build then sends with the same text. Anything unreadable is simply not guessed.
 */
export function readAhead(contentDir: string): Map<string, ParsedAhead> {
  const ahead = new Map<string, ParsedAhead>();
  let keys: string[];
  try {
    keys = readdirSync(contentDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
      .map((entry) => path.relative(contentDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .filter((key) => isLocale(key.split('/', 1)[0]))
      .sort();
  } catch {
    return ahead;
  }
  const renderer = createMarkdownRenderer();
  for (const key of keys.slice(0, EARLY_PARSES)) {
    let text: string;
    try {
      text = readFileSync(path.join(contentDir, key), 'utf8');
    } catch {
      continue;
    }
    const split = splitFrontMatter(text);
    if (split) ahead.set(key, { body: split.body, tree: renderer.parse(split.body) });
  }
  return ahead;
}
