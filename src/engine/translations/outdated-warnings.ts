import path from 'node:path';
import { warning, type Diagnostic } from '../diagnostics/diagnostic';
import type { TranslationItem } from './states';

/**
 * One warning per outdated translation, at the line of its record (content) or of its key in the
 * locale file (messages). Only `outdated` warns: a file never marked is a site that has not
 * adopted translation records (yet), and a missing one is the build's error already.
 */
export function outdatedWarnings(items: readonly TranslationItem[], root: string): Diagnostic[] {
  return items.filter((item) => item.state === 'outdated').map((item) => outdatedWarning(item, root));
}

function outdatedWarning(item: TranslationItem, root: string): Diagnostic {
  const marked = item.record ? ` (marked ${item.record.marked})` : '';
  const where = { file: path.join(root, item.file), line: item.line, column: item.column, url: item.url };
  if (item.kind === 'content') {
    return warning('translations/outdated', `the ${item.locale} translation is outdated: ${item.source.file} changed since it was marked${marked}`, {
      ...where,
      hint: `update the text, then run: sitegen translations mark ${item.file} ("sitegen translations" shows what changed)`,
    });
  }
  return warning('translations/outdated', `message "${item.id}" is outdated: its text in ${item.source.file} changed since it was marked${marked}`, {
    ...where,
    hint: `update the message, then run: sitegen translations mark ${item.locale}:${item.id} ("sitegen translations" shows what changed)`,
  });
}
