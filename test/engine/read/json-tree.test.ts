import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { readJsonTree, type JsonNode } from '../../../src/engine/read/json-tree';

const LOCALES = path.resolve(import.meta.dirname, '../../../locales');

/** Every key and value of a tree as "path: line:column", from the reader under test. */
function fromTree(node: JsonNode, locate: (offset: number) => { line?: number; column?: number }, at = '$'): string[] {
  const here = (offset: number) => `${locate(offset).line}:${locate(offset).column}`;
  if (node.kind === 'scalar') return [`${at} = ${JSON.stringify(node.value)} @ ${here(node.offset)}`];
  if (node.kind === 'array') return [`${at} [] @ ${here(node.offset)}`, ...node.items.flatMap((item, index) => fromTree(item, locate, `${at}[${index}]`))];
  return [
    `${at} {} @ ${here(node.offset)}`,
    ...node.entries.flatMap(({ key, keyOffset, value }) => [`${at}.${key} key @ ${here(keyOffset)}`, ...fromTree(value, locate, `${at}.${key}`)]),
  ];
}

/** The same list from the YAML parser, which read these files before (and reads JSON too). */
function fromYaml(text: string): string[] {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  const here = (node: Node | null | unknown) => {
    const { line, col } = lines.linePos((node as Node).range![0]);
    return `${line}:${col}`;
  };
  const walk = (node: unknown, at: string): string[] => {
    if (isMap(node)) {
      return [
        `${at} {} @ ${here(node)}`,
        ...node.items.flatMap((pair) => {
          const key = String((pair.key as { value: unknown }).value);
          return [`${at}.${key} key @ ${here(pair.key)}`, ...walk(pair.value, `${at}.${key}`)];
        }),
      ];
    }
    if (isSeq(node)) return [`${at} [] @ ${here(node)}`, ...node.items.flatMap((item, index) => walk(item, `${at}[${index}]`))];
    if (isScalar(node)) return [`${at} = ${JSON.stringify(node.value)} @ ${here(node)}`];
    throw new Error(`unexpected node at ${at}`);
  };
  return walk(doc.contents, '$');
}

describe('readJsonTree', () => {
  it('finds every key and value where the YAML parser finds them, in each locale file', async () => {
    const files = (await readdir(LOCALES)).filter((name) => name.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const name of files) {
      const text = await readFile(path.join(LOCALES, name), 'utf8');
      const { source, duplicateKeyAt } = readJsonTree(text, name);
      expect(duplicateKeyAt).toBeUndefined();
      expect(fromTree(source.root, source.locate), name).toEqual(fromYaml(text));
    }
  });

  it('reads escapes, numbers, literals, arrays and any spacing as JSON.parse does', () => {
    const text = '{"a\\"b":"x\\\\y\\u00e9\\n",\r\n  "n": [ -1.5e3 ,0, true,false,null, {} , [] ],\t"deep" :{ "k" : "ű" } }';
    const { source } = readJsonTree(text, 'x.json');
    expect(fromTree(source.root, source.locate)).toEqual(fromYaml(text));
    const plain = (node: JsonNode): unknown =>
      node.kind === 'scalar' ? node.value : node.kind === 'array' ? node.items.map(plain) : Object.fromEntries(node.entries.map((entry) => [entry.key, plain(entry.value)]));
    expect(plain(source.root)).toEqual(JSON.parse(text));
  });

  it('names the second of two equal keys in one object, and only within one object', () => {
    const text = '{\n  "a": {"x": "1"},\n  "b": {"x": "2"},\n  "a": "3"\n}\n';
    const { source, duplicateKeyAt } = readJsonTree(text, 'x.json');
    expect(source.locate(duplicateKeyAt!)).toEqual({ file: 'x.json', line: 4, column: 3 });
    expect(readJsonTree('{"a": {"x": 1}, "b": {"x": 2}}', 'y.json').duplicateKeyAt).toBeUndefined();
  });
});
