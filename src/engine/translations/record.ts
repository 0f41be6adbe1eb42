import { parse } from 'yaml';
import { z } from 'zod';
import { TRANSLATION_FIELD } from './source-hash';

/** Which version of its source a translation translates, as `sitegen translations mark` recorded it. */
export interface TranslationRecord {
  /** The source's hash when the translation was marked (`contentSourceHash`, `messageSourceHash`). */
  source: string;
  /** When it was marked: an ISO 8601 time in UTC. */
  marked: string;
}

/**
 * The `translation` field of a translated file's front matter, as the content's validation
 * accepts it. The values are opaque to the build (a hash it compares, a time it shows), so any
 * text is taken: a record someone garbled only reads as outdated.
 */
export const translationFieldSchema = z.strictObject({
  source: z.string().trim().min(1, 'must not be empty'),
  marked: z.string().trim().min(1, 'must not be empty'),
});

/** A record read from a file, with the line it is written on (a warning points there). */
export interface LocatedRecord extends TranslationRecord {
  line: number;
}

const FIELD_LINE = new RegExp(`^${TRANSLATION_FIELD}[ \\t]*:`, 'm');
/** The next line that starts a top-level key (or ends the block). */
const NEXT_TOP_LEVEL = /\n(?=[^\s#])/;

/**
 * The record in a translated file's front matter text (which starts right after the opening
 * fence, so its line numbers are the file's), or undefined when it has none or it is not a
 * record (then the content's validation reports it). Only the field's own lines are parsed: a
 * top-level key of block YAML starts its line, and what belongs to it is indented below it, so
 * a build reads the record of thousands of files without parsing their whole front matter.
 */
export function recordIn(frontMatter: string): LocatedRecord | undefined {
  const found = FIELD_LINE.exec(frontMatter);
  if (!found) return undefined;
  const rest = frontMatter.slice(found.index);
  const end = rest.search(NEXT_TOP_LEVEL);
  let value: unknown;
  try {
    value = (parse(end === -1 ? rest : rest.slice(0, end)) as Record<string, unknown> | null)?.[TRANSLATION_FIELD];
  } catch {
    return undefined;
  }
  const record = translationFieldSchema.safeParse(value);
  if (!record.success) return undefined;
  return { ...record.data, line: lineAt(frontMatter, found.index) };
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line++;
  return line;
}
