import type { Nodes, Root, RootContent } from 'mdast';
import type { Position } from 'unist';

/**
 * A Markdown body edited again in `sitegen watch` is parsed again only where its text changed.
 * The body is cut before each heading line (`#` at the start of a line, outside fenced code),
 * at the line ending before it (`sections.join('\n')` is the body); each piece is parsed on its own, and a piece whose text the last parse of the same file held
 * is taken from it, its positions moved to where it is now. The joined tree is the one a parse
 * of the whole body gives, positions included (tested over the site's content): remark stays
 * the parser, this only saves parsing the unchanged sections of the file being edited.
 *
 * A heading line at the start of a line ends every open block (paragraph, list, quote, table)
 * and only fenced code or an HTML block can hold one, so cutting there changes nothing, with
 * two exceptions, for which the body is parsed whole:
 * - link reference and footnote definitions (`[id]: url`, `[^1]: note`) hold for the whole
 *   body, so a reference in one section depends on a definition in another;
 * - a fence that does not start at the line's start (in a list item, indented), or an HTML
 *   block, whose end this cut does not follow.
 */
export function sectionsOf(body: string): string[] | undefined {
  if (body.includes(']:') || body.includes('\r')) return undefined;
  const sections: string[] = [];
  let start = 0;
  let fence: { char: string; length: number } | undefined;
  for (let at = 0; at < body.length; ) {
    const end = body.indexOf('\n', at);
    const next = end === -1 ? body.length : end + 1;
    const line = body.slice(at, end === -1 ? body.length : end);
    if (UNFOLLOWED.test(line)) return undefined;
    const marker = FENCE.exec(line);
    if (fence) {
      if (marker && marker[1]![0] === fence.char && marker[1]!.length >= fence.length && marker[2]!.trim() === '') fence = undefined;
    } else if (marker && !(marker[1]![0] === '`' && marker[2]!.includes('`'))) {
      fence = { char: marker[1]![0]!, length: marker[1]!.length };
    } else if (HEADING.test(line) && at > start) {
      // Without the line ending before the heading: a block left open at a section's end (a
      // fence in a list item) ends there, as the heading line ends it in the whole body.
      sections.push(body.slice(start, at - 1));
      start = at;
    }
    at = next;
  }
  sections.push(body.slice(start));
  return sections;
}

const HEADING = /^#{1,6}(?:[ \t]|$)/;
const FENCE = /^(`{3,}|~{3,})(.*)$/;
/** A fence not at the line's start (in a list item, or indented code), or an HTML block. */
const UNFOLLOWED = /^[ \t]+(?:`{3}|~{3})|^ {0,3}</;

/** How a stage parses a body (by its key), given the parser of a text. */
export type ParseBody = (key: string, body: string, parseText: (text: string) => Root) => Root;

/**
 * Parses bodies section by section, keeping the sections of the last `files` bodies parsed (by
 * their key) for the next parse of the same key.
 */
export class SectionMemo {
  private readonly kept = new Map<string, Map<string, Root>>();

  constructor(private readonly files = 16) {}

  parse: ParseBody = (key, body, parseText) => {
    const sections = sectionsOf(body);
    const earlier = this.kept.get(key);
    this.kept.delete(key);
    if (!sections) return parseText(body);
    const now = new Map<string, Root>();
    const trees = sections.map((text) => {
      const tree = now.get(text) ?? earlier?.get(text) ?? parseText(text);
      now.set(text, tree);
      return tree;
    });
    this.kept.set(key, now);
    if (this.kept.size > this.files) this.kept.delete(this.kept.keys().next().value!);
    return joinSections(sections, trees);
  };
}

/**
 * The tree of the whole body from its sections' trees: copies of their nodes (later stages
 * change nodes, their `children` and `data`, which the kept trees must not see) with positions
 * moved by the lines and characters before each section.
 */
export function joinSections(sections: readonly string[], trees: readonly Root[]): Root {
  const children: RootContent[] = [];
  let lines = 0;
  let offset = 0;
  let end = trees[0]?.position?.end;
  sections.forEach((text, index) => {
    const tree = trees[index]!;
    for (const child of tree.children) children.push(moved(child, lines, offset));
    if (tree.position) end = shift(tree.position, lines, offset).end;
    // The line ending between two sections is in neither.
    lines += countLines(text) + 1;
    offset += text.length + 1;
  });
  const root: Root = { type: 'root', children };
  if (end) root.position = { start: { line: 1, column: 1, offset: 0 }, end };
  return root;
}

function moved<T extends Nodes>(node: T, lines: number, offset: number): T {
  const copy = { ...node } as T & { children?: Nodes[]; data?: object };
  if (node.position) copy.position = shift(node.position, lines, offset);
  if (copy.data) copy.data = { ...copy.data };
  if ('children' in node) copy.children = (node.children as Nodes[]).map((child) => moved(child, lines, offset));
  return copy;
}

function shift(position: Position, lines: number, offset: number): Position {
  return {
    start: { line: position.start.line + lines, column: position.start.column, offset: (position.start.offset ?? 0) + offset },
    end: { line: position.end.line + lines, column: position.end.column, offset: (position.end.offset ?? 0) + offset },
  };
}

function countLines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
