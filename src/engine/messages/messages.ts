import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { isMap, isScalar, type Pair, type YAMLMap } from 'yaml';
import type { Locale, SiteLocales } from '../../shared/locales';
import type { Problems, SourceLocation } from '../diagnostics/diagnostic';
import { parseYamlSource, type YamlSource } from '../read/yaml-source';

/** One message of a locale file, with where it is written. */
export interface Message {
  key: string;
  text: string;
  ast: MessageFormatElement[];
  /** Placeholder names with their kind (`count:plural`), sorted. */
  placeholders: string[];
  at: SourceLocation;
}

/** Every locale's messages by dotted key (`nav.blog`). */
export type MessageCatalog = Readonly<Record<Locale, ReadonlyMap<string, Message>>>;

/** Messages under this key are shipped to the browser for the widgets. */
export const CLIENT_MESSAGE_PREFIX = 'widgets.';

/**
 * Reads `locales/<locale>.json`: nested objects of ICU messages. Each message must parse and
 * cover the plural categories of its locale; every locale must have the same keys as the
 * default locale, with the same placeholders.
 */
export function parseMessages(
  files: ReadonlyMap<Locale, { path: string; text: string }>,
  locales: SiteLocales,
  problems: Problems,
  /** The file a missing locale file would be (its path is in the error). */
  fileOf: (locale: Locale) => string | undefined = () => undefined,
): MessageCatalog | undefined {
  const catalog = {} as Record<Locale, Map<string, Message>>;
  for (const { code: locale } of locales.all) {
    const file = files.get(locale);
    if (!file) {
      problems.add('messages/missing-file', `there is no locales/${locale}.json`, { file: fileOf(locale), hint: `create it with the same keys as locales/${locales.default}.json` });
      continue;
    }
    const messages = readLocaleFile(locale, file.path, file.text, problems);
    if (messages) catalog[locale] = messages;
  }
  if (!problems.ok) return undefined;
  compareLocales(catalog, files, locales.default, problems);
  return problems.ok ? catalog : undefined;
}

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
  const source = parseYamlSource(text, file, problems);
  if (!source) return undefined;
  if (!isMap(source.doc.contents)) {
    problems.add('messages/not-an-object', 'a locale file is a JSON object of messages', { file, hint: 'wrap the messages in { }' });
    return undefined;
  }
  const messages = new Map<string, Message>();
  collect({ locale, source, out: messages, problems, broken }, source.doc.contents, '');
  return messages;
}

interface Collecting {
  locale: Locale;
  source: YamlSource;
  out: Map<string, Message>;
  problems: Problems;
  broken: Set<string>;
}

function collect(into: Collecting, map: YAMLMap, prefix: string): void {
  const { locale, source, out, problems, broken } = into;
  for (const pair of map.items as Pair[]) {
    const name = isScalar(pair.key) ? String(pair.key.value) : '';
    const key = prefix + name;
    const at = position(source, pair.key);
    if (!/^[A-Za-z0-9_-]+$/.test(name)) {
      problems.add('messages/invalid-key', `message key "${name}" has characters other than letters, digits, "_" and "-"`, at);
      broken.add(key);
      continue;
    }
    if (isMap(pair.value)) {
      collect(into, pair.value, `${key}.`);
      continue;
    }
    if (!isScalar(pair.value) || typeof pair.value.value !== 'string') {
      problems.add('messages/not-a-string', `message "${key}" is not a string`, { ...at, hint: 'write the message in double quotes, or nest an object of messages' });
      broken.add(key);
      continue;
    }
    const text = pair.value.value;
    const valueAt = position(source, pair.value);
    try {
      const ast = parse(text, { requiresOtherClause: true });
      const placeholders = placeholdersOf(ast);
      if (key.startsWith(CLIENT_MESSAGE_PREFIX) && placeholders.some((p) => !WIDGET_KINDS.test(p))) {
        problems.add('messages/widget-placeholder', `widget message "${key}" uses ${describe(placeholders.filter((p) => !WIDGET_KINDS.test(p)))}`, {
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

function position(source: YamlSource, node: unknown): SourceLocation {
  const range = (node as { range?: [number, number, number] }).range;
  const { line, col } = source.lines.linePos(range?.[0] ?? 0);
  return { file: source.file, line, column: col };
}

/** The placeholder kinds the widgets' small formatter (`src/shared/format-message.ts`) knows. */
const WIDGET_KINDS = /:(text|plural|select)$/;

const KIND: Partial<Record<TYPE, string>> = {
  [TYPE.argument]: 'text',
  [TYPE.number]: 'number',
  [TYPE.date]: 'date',
  [TYPE.time]: 'time',
  [TYPE.select]: 'select',
  [TYPE.plural]: 'plural',
  [TYPE.tag]: 'tag',
};

function placeholdersOf(ast: MessageFormatElement[]): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      const kind = KIND[element.type];
      if (kind && 'value' in element) found.add(`${element.value}:${kind}`);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      if ('children' in element) walk(element.children);
    }
  };
  walk(ast);
  return [...found].sort();
}

/** A plural (or selectordinal) argument without a case for a category its locale uses. */
export interface MissingPluralCase {
  argument: string;
  kind: 'plural' | 'selectordinal';
  category: Intl.LDMLPluralRule;
  /** Every category the locale uses for this kind, `other` last. */
  needed: Intl.LDMLPluralRule[];
}

/**
 * The plural cases a message lacks for `locale`: each `{n, plural, …}` needs a case for every
 * category of `Intl.PluralRules(locale)` (ordinal rules for `selectordinal`). Exact matches
 * (`=1`) do not count: in many languages `one` covers more numbers than 1.
 */
export function missingPluralCases(ast: MessageFormatElement[], locale: string): MissingPluralCase[] {
  const missing: MissingPluralCase[] = [];
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.plural) {
        const kind = element.pluralType === 'ordinal' ? 'selectordinal' : 'plural';
        const needed = pluralCategories(locale, element.pluralType ?? 'cardinal');
        for (const category of needed) {
          if (!(category in element.options)) missing.push({ argument: element.value, kind, category, needed });
        }
      }
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      if ('children' in element) walk(element.children);
    }
  };
  walk(ast);
  return missing;
}

const CATEGORY_ORDER: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

function pluralCategories(locale: string, type: Intl.PluralRuleType): Intl.LDMLPluralRule[] {
  const categories = new Set(new Intl.PluralRules(locale, { type }).resolvedOptions().pluralCategories);
  return CATEGORY_ORDER.filter((category) => categories.has(category) || category === 'other');
}

/**
 * Every locale has the default locale's keys, with the same placeholders, and no others.
 * Locales missing from `catalog` (a file that did not parse) and `ignored` keys (messages
 * already reported as wrong) are skipped.
 */
export function compareLocales(
  catalog: Partial<Record<Locale, ReadonlyMap<string, Message>>>,
  files: ReadonlyMap<Locale, { path: string }>,
  defaultLocale: Locale,
  problems: Problems,
  ignored: ReadonlySet<string> = new Set(),
): void {
  const reference = catalog[defaultLocale];
  if (!reference) return;
  for (const [locale, messages] of Object.entries(catalog)) {
    if (locale === defaultLocale || !messages) continue;
    for (const [key, message] of reference) {
      if (ignored.has(key)) continue;
      const translated = messages.get(key);
      if (!translated) {
        const after = messageBefore(key, reference, messages);
        problems.add('messages/missing-key', `message "${key}" is missing in ${locale}`, {
          ...(after?.at ?? { file: files.get(locale)!.path }),
          hint: `add "${key}"${after ? ` after "${after.key}"` : ''} (in ${defaultLocale}: "${message.text}")`,
        });
      } else if (translated.placeholders.join() !== message.placeholders.join()) {
        problems.add(
          'messages/placeholder-mismatch',
          `message "${key}" has placeholders ${describe(translated.placeholders)} but ${defaultLocale} has ${describe(message.placeholders)}`,
          { ...translated.at, hint: 'use the same placeholder names and kinds in every locale' },
        );
      }
    }
    for (const [key, message] of messages) {
      if (!reference.has(key) && !ignored.has(key)) {
        problems.add('messages/extra-key', `message "${key}" is not in ${defaultLocale}`, {
          ...message.at,
          hint: `add it to locales/${defaultLocale}.json, or remove it here`,
        });
      }
    }
  }
}

/** Where a missing message belongs: the message of its group that precedes it in the default locale. */
function messageBefore(key: string, reference: ReadonlyMap<string, Message>, translated: ReadonlyMap<string, Message>): Message | undefined {
  const groupOf = (name: string) => name.slice(0, name.lastIndexOf('.') + 1);
  const group = groupOf(key);
  let before: Message | undefined;
  for (const other of reference.keys()) {
    if (other === key) break;
    if (groupOf(other) === group) before = translated.get(other) ?? before;
  }
  return before;
}

function describe(placeholders: string[]): string {
  if (placeholders.length === 0) return 'none';
  return placeholders.map((p) => (p.endsWith(':text') ? `{${p.slice(0, -5)}}` : `{${p.replace(':', ', ')}}`)).join(' ');
}
