import type { Locale } from '../../shared/locales';
import type { Problems } from '../diagnostics/diagnostic';
import type { Message } from './messages';
import { describePlaceholders } from './placeholders';

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
          `message "${key}" has placeholders ${describePlaceholders(translated.placeholders)} but ${defaultLocale} has ${describePlaceholders(message.placeholders)}`,
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
