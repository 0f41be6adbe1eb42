import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '../../shared/locales';
import { writeInPlaceSync } from '../base/temporary-file';
import { BuildFailure, SiteError } from '../diagnostics/diagnostic';
import { CannotEdit, withTranslationRecord } from './edit-front-matter';
import { messageRecordsFile, messageRecordsText } from './message-records';
import type { TranslationRecord } from './record';
import { readSiteTranslations, type SiteTranslations } from './site-state';
import type { TranslationItem } from './states';

export interface MarkOptions {
  /** The site folder; default: the current directory. */
  root?: string;
  /**
   * What to mark as translating the source as it is now: a translated content file
   * (`content/hu/about-us.md`), a source file (all its translations), a locale file
   * (`locales/hu.json`: all its messages), `<locale>:<key>` (`hu:nav.blog`), or a key alone (in
   * every translated locale). Paths are relative to `cwd`, or to the site folder.
   */
  targets?: readonly string[];
  /** Every translation there is, for a site that adopts translation records. */
  all?: boolean;
  /** Where relative paths start; default: the current directory. */
  cwd?: string;
  /** The time recorded; default: now. */
  now?: Date;
}

export interface MarkResult {
  /** Translations whose record was written, with the record they had before. */
  marked: TranslationItem[];
  /** Translations that recorded the source as it is already: left as they were. */
  current: TranslationItem[];
  /** Translations that do not exist (with `all`): nothing to mark. */
  missing: TranslationItem[];
  /** The files written, relative to the site folder. */
  files: string[];
}

/**
 * Records that translations translate their source as it is now: in a content file, its
 * `translation` field (nothing else of the file changes); for messages, their entries in
 * `locales/<locale>.translations.json`. A translation that is current already is left alone, so
 * marking twice changes nothing. Targets that name no translation fail before anything is written.
 */
export async function markTranslations(options: MarkOptions): Promise<MarkResult> {
  const root = path.resolve(options.root ?? '.');
  const site = await readSiteTranslations(root);
  const { items: chosen, named } = options.all ? { items: site.items, named: new Set<TranslationItem>() } : chosenItems(site, options.targets ?? [], path.resolve(options.cwd ?? '.'));
  const record: TranslationRecord = { source: '', marked: isoTime(options.now ?? new Date()) };
  // A translation named itself must be there; of a source's or a locale file's, those that are.
  const absent = chosen.filter((item) => item.state === 'missing' && named.has(item));
  if (absent.length > 0) {
    throw new BuildFailure(absent.map((item) => new SiteError('translations/unknown-target', item.kind === 'content' ? `${item.file} does not exist: there is nothing to mark` : `message "${item.id}" is not in ${item.file}: there is nothing to mark`, { hint: `translate ${item.source.file} first` })));
  }
  const missing = chosen.filter((item) => item.state === 'missing');
  const toMark = chosen.filter((item) => item.state === 'outdated' || item.state === 'unmarked');

  // Every edit is made before any file is written: a front matter that cannot be edited stops them all.
  const writes = new Map<string, string>();
  const errors: SiteError[] = [];
  for (const item of toMark.filter((each) => each.kind === 'content')) {
    const file = path.join(root, item.file);
    try {
      writes.set(item.file, withTranslationRecord(writes.get(item.file) ?? readFileSync(file, 'utf8'), { ...record, source: item.source.hash }));
    } catch (error) {
      if (!(error instanceof CannotEdit)) throw error;
      errors.push(new SiteError('translations/cannot-edit', error.message, { file, line: error.line, hint: 'add "translation: { source: …, marked: … }" by hand, or write the front matter as "field: value" lines' }));
    }
  }
  if (errors.length > 0) throw new BuildFailure(errors);
  for (const [locale, items] of groupBy(toMark.filter((item) => item.kind === 'message'), (item) => item.locale)) {
    writes.set(messageRecordsFile(locale), messageRecordsText(recordsAfter(site, locale, items, record)));
  }
  for (const [file, text] of writes) writeInPlaceSync(path.join(root, file), text);
  return { marked: toMark, current: chosen.filter((item) => item.state === 'current'), missing, files: [...writes.keys()] };
}

/**
 * The items the targets name, and of them those named one by one (a translated file,
 * `<locale>:<key>`) rather than as all translations of a source or a locale file. Targets that
 * name none fail together.
 */
function chosenItems(site: SiteTranslations, targets: readonly string[], cwd: string): { items: TranslationItem[]; named: Set<TranslationItem> } {
  const chosen = new Set<TranslationItem>();
  const named = new Set<TranslationItem>();
  const errors: SiteError[] = [];
  for (const target of targets) {
    const found = itemsOf(site, target, cwd);
    if (found.items.length === 0) {
      errors.push(
        new SiteError('translations/unknown-target', `"${target}" is neither a content file of a route, a locale file nor a message key`, {
          hint: 'name a file like content/hu/about-us.md or locales/hu.json, a key like hu:nav.blog (or nav.blog for every locale), or pass --all',
        }),
      );
    }
    for (const item of found.items) {
      chosen.add(item);
      if (found.one) named.add(item);
    }
  }
  if (errors.length > 0) throw new BuildFailure(errors);
  return { items: site.items.filter((item) => chosen.has(item)), named };
}

/** The items a target names; `one`: it names a single translation. */
function itemsOf(site: SiteTranslations, target: string, cwd: string): { items: TranslationItem[]; one: boolean } {
  const file = siteFile(site.root, target, cwd);
  if (file !== undefined) {
    const sourceLocale = site.settings.source;
    if (file === `locales/${sourceLocale}.json`) return { items: site.items.filter((item) => item.kind === 'message'), one: false };
    if (file.startsWith(`content/${sourceLocale}/`)) return { items: site.items.filter((item) => item.kind === 'content' && item.source.file === file), one: false };
    const items = site.items.filter((item) => item.file === file);
    return { items, one: items.length === 1 && items[0]!.kind === 'content' };
  }
  const [, locale, key] = /^([a-z0-9-]+):(.+)$/.exec(target) ?? [];
  if (locale && site.settings.locales.includes(locale)) return { items: site.items.filter((item) => item.kind === 'message' && item.locale === locale && item.id === key), one: true };
  return { items: site.items.filter((item) => item.kind === 'message' && item.id === target), one: false };
}

/** A target as a file of the site (relative to it, with "/"), when it names one: from `cwd`, else from the site folder. */
function siteFile(root: string, target: string, cwd: string): string | undefined {
  if (!/\.(md|json)$/.test(target)) return undefined;
  const fromCwd = path.resolve(cwd, target);
  const full = existsSync(fromCwd) && !path.relative(root, fromCwd).startsWith('..') ? fromCwd : path.resolve(root, target);
  const relative = path.relative(root, full);
  return relative.startsWith('..') || path.isAbsolute(relative) ? undefined : relative.split(path.sep).join('/');
}

/**
 * A locale's records after marking `items`: in the order of the locale file's keys, only for
 * keys the source and the locale file both have (a record of a removed key goes).
 */
function recordsAfter(site: SiteTranslations, locale: Locale, items: readonly TranslationItem[], record: TranslationRecord): Array<[string, TranslationRecord]> {
  const next = new Map(site.records[locale] ?? []);
  for (const item of items) next.set(item.id, { ...record, source: item.source.hash });
  const sources = site.messages[site.settings.source]!;
  return [...site.messages[locale]!.keys()].filter((key) => sources.has(key) && next.has(key)).map((key) => [key, next.get(key)!]);
}

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/** `2026-02-03T04:05:06Z`: seconds are enough for a person to read. */
function isoTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
