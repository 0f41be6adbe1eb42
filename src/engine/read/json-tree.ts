/**
 * A JSON text's values with where each starts, for the files a build reads as JSON and must
 * point into (the locale files and their translation records). `JSON.parse` checks the syntax;
 * this walks the text once more, knowing it is valid, for the positions. The YAML parser that
 * read these files before took about thirty times as long (some 200 ms of a cold build's main
 * thread for three locales), for positions only a problem needs.
 */
import type { SourceLocation } from '../diagnostics/diagnostic';

export type JsonNode = JsonObject | JsonArray | JsonScalar;

export interface JsonObject {
  kind: 'object';
  offset: number;
  entries: JsonEntry[];
}

export interface JsonEntry {
  key: string;
  /** Where the key's opening quote is. */
  keyOffset: number;
  value: JsonNode;
}

export interface JsonArray {
  kind: 'array';
  offset: number;
  items: JsonNode[];
}

export interface JsonScalar {
  kind: 'scalar';
  offset: number;
  value: string | number | boolean | null;
}

/** A JSON document: its tree, and the line and column of an offset in it. */
export interface JsonSource {
  file: string;
  root: JsonNode;
  locate(offset: number): SourceLocation;
}

/**
 * Reads a text that `JSON.parse` accepted. An object key given twice, which `JSON.parse` lets
 * the last one win, is returned with the offset of its second occurrence, for the caller to
 * report.
 */
export function readJsonTree(text: string, file: string): { source: JsonSource; duplicateKeyAt?: number } {
  const reader = new TreeReader(text);
  const root = reader.value();
  const lineStarts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  const locate = (offset: number): SourceLocation => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { file, line: low + 1, column: offset - lineStarts[low]! + 1 };
  };
  return { source: { file, root, locate }, duplicateKeyAt: reader.duplicateKeyAt };
}

const WHITESPACE = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** The rest of a string after its opening quote: characters other than a quote or a backslash, and escapes. */
const STRING_REST = /[^"\\]*(?:\\.[^"\\]*)*"/y;

class TreeReader {
  private at = 0;
  duplicateKeyAt: number | undefined;

  constructor(private readonly text: string) {}

  value(): JsonNode {
    this.skipWhitespace();
    const offset = this.at;
    const first = this.text[offset];
    if (first === '{') return this.object(offset);
    if (first === '[') return this.array(offset);
    if (first === '"') return { kind: 'scalar', offset, value: this.string() };
    for (const [word, value] of LITERALS) {
      if (this.text.startsWith(word, offset)) {
        this.at += word.length;
        return { kind: 'scalar', offset, value };
      }
    }
    NUMBER.lastIndex = offset;
    const number = NUMBER.exec(this.text);
    if (!number) throw new SyntaxError(`not valid JSON at offset ${offset}`);
    this.at = NUMBER.lastIndex;
    return { kind: 'scalar', offset, value: Number(number[0]) };
  }

  private object(offset: number): JsonObject {
    const entries: JsonEntry[] = [];
    const keys = new Set<string>();
    this.at++;
    this.skipWhitespace();
    if (this.text[this.at] === '}') {
      this.at++;
      return { kind: 'object', offset, entries };
    }
    for (;;) {
      this.skipWhitespace();
      const keyOffset = this.at;
      const key = this.string();
      if (keys.has(key)) this.duplicateKeyAt ??= keyOffset;
      keys.add(key);
      this.skipWhitespace();
      this.at++; // the colon
      entries.push({ key, keyOffset, value: this.value() });
      this.skipWhitespace();
      if (this.text[this.at++] === '}') return { kind: 'object', offset, entries };
    }
  }

  private array(offset: number): JsonArray {
    const items: JsonNode[] = [];
    this.at++;
    this.skipWhitespace();
    if (this.text[this.at] === ']') {
      this.at++;
      return { kind: 'array', offset, items };
    }
    for (;;) {
      items.push(this.value());
      this.skipWhitespace();
      if (this.text[this.at++] === ']') return { kind: 'array', offset, items };
    }
  }

  private string(): string {
    const start = this.at;
    STRING_REST.lastIndex = start + 1;
    if (this.text[start] !== '"' || !STRING_REST.exec(this.text)) throw new SyntaxError(`not valid JSON at offset ${start}`);
    this.at = STRING_REST.lastIndex;
    const raw = this.text.slice(start + 1, this.at - 1);
    return raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
  }

  private skipWhitespace(): void {
    WHITESPACE.lastIndex = this.at;
    WHITESPACE.exec(this.text);
    this.at = WHITESPACE.lastIndex;
  }
}

const LITERALS: ReadonlyArray<readonly [string, boolean | null]> = [
  ['true', true],
  ['false', false],
  ['null', null],
];

