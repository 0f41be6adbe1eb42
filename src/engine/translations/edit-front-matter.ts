import { isMap, isScalar, parseDocument, type Pair } from 'yaml';
import { splitFrontMatter } from '../read/front-matter-split';
import type { TranslationRecord } from './record';
import { TRANSLATION_FIELD } from './source-hash';

/** Why a file's record could not be written, with the line it is about. */
export class CannotEdit extends Error {
  constructor(
    message: string,
    readonly line = 1,
  ) {
    super(message);
  }
}

/**
 * The text of a content file with `record` as its `translation` field: only that field's values
 * change, every other byte of the file stays as it was (comments, quotes, order, line ends).
 * An existing `translation: { source, marked }` keeps its style (block or flow) and gets new
 * values; a file without one gets the field as one line at the end of its front matter.
 */
export function withTranslationRecord(text: string, record: TranslationRecord): string {
  const split = splitFrontMatter(text);
  // The front matter starts right after the opening `---` (offset 3), as the build reads it.
  if (!split || !text.startsWith(split.frontMatter, 3)) throw new CannotEdit('the file has no front matter between "---" lines');
  const frontMatter = split.frontMatter;
  const at = (offset: number) => 3 + offset;
  const doc = parseDocument(frontMatter, { uniqueKeys: true });
  if (doc.errors.length > 0) throw new CannotEdit(`the front matter is not valid YAML: ${doc.errors[0]!.message.split('\n')[0]}`, lineOf(frontMatter, doc.errors[0]!.pos[0]));
  const quoted = { source: JSON.stringify(record.source), marked: JSON.stringify(record.marked) };
  const line = `${TRANSLATION_FIELD}: { source: ${quoted.source}, marked: ${quoted.marked} }`;
  const contents = doc.contents;

  if (contents === null || (isScalar(contents) && contents.value === null)) {
    // An empty front matter: the record is its only field.
    return splice(text, at(frontMatter.length), at(frontMatter.length), `${eolOf(frontMatter)}${line}`);
  }
  if (!isMap(contents) || contents.flow) throw new CannotEdit('the front matter is not a YAML mapping of "field: value" lines, so the record cannot be added', lineOf(frontMatter, rangeOf(contents)?.[0] ?? 0));

  const pair = (contents.items as Pair[]).find((item) => isScalar(item.key) && item.key.value === TRANSLATION_FIELD);
  if (!pair) {
    // As the last line of the front matter.
    return splice(text, at(frontMatter.length), at(frontMatter.length), `${eolOf(frontMatter)}${line}`);
  }

  const value = pair.value;
  if (isMap(value)) {
    const scalars = ['source', 'marked'].map((name) => (value.items as Pair[]).find((item) => isScalar(item.key) && item.key.value === name)?.value);
    if (value.items.length === 2 && scalars.every((scalar) => isScalar(scalar) && scalar.range)) {
      // New values in the places of the old ones, the later one first so the earlier offsets hold.
      const [source, marked] = scalars as [{ range: [number, number, number] }, { range: [number, number, number] }];
      const edits = [
        { range: source.range, text: quoted.source },
        { range: marked.range, text: quoted.marked },
      ].sort((a, b) => b.range[0] - a.range[0]);
      let edited = text;
      for (const edit of edits) edited = splice(edited, at(edit.range[0]), at(edit.range[1]), edit.text);
      return edited;
    }
  }
  // Anything else (empty, a text, a map with other keys): the whole value is replaced.
  const keyRange = rangeOf(pair.key)!;
  const valueRange = rangeOf(value);
  const from = at(keyRange[0]);
  const to = at(valueRange ? valueRange[1] : keyRange[1]);
  // A block value's range ends after its last line break: keep that line break.
  const kept = /\r?\n$/.exec(text.slice(from, to))?.[0] ?? '';
  return splice(text, from, to - kept.length, line);
}

function splice(text: string, from: number, to: number, insert: string): string {
  return text.slice(0, from) + insert + text.slice(to);
}

function rangeOf(node: unknown): [number, number, number] | undefined {
  return (node as { range?: [number, number, number] } | null)?.range ?? undefined;
}

function eolOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/** The file's line of an offset of the front matter (which starts on the file's first line). */
function lineOf(frontMatter: string, offset: number): number {
  return frontMatter.slice(0, offset).split('\n').length;
}
