import { parse } from '@formatjs/icu-messageformat-parser';
import type { Locale } from '../../shared/locales';
import type { Problems } from '../diagnostics/diagnostic';
import { readJsonTree, type JsonObject, type JsonSource } from '../read/json-tree';
import { CLIENT_MESSAGE_PREFIX, type Message } from './messages';
import { describePlaceholders, placeholdersOf, WIDGET_KINDS } from './placeholders';
import { missingPluralCases } from './plural-cases';

/**
 * The messages of one locale file by dotted key; its errors go to `problems`, and the keys of
 * messages that are there but wrong to `broken` (so they are not also reported missing).
 */
export function readLocaleFile(
  locale: Locale,
  file: string,
  text: string,
  problems: Problems,
  broken = new Set<string>(),
): Map<string, Message> | undefined {
  try {
    JSON.parse(text);
  } catch (error) {
    const offset = Number(/position (\d+)/.exec((error as Error).message)?.[1] ?? 0);
    const before = text.slice(0, offset).split('\n');
    problems.add('messages/invalid-json', `invalid JSON: ${(error as Error).message.replace(/ in JSON at position \d+.*$/, '')}`, {
      file,
      line: before.length,
      column: before[before.length - 1]!.length + 1,
      hint: 'check the quotes and commas around this place',
    });
    return undefined;
  }
  const { source, duplicateKeyAt } = readJsonTree(text, file);
  if (duplicateKeyAt !== undefined) {
    problems.add('messages/invalid-json', 'a key is given twice in the same object', { ...source.locate(duplicateKeyAt), hint: 'keep one of the two messages' });
    return undefined;
  }
  if (source.root.kind !== 'object') {
    problems.add('messages/not-an-object', 'a locale file is a JSON object of messages', { file, hint: 'wrap the messages in { }' });
    return undefined;
  }
  const messages = new Map<string, Message>();
  collect({ locale, source, out: messages, problems, broken }, source.root, '');
  return messages;
}

interface Collecting {
  locale: Locale;
  source: JsonSource;
  out: Map<string, Message>;
  problems: Problems;
  broken: Set<string>;
}

function collect(into: Collecting, object: JsonObject, prefix: string): void {
  const { locale, source, out, problems, broken } = into;
  for (const { key: name, keyOffset, value } of object.entries) {
    const key = prefix + name;
    const at = source.locate(keyOffset);
    if (!/^[A-Za-z0-9_-]+$/.test(name)) {
      problems.add('messages/invalid-key', `message key "${name}" has characters other than letters, digits, "_" and "-"`, at);
      broken.add(key);
      continue;
    }
    if (value.kind === 'object') {
      collect(into, value, `${key}.`);
      continue;
    }
    if (value.kind !== 'scalar' || typeof value.value !== 'string') {
      problems.add('messages/not-a-string', `message "${key}" is not a string`, { ...at, hint: 'write the message in double quotes, or nest an object of messages' });
      broken.add(key);
      continue;
    }
    const text = value.value;
    const valueAt = source.locate(value.offset);
    try {
      const ast = parse(text, { requiresOtherClause: true });
      const placeholders = placeholdersOf(ast);
      if (key.startsWith(CLIENT_MESSAGE_PREFIX) && placeholders.some((p) => !WIDGET_KINDS.test(p))) {
        problems.add('messages/widget-placeholder', `widget message "${key}" uses ${describePlaceholders(placeholders.filter((p) => !WIDGET_KINDS.test(p)))}`, {
          ...valueAt,
          hint: 'widget messages format in the browser with {name}, plural and select only',
        });
        broken.add(key);
        continue;
      }
      for (const missing of missingPluralCases(ast, locale)) {
        problems.add('messages/missing-plural-case', `message "${key}" has no "${missing.category}" case in {${missing.argument}, ${missing.kind}}, which ${locale} needs`, {
          ...valueAt,
          hint: `${locale} uses the ${missing.kind === 'plural' ? 'plural' : 'ordinal'} categories ${missing.needed.join(', ')}: add ${missing.category} {…}`,
        });
      }
      out.set(key, { key, text, ast, placeholders, at });
    } catch (error) {
      broken.add(key);
      const location = (error as { location?: { start: { column: number; line: number } } }).location;
      problems.add('messages/invalid-icu', `message "${key}" is not valid ICU: ${(error as Error).message}`, {
        file: source.file,
        line: valueAt.line,
        // +1 for the opening quote; exact for messages without escapes on one line.
        column: valueAt.column + (location?.start.line === 1 ? location.start.column : 1),
        hint: 'ICU placeholders look like {name}, {count, plural, one {# item} other {# items}}, {day, date, long}',
      });
    }
  }
}
