import type { Locale } from '../../shared/locales';
import type { Problems } from '../diagnostics/diagnostic';
import type { SourceText } from '../read/text-files';
import { parseMessageRecords } from '../translations/message-records';
import { outdatedWarnings } from '../translations/outdated-warnings';
import type { TranslationRecord } from '../translations/record';
import { translationSettingsOf } from '../translations/settings';
import { contentStates, messageStates } from '../translations/states';
import type { ParsedSite } from './parse-step';
import type { ReadSite } from './read-step';
import type { BuildRun } from './run';

/**
 * Step 2b: a warning for each translation whose source changed since it was marked
 * (`translations/`). Hashes only, from what steps 1 and 2 read: no git, no file read again.
 */
export function warnOfOutdatedTranslations(run: BuildRun, read: ReadSite, parsed: ParsedSite): void {
  const { translationFacts, sources } = read;
  if (!translationFacts) return;
  const settings = translationSettingsOf(run.config.site);
  const records = run.memory.once('message records', [...sources.messageRecords.values()].map((file) => `${file.path}\0${file.text}`).join('\0'), () => recordsOf(sources.messageRecords, run.problems));
  const items = [...contentStates(parsed.routes, settings, (file) => translationFacts.get(file)), ...messageStates(settings, parsed.catalog, records)];
  run.warnings.push(...outdatedWarnings(items, run.config.root));
}

function recordsOf(files: ReadonlyMap<Locale, SourceText>, problems: Problems): Partial<Record<Locale, ReadonlyMap<string, TranslationRecord>>> {
  const records: Partial<Record<Locale, ReadonlyMap<string, TranslationRecord>>> = {};
  for (const [locale, file] of files) records[locale] = parseMessageRecords(file, problems);
  return records;
}
