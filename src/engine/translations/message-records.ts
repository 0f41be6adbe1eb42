import { isMap, isScalar, type Pair } from 'yaml';
import type { Problems } from '../diagnostics/diagnostic';
import { parseYamlSource } from '../read/yaml-source';
import { translationFieldSchema, type TranslationRecord } from './record';

/**
 * The records of a locale's messages live beside its messages, not in them, so that
 * `locales/<locale>.json` stays plain ICU JSON that any translation tool reads: one file per
 * translated locale, `locales/<locale>.translations.json`, an object of message key (dotted,
 * as `sitegen translations` and the warnings name it) to record, one key per line.
 */
export function messageRecordsFile(locale: string): string {
  return `locales/${locale}.translations.json`;
}

/** The records of a locale file's messages by key; problems of the file are located errors. */
export function parseMessageRecords(file: { path: string; text: string }, problems: Problems): Map<string, TranslationRecord> {
  const records = new Map<string, TranslationRecord>();
  const source = parseYamlSource(file.text, file.path, problems);
  if (!source) return records;
  const hint = `it is written by "sitegen translations mark": fix it by hand, or delete it and mark the messages again`;
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(file.text) as Record<string, unknown>;
  } catch (error) {
    problems.add('translations/invalid-records', `invalid JSON: ${(error as Error).message}`, { file: file.path, hint });
    return records;
  }
  if (!isMap(source.doc.contents)) {
    problems.add('translations/invalid-records', 'the records of a locale\'s messages are a JSON object of message key to record', { file: file.path, hint });
    return records;
  }
  for (const pair of source.doc.contents.items as Pair[]) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    const record = translationFieldSchema.safeParse(data[key]);
    if (!record.success) {
      const offset = (pair.key as { range?: [number, number, number] } | null)?.range?.[0] ?? 0;
      const { line, col } = source.lines.linePos(offset);
      problems.add('translations/invalid-records', `the record of "${key}" is not { "source": "<hash>", "marked": "<time>" }`, { file: file.path, line, column: col, hint });
      continue;
    }
    records.set(key, record.data);
  }
  return records;
}

/** The file's text: one key per line, in the order given, so that a change is one line of a diff. */
export function messageRecordsText(records: Iterable<readonly [string, TranslationRecord]>): string {
  const lines = [...records].map(([key, { source, marked }]) => `  ${JSON.stringify(key)}: { "source": ${JSON.stringify(source)}, "marked": ${JSON.stringify(marked)} }`);
  return lines.length === 0 ? '{}\n' : `{\n${lines.join(',\n')}\n}\n`;
}
