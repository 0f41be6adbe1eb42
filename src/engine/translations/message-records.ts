import type { Problems } from '../diagnostics/diagnostic';
import { readJsonTree } from '../read/json-tree';
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
  const hint = `it is written by "sitegen translations mark": fix it by hand, or delete it and mark the messages again`;
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(file.text) as Record<string, unknown>;
  } catch (error) {
    problems.add('translations/invalid-records', `invalid JSON: ${(error as Error).message}`, { file: file.path, hint });
    return records;
  }
  const { source, duplicateKeyAt } = readJsonTree(file.text, file.path);
  if (duplicateKeyAt !== undefined) {
    problems.add('translations/invalid-records', 'a message key is given twice', { ...source.locate(duplicateKeyAt), hint });
    return records;
  }
  if (source.root.kind !== 'object') {
    problems.add('translations/invalid-records', 'the records of a locale\'s messages are a JSON object of message key to record', { file: file.path, hint });
    return records;
  }
  for (const { key, keyOffset } of source.root.entries) {
    const record = translationFieldSchema.safeParse(data[key]);
    if (!record.success) {
      problems.add('translations/invalid-records', `the record of "${key}" is not { "source": "<hash>", "marked": "<time>" }`, { ...source.locate(keyOffset), hint });
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
