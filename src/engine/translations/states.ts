import { localizedUrl, type Locale } from '../../shared/locales';
import type { SourceLocation } from '../diagnostics/diagnostic';
import type { Route } from '../plan/route-table';
import type { FileFacts } from './file-facts';
import { messageSourceHash } from './source-hash';
import type { TranslationRecord } from './record';
import type { TranslationSettings } from './settings';

/**
 * A translation's state against its source: `current` (it records the source's hash as it is
 * now), `outdated` (the source changed since it was marked), `missing` (no such file or key),
 * `unmarked` (there, but no version of the source was ever recorded).
 */
export type TranslationState = 'current' | 'outdated' | 'missing' | 'unmarked';

/** One route's content, or one message, in one translated locale. */
export interface TranslationItem {
  kind: 'content' | 'message';
  /** The route id, or the message key (`nav.blog`). */
  id: string;
  locale: Locale;
  state: TranslationState;
  /** The source's file relative to the site folder (`content/en/about-us.md`, `locales/en.json`) and its hash now. */
  source: { file: string; hash: string };
  /** The translation's file relative to the site folder (`content/hu/about-us.md`, `locales/hu.json`). */
  file: string;
  /** Where a warning points: the record's line in front matter, or the key in the locale file. */
  line?: number | undefined;
  column?: number | undefined;
  /** What it records, when it records anything. */
  record?: TranslationRecord | undefined;
  /** The translated page (content only). */
  url?: string | undefined;
}

/** The locales that translate the source locale, in the site's order. */
export function translatedLocales(settings: TranslationSettings): Locale[] {
  return settings.locales.filter((locale) => locale !== settings.source);
}

/** The state of one translation, given the source's hash now. */
export function stateOf(record: TranslationRecord | undefined, sourceHash: string): TranslationState {
  if (!record) return 'unmarked';
  return record.source === sourceHash ? 'current' : 'outdated';
}

/**
 * Every route's content in every translated locale, in route table order. `factsOf` gives the
 * facts of a content file (relative to `content/`, `hu/about-us.md`), undefined when there is no
 * such file. A route whose source cannot be read is left out (the build reports why). The state
 * depends on the texts only: a route or file renamed keeps it.
 */
export function contentStates(routes: readonly Route[], settings: TranslationSettings, factsOf: (file: string) => FileFacts | undefined): TranslationItem[] {
  const items: TranslationItem[] = [];
  const seen = new Set<string>();
  for (const route of routes) {
    // Two routes on one content name are one translation.
    if (seen.has(route.content)) continue;
    seen.add(route.content);
    const sourceFile = `${settings.source}/${route.content}.md`;
    const source = factsOf(sourceFile);
    if (source?.role !== 'source' || source.hash === undefined) continue;
    for (const locale of translatedLocales(settings)) {
      const file = `${locale}/${route.content}.md`;
      const facts = factsOf(file);
      const record = facts?.role === 'translation' ? facts.record : undefined;
      items.push({
        kind: 'content',
        id: route.id,
        locale,
        state: facts ? stateOf(record, source.hash) : 'missing',
        source: { file: `content/${sourceFile}`, hash: source.hash },
        file: `content/${file}`,
        line: record?.line,
        column: record ? 1 : undefined,
        record: record && { source: record.source, marked: record.marked },
        url: localizedUrl(route.paths[locale]!, locale, locale !== settings.defaultLocale),
      });
    }
  }
  return items;
}

/** A message of a locale file: its text and where its key is written. */
export interface MessageText {
  text: string;
  at: SourceLocation;
}

/**
 * Every message of the source locale in every translated locale, in the source file's order.
 * `records`: each translated locale's records (`locales/<locale>.translations.json`).
 */
export function messageStates(
  settings: TranslationSettings,
  messages: Partial<Record<Locale, ReadonlyMap<string, MessageText>>>,
  records: Partial<Record<Locale, ReadonlyMap<string, TranslationRecord>>>,
): TranslationItem[] {
  const items: TranslationItem[] = [];
  const sources = messages[settings.source];
  if (!sources) return items;
  const locales = translatedLocales(settings).filter((locale) => messages[locale]);
  for (const [key, message] of sources) {
    const hash = messageSourceHash(message.text);
    for (const locale of locales) {
      const translated = messages[locale]!.get(key);
      const record = records[locale]?.get(key);
      items.push({
        kind: 'message',
        id: key,
        locale,
        state: translated ? stateOf(record, hash) : 'missing',
        source: { file: `locales/${settings.source}.json`, hash },
        file: `locales/${locale}.json`,
        line: translated?.at.line,
        column: translated?.at.column,
        record,
      });
    }
  }
  return items;
}
