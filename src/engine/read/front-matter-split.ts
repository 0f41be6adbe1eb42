import matter from 'gray-matter';

/** A content file cut in two: its front matter (YAML text) and its Markdown body. */
export interface SplitFile {
  /** Starts right after the opening fence, so its line numbers are the file's. */
  frontMatter: string;
  body: string;
  /** Lines before the body in the file. */
  lineOffset: number;
}

/**
 * Cuts a content file at its front matter fences; undefined when it has none. Only cuts:
 * gray-matter is given a YAML engine that parses nothing, and the front matter is parsed with
 * positions later. The build and the Markdown worker's read-ahead both use this, so their
 * bodies match to the character.
 */
export function splitFrontMatter(text: string): SplitFile | undefined {
  if (!/^---\r?\n/.test(text)) return undefined;
  const parts = matter(text, { engines: { yaml: () => ({}) } });
  // gray-matter leaves the `\r` of a CRLF file's last front matter line, which YAML would read
  // as content after a flow collection (`tags: [a, b]\r`: "Unexpected scalar at node end").
  return { frontMatter: parts.matter.replace(/\r$/, ''), body: parts.content, lineOffset: countLines(text.slice(0, text.length - parts.content.length)) };
}

function countLines(text: string): number {
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}
