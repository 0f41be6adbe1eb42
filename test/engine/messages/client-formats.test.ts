import { readFileSync } from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '../../../src/shared/format-message';
import { jsonForScript } from '../../../src/shared/json-script';
import { REPO, SITE_LOCALES } from '../../helpers/site';

describe('JSON inside <script>', () => {
  it('cannot break out of the script or start a comment', () => {
    const hostile = { title: '</script><script>alert(1)</script><!-- & \u2028\u2029 >' };
    const text = jsonForScript(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003C/script\\u003E');
    expect(JSON.parse(text)).toEqual(hostile);
  });
});

function flatten(value: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (typeof child === 'string') out[prefix + key] = child;
    else Object.assign(out, flatten(child, `${prefix}${key}.`));
  }
  return out;
}

describe('the widgets\' message formatter', () => {
  const samples = { names: '_ga, _ga_*', min: 1, max: 5000, count: 3, query: 'Großhändler <b>', title: 'Senior <React> Developer', percent: 42 };
  for (const { code: locale, tag: language } of SITE_LOCALES.all) {
    const messages = flatten(JSON.parse(readFileSync(path.join(REPO, 'locales', `${locale}.json`), 'utf8')));
    const widgetKeys = Object.keys(messages).filter((key) => key.startsWith('widgets.'));
    it(`formats every ${locale} widget message as intl-messageformat does`, () => {
      expect(widgetKeys.length).toBeGreaterThan(40);
      for (const key of widgetKeys) {
        for (const values of [samples, { ...samples, min: 20, max: 2, count: 1 }]) {
          const expected = new IntlMessageFormat(messages[key]!, language).format(values);
          expect(formatMessage(messages[key]!, values, language), key).toBe(expected);
        }
      }
    });
  }

  it('handles plural categories, =N, select and quoting', () => {
    const plural = '{n, plural, =0 {none} one {# item} other {# items}}';
    expect(formatMessage(plural, { n: 0 })).toBe('none');
    expect(formatMessage(plural, { n: 1 })).toBe('1 item');
    expect(formatMessage(plural, { n: 1234 })).toBe('1,234 items');
    expect(formatMessage('{kind, select, a {Alpha} other {Other}}', { kind: 'a' })).toBe('Alpha');
    expect(formatMessage("It''s '{literal}'", {})).toBe("It's {literal}");
  });
});
