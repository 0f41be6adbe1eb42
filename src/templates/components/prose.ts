import type { I18n } from '../../engine/template-api';

/** What `<Markdown>` needs to name and explain the tables of a body, in the page's locale. */
export function proseProps(i18n: I18n): { tableLabel: (number: number) => string; tableHint: string } {
  return { tableLabel: (number) => i18n.t('common.table', { number }), tableHint: i18n.t('common.tableHint') };
}
