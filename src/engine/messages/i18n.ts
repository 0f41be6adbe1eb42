import { IntlMessageFormat } from 'intl-messageformat';
import type { LocaleInfo } from '../../shared/locales';
import { SiteError } from '../diagnostics/diagnostic';
import { CLIENT_MESSAGE_PREFIX, type Message, type MessageCatalog } from './messages';
import type { I18n } from '../template-api';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Content dates are calendar days: format them in UTC so no time zone shifts the day. */
const UTC_DATES = {
  date: {
    short: { timeZone: 'UTC', dateStyle: 'short' },
    medium: { timeZone: 'UTC', dateStyle: 'medium' },
    long: { timeZone: 'UTC', dateStyle: 'long' },
    full: { timeZone: 'UTC', dateStyle: 'full' },
  },
} as const;

/** A calendar date from `YYYY-MM-DD`, or undefined when there is no such day. */
export function parseIsoDate(value: string): Date | undefined {
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? date
    : undefined;
}

/**
 * Each message's formatter, kept with the parsed message: a watch session's rebuilds make new
 * `I18n`s, but a locale file that did not change keeps its message objects. Making one costs
 * about 0.1 ms (IntlMessageFormat resolves the locale), about forty on every page.
 */
const formats = new WeakMap<Message, { language: string; format: IntlMessageFormat }>();

function compiledFormat(message: Message, language: string): IntlMessageFormat {
  const kept = formats.get(message);
  if (kept?.language === language) return kept.format;
  const format = new IntlMessageFormat(message.ast, language, UTC_DATES as never, { ignoreTag: false });
  formats.set(message, { language, format });
  return format;
}

/**
 * Date and number formats by language and options, for every build of the process: a watch
 * session's rebuilds make new `I18n`s, and making a format costs 0.05-0.3 ms.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function kept<T>(formats: Map<string, T>, key: string, make: () => T): T {
  let format = formats.get(key);
  if (format === undefined) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** Formatting for one locale; every function throws a SiteError instead of printing `NaN` or `Invalid Date`. */
export function createI18n(info: LocaleInfo, catalog: MessageCatalog): I18n {
  const { code: locale, tag: language, dir } = info;
  const compiled = new Map<string, IntlMessageFormat>();
  const messages = catalog[locale]!;
  // Made once per options: a new Intl.NumberFormat for every number took a fifth of the page
  // workers' time in a paginated blog of 1,000 articles (84 numbered links on each of its pages).
  const numberFormat = (options: Intl.NumberFormatOptions | undefined) =>
    kept(numberFormats, `${language}\0${options ? JSON.stringify(options) : ''}`, () => new Intl.NumberFormat(language, options));
  const widgetMessages: Record<string, string> = {};
  for (const [key, message] of messages) if (key.startsWith(CLIENT_MESSAGE_PREFIX)) widgetMessages[key] = message.text;

  return {
    locale,
    language,
    dir,
    widgetMessages,
    t(key, values) {
      let format = compiled.get(key);
      if (!format) {
        const message = messages.get(key);
        if (!message) {
          throw new SiteError('templates/unknown-message-key', `unknown message key "${key}"`, {
            file: undefined,
            hint: `add "${key}" to every file in locales/`,
          });
        }
        format = compiledFormat(message, language);
        compiled.set(key, format);
      }
      if (values) for (const [name, value] of Object.entries(values)) checkValue(`${key}: {${name}}`, value);
      let result: ReturnType<IntlMessageFormat['format']>;
      try {
        result = format.format(values);
      } catch (error) {
        throw messageFormatError(messages.get(key)!, values, error);
      }
      return Array.isArray(result) ? result.join('') : String(result);
    },
    date(isoDate, style = 'long') {
      const date = parseIsoDate(isoDate);
      if (!date) throw new SiteError('templates/invalid-value', `"${isoDate}" is not a date in YYYY-MM-DD form`);
      return kept(dateFormats, `${language}\0${style}`, () => new Intl.DateTimeFormat(language, { dateStyle: style, timeZone: 'UTC' })).format(date);
    },
    number(value, options) {
      checkValue('number', value);
      return numberFormat(options).format(value);
    },
    currency(value, currency) {
      checkValue('amount', value);
      return numberFormat({ style: 'currency', currency, maximumFractionDigits: 0 }).format(value);
    },
  };
}

function checkValue(what: string, value: unknown): void {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new SiteError('templates/invalid-value', `${what} is ${value}, not a finite number`);
  }
  if (value instanceof Date && Number.isNaN(value.getTime())) {
    throw new SiteError('templates/invalid-value', `${what} is an invalid date`);
  }
}

/**
 * A message that parsed but cannot be formatted with what the template passes (an argument the
 * template does not give, a tag, a number skeleton for a text): the fault is in the locale file,
 * so the error points at the message there rather than at the template line.
 */
function messageFormatError(message: Message, values: Record<string, unknown> | undefined, error: unknown): SiteError {
  const given = Object.keys(values ?? {});
  const reason = (error as Error)?.message?.replace(/ to the string "[^"]*"$/, '') ?? String(error);
  return new SiteError('messages/format', `message "${message.key}" cannot be formatted: ${reason}`, {
    ...message.at,
    hint: `the templates pass ${given.length > 0 ? given.map((name) => `{${name}}`).join(' ') : 'no values'} to this message: use only those, and no tags`,
    cause: error,
  });
}
