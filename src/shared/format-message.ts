/**
 * A small ICU MessageFormat formatter for the browser widgets: `{name}` arguments, `plural`
 * (with `#`, `=N` and the locale's categories) and `select`. The engine checks at build time that
 * widget messages use nothing else, so server and browser format them identically without
 * shipping a full ICU library to visitors.
 */
export type MessageValues = Readonly<Record<string, string | number>>;

export function formatMessage(message: string, values: MessageValues = {}, language = 'en'): string {
  return render(message, 0, message.length, values, language, undefined).text;
}

interface Rendered {
  text: string;
  end: number;
}

function render(
  source: string,
  start: number,
  end: number,
  values: MessageValues,
  language: string,
  pound: number | undefined,
): Rendered {
  let text = '';
  let i = start;
  while (i < end) {
    const char = source[i]!;
    if (char === "'" && (source[i + 1] === '{' || source[i + 1] === '}' || source[i + 1] === "'")) {
      // ICU quoting: '' is a quote, '{' a literal brace.
      if (source[i + 1] === "'") {
        text += "'";
        i += 2;
        continue;
      }
      const close = source.indexOf("'", i + 1);
      text += source.slice(i + 1, close === -1 ? end : close);
      i = close === -1 ? end : close + 1;
      continue;
    }
    if (char === '#' && pound !== undefined) {
      text += new Intl.NumberFormat(language).format(pound);
      i++;
      continue;
    }
    if (char !== '{') {
      text += char;
      i++;
      continue;
    }
    const close = matchingBrace(source, i);
    const [name = '', kind, ...rest] = splitTop(source.slice(i + 1, close));
    const value = values[name.trim()];
    if (kind === undefined) {
      text += value === undefined ? '' : String(value);
    } else {
      text += choose(kind.trim(), rest.join(',').trim(), value, values, language);
    }
    i = close + 1;
  }
  return { text, end: i };
}

function choose(kind: string, options: string, value: string | number | undefined, values: MessageValues, language: string): string {
  const branches = new Map<string, string>();
  let i = 0;
  while (i < options.length) {
    while (options[i] === ' ' || options[i] === '\n') i++;
    const open = options.indexOf('{', i);
    if (open === -1) break;
    const key = options.slice(i, open).trim();
    const close = matchingBrace(options, open);
    branches.set(key, options.slice(open + 1, close));
    i = close + 1;
  }
  let branch: string | undefined;
  let pound: number | undefined;
  if (kind === 'plural') {
    const number = Number(value);
    pound = number;
    branch = branches.get(`=${number}`) ?? branches.get(new Intl.PluralRules(language).select(number));
  } else {
    branch = branches.get(String(value));
  }
  branch ??= branches.get('other') ?? '';
  return render(branch, 0, branch.length, values, language, pound).text;
}

function matchingBrace(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '{') depth++;
    else if (source[i] === '}' && --depth === 0) return i;
  }
  return source.length;
}

/** Splits `name, plural, one {...} other {...}` at its top-level commas (at most two splits). */
function splitTop(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let last = 0;
  for (let i = 0; i < body.length && parts.length < 2; i++) {
    if (body[i] === '{') depth++;
    else if (body[i] === '}') depth--;
    else if (body[i] === ',' && depth === 0) {
      parts.push(body.slice(last, i));
      last = i + 1;
    }
  }
  parts.push(body.slice(last));
  return parts;
}
