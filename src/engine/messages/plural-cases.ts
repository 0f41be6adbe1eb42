import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** A plural (or selectordinal) argument without a case for a category its locale uses. */
export interface MissingPluralCase {
  argument: string;
  kind: 'plural' | 'selectordinal';
  category: Intl.LDMLPluralRule;
  /** Every category the locale uses for this kind, `other` last. */
  needed: Intl.LDMLPluralRule[];
}

/**
 * The plural cases a message lacks for `locale`: each `{n, plural, …}` needs a case for every
 * category of `Intl.PluralRules(locale)` (ordinal rules for `selectordinal`). Exact matches
 * (`=1`) do not count: in many languages `one` covers more numbers than 1.
 */
export function missingPluralCases(ast: MessageFormatElement[], locale: string): MissingPluralCase[] {
  const missing: MissingPluralCase[] = [];
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.plural) {
        const kind = element.pluralType === 'ordinal' ? 'selectordinal' : 'plural';
        const needed = pluralCategories(locale, element.pluralType ?? 'cardinal');
        for (const category of needed) {
          if (!(category in element.options)) missing.push({ argument: element.value, kind, category, needed });
        }
      }
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      if ('children' in element) walk(element.children);
    }
  };
  walk(ast);
  return missing;
}

const CATEGORY_ORDER: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

function pluralCategories(locale: string, type: Intl.PluralRuleType): Intl.LDMLPluralRule[] {
  const categories = new Set(new Intl.PluralRules(locale, { type }).resolvedOptions().pluralCategories);
  return CATEGORY_ORDER.filter((category) => categories.has(category) || category === 'other');
}
