import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** The placeholder kinds the widgets' small formatter (`src/shared/format-message.ts`) knows. */
export const WIDGET_KINDS = /:(text|plural|select)$/;

const KIND: Partial<Record<TYPE, string>> = {
  [TYPE.argument]: 'text',
  [TYPE.number]: 'number',
  [TYPE.date]: 'date',
  [TYPE.time]: 'time',
  [TYPE.select]: 'select',
  [TYPE.plural]: 'plural',
  [TYPE.tag]: 'tag',
};

/** The placeholders a message uses, each with its kind (`count:plural`), sorted. */
export function placeholdersOf(ast: MessageFormatElement[]): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      const kind = KIND[element.type];
      if (kind && 'value' in element) found.add(`${element.value}:${kind}`);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      if ('children' in element) walk(element.children);
    }
  };
  walk(ast);
  return [...found].sort();
}

/** Placeholders as a message writes them: `{name}`, `{count, plural}`. */
export function describePlaceholders(placeholders: string[]): string {
  if (placeholders.length === 0) return 'none';
  return placeholders.map((p) => (p.endsWith(':text') ? `{${p.slice(0, -5)}}` : `{${p.replace(':', ', ')}}`)).join(' ');
}
