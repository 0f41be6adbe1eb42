import type { Locale, SiteLocales } from '../../shared/locales';
import type { Problems } from '../diagnostics/diagnostic';
import type { Message, MessageCatalog } from './messages';
import { readLocaleFile } from './locale-file';
import { compareLocales } from './compare-locales';

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
