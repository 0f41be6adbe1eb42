import path from 'node:path';
import { isMap, isScalar, type Pair, type YAMLMap } from 'yaml';
import type { Locale } from '../../shared/locales';
import { resolveConfig } from '../config/resolve-config';
import { Problems, type SourceLocation } from '../diagnostics/diagnostic';
import { parseRouteTable, type Route } from '../plan/route-table';
import { splitFrontMatter } from '../read/front-matter-split';
import { readTranslationSources } from '../read/read-sources';
import type { ContentSource, SourceText } from '../read/text-files';
import { parseYamlSource, type YamlSource } from '../read/yaml-source';
import { contentFacts, type ContentFileParts, type FileFacts } from './file-facts';
import { parseMessageRecords } from './message-records';
import type { TranslationRecord } from './record';
import { translationSettingsOf, type TranslationSettings } from './settings';
import { contentStates, messageStates, type MessageText, type TranslationItem } from './states';

/** Everything `sitegen translations` (and `check`) knows of a site's translations, read from its sources. */
export interface SiteTranslations {
  root: string;
  settings: TranslationSettings;
  routes: readonly Route[];
  /** Every route's content and every message in every translated locale. */
  items: TranslationItem[];
  content: ReadonlyMap<string, ContentSource>;
  locales: ReadonlyMap<Locale, SourceText>;
  messages: Partial<Record<Locale, ReadonlyMap<string, MessageText>>>;
  records: Partial<Record<Locale, ReadonlyMap<string, TranslationRecord>>>;
}

/**
 * Reads what the translations' state is computed from (route table, settings, content, locale
 * files and their records) and computes it, as the build does from the same sources. Errors
 * that leave it unknown (a route table or settings that do not parse, a file without front
 * matter, a source that is missing) are thrown together as a `BuildFailure`.
 */
export async function readSiteTranslations(root: string): Promise<SiteTranslations> {
  const { site } = await resolveConfig({ root, write: false });
  const settings = translationSettingsOf(site);
  const problems = new Problems();
  const sources = await readTranslationSources(root, settings.locales, problems);
  problems.throwIfAny();
  const routes = parseRouteTable(sources.routes!.text, sources.routes!.path, site.locales, problems);
  problems.throwIfAny();

  const split = new Map<string, ContentFileParts>();
  for (const [name, source] of sources.content) {
    const parts = splitFrontMatter(source.text);
    if (parts) split.set(name, { frontMatter: parts.frontMatter, job: { body: parts.body } });
    else problems.add('content/no-front-matter', 'the file has no front matter', { file: source.path, hint: 'start it with a "---" line, then title and description, then another "---" line' });
  }
  const facts = contentFacts(sources.content, split, settings);
  noSourceProblems(routes!, settings, facts, root, problems);

  const messages: Partial<Record<Locale, ReadonlyMap<string, MessageText>>> = {};
  const records: Partial<Record<Locale, ReadonlyMap<string, TranslationRecord>>> = {};
  for (const locale of settings.locales) {
    const file = sources.locales.get(locale);
    if (file) messages[locale] = messageTextsOf(file, problems);
    const recordsFile = sources.messageRecords.get(locale);
    if (recordsFile) records[locale] = parseMessageRecords(recordsFile, problems);
  }
  problems.throwIfAny();
  const items = [...contentStates(routes!, settings, (file) => facts.get(file)), ...messageStates(settings, messages, records)];
  return { root, settings, routes: routes!, items, content: sources.content, locales: sources.locales, messages, records };
}

/** A route whose source is missing or unreadable has translations of nothing known. */
function noSourceProblems(routes: readonly Route[], settings: TranslationSettings, facts: ReadonlyMap<string, FileFacts>, root: string, problems: Problems): void {
  for (const route of routes) {
    const file = `${settings.source}/${route.content}.md`;
    const source = facts.get(file);
    if (source?.role === 'source' && source.hash !== undefined) continue;
    const shown = path.join('content', file);
    problems.add('translations/no-source', source ? `${shown}, the source of route "${route.id}", has front matter that does not parse` : `${shown}, the source of route "${route.id}", does not exist`, {
      ...(source ? { file: path.join(root, shown) } : route.at.content),
      hint: source ? '"sitegen build" points at the error' : `create it, or correct the route's "content" name`,
    });
  }
}

/**
 * A locale file's messages by dotted key, with where each key is written; only what the state
 * needs (the build's own parser also checks the ICU, which a translation's state does not
 * depend on).
 */
export function messageTextsOf(file: SourceText, problems: Problems): Map<string, MessageText> {
  const texts = new Map<string, MessageText>();
  const source = parseYamlSource(file.text, file.path, problems);
  if (!source || !isMap(source.doc.contents)) return texts;
  const walk = (map: YAMLMap, prefix: string) => {
    for (const pair of map.items as Pair[]) {
      const key = `${prefix}${isScalar(pair.key) ? String(pair.key.value) : ''}`;
      if (isMap(pair.value)) walk(pair.value, `${key}.`);
      else if (isScalar(pair.value) && typeof pair.value.value === 'string') texts.set(key, { text: pair.value.value, at: locationOf(source, pair.key) });
    }
  };
  walk(source.doc.contents, '');
  return texts;
}

function locationOf(source: YamlSource, node: unknown): SourceLocation {
  const { line, col } = source.lines.linePos((node as { range?: [number, number, number] }).range?.[0] ?? 0);
  return { file: source.file, line, column: col };
}
