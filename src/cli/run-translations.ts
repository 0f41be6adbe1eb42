import type { DiffPart, SourceChange, TranslationState, TranslationStatus, TranslationStatusItem } from '../engine/inspect';
import { reportFailure } from './report';

export interface TranslationsFlags {
  root: string;
  json: boolean;
  strict: boolean;
  history: boolean;
  verbose: boolean;
}

export interface MarkFlags {
  root: string;
  all: boolean;
  verbose: boolean;
}

const LABEL: Readonly<Record<TranslationState, string>> = { current: 'up to date', outdated: 'outdated', missing: 'missing', unmarked: 'never marked' };

/**
 * `sitegen translations`: each route's and each message's state in every translated locale,
 * then what changed in the source of each outdated one. Exit code 1 with `--strict` when
 * anything is outdated.
 */
export async function runTranslations(flags: TranslationsFlags): Promise<void> {
  const started = performance.now();
  const { translationStatus } = await import('../engine/inspect');
  try {
    const status = await translationStatus({ root: flags.root, history: flags.history });
    const counts = countStates(status.items);
    if (flags.json) console.log(JSON.stringify(asJson(status, counts), null, 2));
    else console.log(await report(status, counts, Math.round(performance.now() - started)));
    if (flags.strict && counts.outdated > 0) process.exitCode = 1;
  } catch (error) {
    await reportFailure(error, flags.verbose, 'translations');
  }
}

/** `sitegen translations mark`: records that translations translate their source as it is now. */
export async function runMark(targets: string[], flags: MarkFlags): Promise<void> {
  const { markTranslations } = await import('../engine/inspect');
  if (targets.length === 0 && !flags.all) {
    console.error('sitegen: name the translations to mark (content/hu/about-us.md, locales/hu.json, hu:nav.blog), or pass --all');
    process.exitCode = 1;
    return;
  }
  try {
    const result = await markTranslations({ root: flags.root, targets, all: flags.all });
    for (const item of result.marked.filter((each) => each.kind === 'content')) console.log(`marked ${item.file} (was ${LABEL[item.state]})`);
    const messages = result.marked.filter((item) => item.kind === 'message');
    for (const locale of new Set(messages.map((item) => item.locale))) {
      const keys = messages.filter((item) => item.locale === locale);
      const named = keys.length <= 5 ? `: ${keys.map((item) => item.id).join(', ')}` : '';
      console.log(`marked ${keys.length} message${keys.length === 1 ? '' : 's'} of locales/${locale}.json in locales/${locale}.translations.json${named}`);
    }
    const current = result.current.length > 0 ? `; ${result.current.length} ${result.current.length === 1 ? 'was' : 'were'} up to date already` : '';
    const missing = result.missing.length > 0 ? `; ${result.missing.length} missing (not marked)` : '';
    console.log(`sitegen: marked ${result.marked.length} translation${result.marked.length === 1 ? '' : 's'} (${result.files.length} file${result.files.length === 1 ? '' : 's'} written)${current}${missing}`);
  } catch (error) {
    await reportFailure(error, flags.verbose, 'translations');
  }
}

type Counts = Record<TranslationState, number>;

function countStates(items: readonly TranslationStatusItem[]): Counts {
  const counts: Counts = { current: 0, outdated: 0, missing: 0, unmarked: 0 };
  for (const item of items) counts[item.state]++;
  return counts;
}

/** The report for tools: every item, with its change and diff where git had them. */
function asJson(status: TranslationStatus, counts: Counts) {
  return {
    source: status.settings.source,
    summary: counts,
    items: status.items.map(({ change, ...item }) => ({ ...item, ...(change ? { change: changeJson(change) } : {}) })),
  };
}

function changeJson(change: SourceChange) {
  if (!change.found) return change;
  const at = (point: { commit: string; time: number } | undefined) => point && { commit: point.commit, time: new Date(point.time).toISOString() };
  return { found: true, translated: at(change.translated), changed: at(change.changed) ?? null, diff: change.diff };
}

/** The report for people: a table per kind, then each outdated translation with what changed in its source. */
async function report(status: TranslationStatus, counts: Counts, ms: number): Promise<string> {
  const { diffExcerpt } = await import('../engine/inspect');
  const locales = [...new Set(status.items.map((item) => item.locale))];
  const lines: string[] = [];
  const table = (kind: 'content' | 'message', heading: string, onlyNotCurrent: boolean) => {
    const rows = new Map<string, Map<string, TranslationState>>();
    for (const item of status.items.filter((each) => each.kind === kind)) {
      const row = rows.get(item.id) ?? new Map<string, TranslationState>();
      row.set(item.locale, item.state);
      rows.set(item.id, row);
    }
    const shown = [...rows].filter(([, row]) => !onlyNotCurrent || [...row.values()].some((state) => state !== 'current'));
    const width = Math.max(24, ...shown.map(([id]) => id.length + 2));
    lines.push(`${heading} (${rows.size}; ${status.settings.source} is the source)`);
    if (shown.length > 0) {
      lines.push(`  ${''.padEnd(width)}${locales.map((locale) => locale.padEnd(14)).join('')}`.trimEnd());
      for (const [id, row] of shown) lines.push(`  ${id.padEnd(width)}${locales.map((locale) => LABEL[row.get(locale) ?? 'missing'].padEnd(14)).join('')}`.trimEnd());
    }
    if (onlyNotCurrent && shown.length < rows.size) lines.push(`  ${shown.length === 0 ? 'all' : `the ${rows.size - shown.length} other`} keys are up to date in ${locales.join(', ')}`);
    lines.push('');
  };
  table('content', 'Routes', false);
  table('message', 'Message keys', true);

  const paint = colour();
  for (const item of status.items.filter((each) => each.state === 'outdated')) {
    const message = item.kind === 'message' ? ` message "${item.id}"` : '';
    lines.push(`${item.file}${item.line ? `:${item.line}` : ''}:${message} outdated, marked ${readableTime(item.record!.marked)}`);
    lines.push(...changeLines(item, item.change, (parts) => diffExcerpt(parts, 6, paint)).map((line) => `  ${line}`));
  }
  if (counts.outdated > 0) lines.push('');
  const total = status.items.length;
  lines.push(
    `sitegen: ${counts.outdated} outdated, ${counts.missing} missing, ${counts.unmarked} never marked, ${counts.current} of ${total} translations up to date (${ms} ms)`,
  );
  return lines.join('\n');
}

function changeLines(item: TranslationStatusItem, change: SourceChange | undefined, excerpt: (parts: DiffPart[]) => string): string[] {
  if (!change) return [];
  if (!change.found) {
    return [change.reason === 'no-git' ? `no diff: the site folder is not in a git checkout (or git cannot run)` : `no diff: no commit of ${item.source.file} has the version it was translated from`];
  }
  const when = change.changed ? `changed in ${change.changed.commit.slice(0, 10)} (${readableTime(change.changed.time)})` : 'changed, not committed yet,';
  return [`${item.source.file} ${when} since ${change.translated.commit.slice(0, 10)}:`, `  ${excerpt(change.diff)}`];
}

/** `2026-02-03 04:05 UTC`, from an ISO time or milliseconds; a text that is no time as it is. */
function readableTime(time: string | number): string {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? String(time) : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Red for what the source lost, green for what it gained, on a terminal that has colours. */
function colour(): (part: DiffPart, text: string) => string {
  if (!process.stdout.isTTY || process.env.NO_COLOR) return (_, text) => text;
  return (part, text) => (part.change === 'removed' ? `\x1b[31m${text}\x1b[39m` : part.change === 'added' ? `\x1b[32m${text}\x1b[39m` : text);
}
