import path from 'node:path';
import { Problems } from '../../engine/diagnostics/diagnostic';
import { compareLocales, readLocaleFile, type Message } from '../../engine/messages/messages';
import type { SourceText } from '../../engine/read/read-sources';
import { LOCALES, type Locale } from '../../shared/locales';
import type { Finding } from '../finding';

/**
 * The translation files, checked by the engine's own message parser: every message parses
 * as ICU and covers its locale's plural categories, and every locale has the default
 * locale's keys with the same placeholders. Each finding has its file, line and column.
 */
export function checkMessages(root: string, files: ReadonlyMap<Locale, SourceText>): Finding[] {
  const problems = new Problems();
  const catalog: Partial<Record<Locale, ReadonlyMap<string, Message>>> = {};
  const broken = new Set<string>();
  for (const locale of LOCALES) {
    const file = files.get(locale);
    if (!file) {
      problems.add('messages/missing-file', `there is no locales/${locale}.json`, { file: path.join(root, 'locales', `${locale}.json`), hint: 'create it with the same keys as locales/en.json' });
      continue;
    }
    catalog[locale] = readLocaleFile(locale, file.path, file.text, problems, broken);
  }
  compareLocales(catalog, files, problems, broken);
  return problems.errors;
}
