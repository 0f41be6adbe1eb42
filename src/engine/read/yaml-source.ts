import { LineCounter, parseDocument, isMap, isPair, isScalar, isSeq, visit, type Document, type Node } from 'yaml';
import type { z } from 'zod';
import { Problems, type SourceLocation } from '../diagnostics/diagnostic';

/** A parsed YAML (or JSON) document that can point at any of its nodes by path. */
export interface YamlSource {
  file: string;
  doc: Document.Parsed;
  lines: LineCounter;
}

export type DataPath = readonly PropertyKey[];

/**
 * Parses `text` keeping node positions. Syntax errors go to `problems`; the result is
 * undefined when the document could not be parsed.
 */
export function parseYamlSource(text: string, file: string, problems: Problems): YamlSource | undefined {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const error = doc.errors[0];
  if (error) {
    // Only the first syntax error: the ones after it mostly follow from it.
    const { offset, message } = explainSyntaxError(text, error.pos[0], firstLine(error.message));
    const { line, col } = lines.linePos(offset);
    problems.add('yaml/syntax', message, {
      file,
      line,
      column: col,
      hint: 'fix the YAML syntax at this place (indentation, quotes, a missing colon or bracket)',
    });
    return undefined;
  }
  return { file, doc, lines };
}

/**
 * A document's data as plain values, for a file a build keeps many of (front matter). Its
 * positions are parsed again from the text only when a problem needs one: kept with positions,
 * the front matter of 30,000 pages took a hundred megabytes until the build's end.
 */
export interface YamlData {
  data: unknown;
  source(): YamlSource;
}

/** Parses `text` as `parseYamlSource` does (syntax errors go to `problems`) and keeps only the data. */
export function parseYamlData(text: string, file: string, problems: Problems): YamlData | undefined {
  const source = parseYamlSource(text, file, problems);
  if (!source) return undefined;
  const data = dataOf(source, problems);
  return data === NO_DATA ? undefined : { data, source: parsedAgain(text, file) };
}

/** What `dataOf` returns for a document it refused. */
export const NO_DATA: unique symbol = Symbol('no data');

/**
 * A document's data as plain values. Aliases that expand past the `yaml` package's limit (an
 * "alias bomb": a few lines that would become billions of values) are refused at the first
 * alias, instead of the exception or the memory they would cost.
 */
export function dataOf(source: YamlSource, problems: Problems): unknown {
  try {
    return source.doc.toJS();
  } catch (error) {
    if (!(error instanceof ReferenceError)) throw error;
    let alias: Node | undefined;
    visit(source.doc, { Alias: (_key, node) => ((alias = node), visit.BREAK) });
    problems.add('yaml/alias-bomb', 'the aliases here expand to too many values', {
      ...positionOf(source, alias ?? source.doc.contents),
      hint: 'repeat the values instead of nesting aliases (*name) of lists that hold aliases',
      cause: error,
    });
    return NO_DATA;
  }
}

/** The document of a text that parsed before without errors, parsed again when first asked. */
export function parsedAgain(text: string, file: string): () => YamlSource {
  let source: YamlSource | undefined;
  return () => (source ??= parseYamlSource(text, file, new Problems())!);
}

/** The location of the value at `path`, or of its nearest ancestor that exists. */
export function locate(source: YamlSource, path: DataPath): SourceLocation {
  return positionOf(source, nodeAt(source, path) ?? source.doc.contents);
}

/**
 * Where the value at `path` is in a YAML file read earlier (a setting of site.yaml, for an
 * error found after validation): its line and column, or the file alone when it no longer parses.
 */
export function locateIn(file: { path: string; text: string }, path: DataPath, problems: Problems): SourceLocation | { file: string } {
  const source = parseYamlSource(file.text, file.path, problems);
  return source ? locate(source, path) : { file: file.path };
}

/** The location of the key `key` in the map at `path` (for unknown or misspelled keys). */
export function locateKey(source: YamlSource, path: DataPath, key: string): SourceLocation {
  const parent = nodeAt(source, path);
  if (isMap(parent)) {
    const pair = parent.items.find((item) => isScalar(item.key) && String(item.key.value) === key);
    if (pair && isScalar(pair.key)) return positionOf(source, pair.key);
  }
  return locate(source, path);
}

/** Whether the document has a value at `path`. */
export function hasNode(source: YamlSource, path: DataPath): boolean {
  return source.doc.hasIn(path.map(keyOf));
}

function nodeAt(source: YamlSource, path: DataPath): Node | undefined {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = source.doc.getIn(path.slice(0, depth).map(keyOf), true);
    if (node && (isMap(node) || isSeq(node) || isScalar(node) || isPair(node))) return node as Node;
  }
  return undefined;
}

function keyOf(segment: PropertyKey): string | number {
  return typeof segment === 'number' ? segment : String(segment);
}

function positionOf(source: YamlSource, node: unknown): SourceLocation {
  const range = (node as { range?: [number, number, number] } | null)?.range;
  const { line, col } = source.lines.linePos(range ? range[0] : 0);
  return { file: source.file, line, column: col };
}

/**
 * The parser notices an unclosed `{` or `[` only where the next line starts; point at the
 * bracket that was left open instead.
 */
function explainSyntaxError(text: string, offset: number, message: string): { offset: number; message: string } {
  const unclosed = /end with an? ([}\]])/.exec(message);
  if (!unclosed) return { offset, message };
  const close = unclosed[1]!;
  const open = close === '}' ? '{' : '[';
  let depth = 0;
  for (let i = Math.min(offset, text.length) - 1; i >= 0; i--) {
    if (text[i] === close) depth++;
    else if (text[i] === open && depth-- === 0) return { offset: i, message: `this "${open}" is never closed with "${close}"` };
  }
  return { offset, message };
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
}

/**
 * Validates the parsed data with a zod schema and turns each issue into a located problem.
 * Returns the parsed value when valid.
 */
export function validate<T>(
  located: YamlSource | (() => YamlSource),
  data: unknown,
  schema: z.ZodType<T>,
  problems: Problems,
  basePath: DataPath = [],
): T | undefined {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const source = typeof located === 'function' ? located() : located;
  for (const issue of result.error.issues) {
    const path = [...basePath, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        problems.add('yaml/unknown-key', `unknown key "${key}"${describePath(path, ' in ')}`, {
          ...locateKey(source, path, key),
          hint: 'remove it or check its spelling',
        });
      }
    } else if (issue.code === 'invalid_type' && !hasNode(source, path)) {
      problems.add('yaml/missing-field', `missing required field "${describePath(path)}"`, {
        ...locate(source, path),
        hint: `add "${String(path[path.length - 1])}" here`,
      });
    } else {
      problems.add('yaml/invalid-value', `${describePath(path)}: ${issue.message}`, locate(source, path));
    }
  }
  return undefined;
}

/** `routes[3].paths.hu` */
export function describePath(path: DataPath, prefix = ''): string {
  if (path.length === 0) return '';
  let text = '';
  for (const segment of path) {
    text += typeof segment === 'number' ? `[${segment}]` : text ? `.${String(segment)}` : String(segment);
  }
  return prefix + text;
}
