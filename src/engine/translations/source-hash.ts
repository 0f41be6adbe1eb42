import { hash } from 'node:crypto';

/** Hex digits kept of a source hash: short enough to read in front matter, far from colliding for one site. */
const HASH_LENGTH = 12;

/** `YYYY-MM-DD`: a date, which a translation copies rather than translates. */
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Text as a translator sees it: every run of whitespace (line breaks, indentation, blank lines,
 * no-break spaces) one space, composed accents (NFC). Re-wrapping a paragraph or fixing
 * indentation in the source then changes no hash, and marks no translation outdated.
 */
export function normalizeText(text: string): string {
  return text.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/**
 * What of a content file's front matter a translation translates, in a canonical form (keys
 * sorted, text normalized) so that YAML's styles (quotes, flow or block lists) do not count.
 * `fields` named in the settings are taken whole; without them, every field's text: its strings,
 * also inside lists and objects, except dates. The record of the translation itself never counts.
 */
export function translatableFields(data: Readonly<Record<string, unknown>>, fields: readonly string[] | undefined): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  const names = (fields ?? Object.keys(data)).filter((name) => name !== TRANSLATION_FIELD && Object.hasOwn(data, name)).sort();
  for (const name of names) {
    const value = canonical(data[name], fields === undefined);
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}

/** The front matter field of a translated file that records which source version it translates. */
export const TRANSLATION_FIELD = 'translation';

function canonical(value: unknown, textOnly: boolean): unknown {
  if (typeof value === 'string') return textOnly && DATE.test(value.trim()) ? undefined : normalizeText(value);
  if (Array.isArray(value)) {
    const items = value.map((item) => canonical(item, textOnly));
    return textOnly && items.every((item) => item === undefined) ? undefined : items.map((item) => item ?? null);
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key], textOnly)] as const)
      .filter(([, inner]) => inner !== undefined);
    return textOnly && entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  return textOnly ? undefined : value;
}

/** The hash of a content source: its translatable front matter and its Markdown body, whitespace normalized. */
export function contentSourceHash(fields: Record<string, unknown>, body: string): string {
  return shortHash(`content\0${JSON.stringify(fields)}\0${normalizeText(body)}`);
}

/** The hash of a message of the source locale file, whitespace normalized. */
export function messageSourceHash(text: string): string {
  return shortHash(`message\0${normalizeText(text)}`);
}

function shortHash(text: string): string {
  return hash('sha256', text).slice(0, HASH_LENGTH);
}

/**
 * What a translation translates of a content source as one text, for a word diff of two of its
 * versions: each translatable field on a line (`steps[0].title: …`), then the body.
 */
export function translatableText(fields: Record<string, unknown>, body: string): string {
  const lines: string[] = [];
  const walk = (value: unknown, name: string) => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${name}[${index}]`));
    else if (value !== null && typeof value === 'object') for (const [key, inner] of Object.entries(value)) walk(inner, `${name}.${key}`);
    else if (value !== null && value !== undefined) lines.push(`${name}: ${String(value)}`);
  };
  for (const [name, value] of Object.entries(fields)) walk(value, name);
  return `${lines.join('\n')}\n\n${body.trim()}`;
}
