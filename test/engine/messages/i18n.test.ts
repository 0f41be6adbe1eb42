import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../src/engine';
import { Problems } from '../../../src/engine/diagnostics/diagnostic';
import { createI18n, parseIsoDate } from '../../../src/engine/messages/i18n';
import { parseMessages } from '../../../src/engine/messages/parse-messages';
import { localeInfo, type Locale } from '../../../src/shared/locales';
import { SITE_LOCALES } from '../../helpers/site';

function catalogOf(messages: Record<string, string>) {
  const text = JSON.stringify(messages);
  const files = new Map<Locale, { path: string; text: string }>(
    (['en', 'hu', 'de'] as const).map((locale) => [locale, { path: `${locale}.json`, text }]),
  );
  const problems = new Problems();
  const catalog = parseMessages(files, SITE_LOCALES, problems);
  expect(problems.errors).toEqual([]);
  return catalog!;
}

describe('dates and numbers per locale', () => {
  const catalog = catalogOf({ published: 'Published {date}', count: '{n, plural, one {# page} other {# pages}}' });

  it.each([
    ['en', 'March 5, 2025'],
    ['hu', '2025. március 5.'],
    ['de', '5. März 2025'],
  ] as const)('formats 2025-03-05 in %s as %s', (locale, expected) => {
    expect(createI18n(localeInfo(SITE_LOCALES, locale), catalog).date('2025-03-05')).toBe(expected);
  });

  it('formats amounts with the locale\'s separators', () => {
    expect(createI18n(localeInfo(SITE_LOCALES, 'hu'), catalog).currency(48500000, 'HUF')).toMatch(/^48\s500\s000\sFt$/);
    expect(createI18n(localeInfo(SITE_LOCALES, 'de'), catalog).number(1234.5)).toBe('1.234,5');
  });

  it('formats each number with its own options, one formatter reused per options', () => {
    const de = createI18n(localeInfo(SITE_LOCALES, 'de'), catalog);
    expect([de.number(1234.5), de.number(0.25, { style: 'percent' }), de.number(1234.5), de.currency(1500, 'EUR'), de.currency(1500, 'HUF')]).toEqual([
      '1.234,5',
      '25\u00A0%',
      '1.234,5',
      '1.500\u00A0€',
      '1.500\u00A0HUF',
    ]);
  });

  it('rejects dates that do not exist instead of printing Invalid Date', () => {
    expect(parseIsoDate('2024-02-29')).toBeInstanceOf(Date);
    expect(parseIsoDate('2025-02-29')).toBeUndefined();
    expect(() => createI18n(localeInfo(SITE_LOCALES, 'en'), catalog).date('2025-13-01')).toThrow(SiteError);
    expect(() => createI18n(localeInfo(SITE_LOCALES, 'en'), catalog).t('published', { date: new Date('nonsense') })).toThrow(/invalid date/);
  });

  it('rejects numbers that are not finite instead of printing NaN', () => {
    expect(() => createI18n(localeInfo(SITE_LOCALES, 'de'), catalog).number(Number.NaN)).toThrow(SiteError);
    expect(() => createI18n(localeInfo(SITE_LOCALES, 'en'), catalog).t('count', { n: Number.POSITIVE_INFINITY })).toThrow(/not a finite number/);
  });

  it('formats ICU plurals and fails on unknown keys', () => {
    expect(createI18n(localeInfo(SITE_LOCALES, 'en'), catalog).t('count', { n: 1 })).toBe('1 page');
    expect(createI18n(localeInfo(SITE_LOCALES, 'en'), catalog).t('count', { n: 3 })).toBe('3 pages');
    expect(() => createI18n(localeInfo(SITE_LOCALES, 'en'), catalog).t('nope')).toThrow(/unknown message key "nope"/);
  });
});

describe('messages formatted again in later builds', () => {
  it("keeps a message's formatter for its language only, and a changed message formats as it is now", () => {
    const catalog = catalogOf({ pages: '{n, number} pages' });
    const en = localeInfo(SITE_LOCALES, 'en');
    expect(createI18n(en, catalog).t('pages', { n: 1234.5 })).toBe('1,234.5 pages');
    // The same message object under another language (a site whose locale tag changed).
    expect(createI18n({ ...en, tag: 'de-DE' }, catalog).t('pages', { n: 1234.5 })).toBe('1.234,5 pages');
    expect(createI18n(en, catalog).t('pages', { n: 1234.5 })).toBe('1,234.5 pages');
    // A locale file saved again: new message objects, the new text.
    expect(createI18n(en, catalogOf({ pages: '{n, number} Seiten' })).t('pages', { n: 2 })).toBe('2 Seiten');
  });
});
