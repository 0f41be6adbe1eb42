import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { splitFrontMatter } from '../read/front-matter-split';
import { sourceContentOf } from './file-facts';
import { outdatedWarnings } from './outdated-warnings';
import type { TranslationSettings } from './settings';
import { readSiteTranslations, type SiteTranslations } from './site-state';
import { translatableText } from './source-hash';
import { sourceChanges, type SourceChange } from './source-history';
import type { TranslationItem } from './states';

export interface TranslationStatusOptions {
  /** The site folder; default: the current directory. */
  root?: string;
  /** Look up in git what changed in the source of each outdated translation (`sitegen translations`; never the build). */
  history?: boolean;
}

export interface TranslationStatusItem extends TranslationItem {
  /** With `history`, for an outdated translation: what changed in its source since it was marked. */
  change?: SourceChange;
}

export interface TranslationStatus {
  root: string;
  settings: TranslationSettings;
  /** Every route's content, then every message, in every translated locale. */
  items: TranslationStatusItem[];
  /** One `translations/outdated` warning per outdated translation, as the build prints them. */
  warnings: Diagnostic[];
}

/**
 * The state of every translation of the site in `root` against its source, computed from the
 * sources as the build computes it; with `history`, what changed in the source of each outdated
 * one, from git. Errors that leave the state unknown throw a `BuildFailure`.
 */
export async function translationStatus(options: TranslationStatusOptions = {}): Promise<TranslationStatus> {
  const root = path.resolve(options.root ?? '.');
  const site = await readSiteTranslations(root);
  const warnings = outdatedWarnings(site.items, root);
  if (!options.history) return { root, settings: site.settings, items: site.items, warnings };
  const outdated = site.items.filter((item) => item.state === 'outdated');
  const changes = await sourceChanges(root, site.settings, outdated, (item) => sourceTextNow(site, item));
  const items = site.items.map((item) => (changes.has(item) ? { ...item, change: changes.get(item)! } : item));
  return { root, settings: site.settings, items, warnings };
}

/** What the translation translates of its source now, as the history's versions are diffed. */
function sourceTextNow(site: SiteTranslations, item: TranslationItem): string {
  if (item.kind === 'message') return site.messages[site.settings.source]!.get(item.id)!.text;
  const file = site.content.get(item.source.file.slice('content/'.length))!;
  const source = sourceContentOf(splitFrontMatter(file.text)!, site.settings)!;
  return translatableText(source.fields, source.body);
}
