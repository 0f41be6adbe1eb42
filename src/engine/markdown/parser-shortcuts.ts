import type { Nodes, Root } from 'mdast';

/**
 * Shortcuts of the Markdown parser that leave its trees as they are: passes and constructs
 * skipped where a body's text rules out what they look for (`docs/performance.md`).
 */

/**
 * GFM finds bare URLs and e-mail addresses ("literal autolinks") in a second pass over every
 * text node once a body is parsed (mdast-util-gfm-autolink-literal). That pass walks the whole
 * tree with unist-util-visit-parents, whose per-node bookkeeping made it about a tenth of a large
 * build's Markdown time (profiled), although most bodies have nothing for it to find: each of
 * its patterns needs `@`, `www.` or `http(s)://` in a text node. A tree without one skips the
 * pass; the HTML is the same.
 */
export function skipLiteralAutolinksWithoutCandidates(this: { data(key: string): unknown }): void {
  const extensions = ((this.data('fromMarkdownExtensions') ?? []) as unknown[]).flat(Infinity) as Array<{
    enter?: Record<string, unknown>;
    transforms?: Array<(tree: Root) => Root | undefined | void>;
  }>;
  const autolinks = extensions.find((extension) => extension.enter && 'literalAutolink' in extension.enter);
  // Only a changed remark-gfm gets here; the tests run this code, so an update that moves it fails them.
  if (!autolinks?.transforms) throw new Error("remark-gfm's literal autolink extension was not found: see skipLiteralAutolinksWithoutCandidates");
  autolinks.transforms = autolinks.transforms.map((transform) => (tree: Root) => (mayHoldLiteralAutolink(tree) ? transform(tree) : undefined));
}

/**
 * GFM constructs the parser tries where they cannot match, and what a body must hold for them
 * to match at all. A body without it is parsed without the construct (`withoutConstructs`):
 * failed attempts leave nothing behind (the pieces of text or lines split at them are merged
 * again), so the tree is the same, positions included (tested against remark-gfm's own parse).
 *
 * - The literal e-mail autolink (micromark-extension-gfm-autolink-literal) is attached to every
 *   letter and digit: it is tried at the start of every word, reads the word up to where an `@`
 *   would be, fails and is rewound, and the word is read again as text. A fifth of the parse of
 *   an ordinary article (`docs/performance.md`).
 * - The table (micromark-extension-gfm-table) is tried at the start of every paragraph: it reads
 *   the whole first line as a head row before it finds no delimiter row under it. A delimiter
 *   row needs a `|`, or a `:` beside a `-` (`:--`, `--:`).
 */
export const UNNEEDED_CONSTRUCTS: ReadonlyArray<{ name: string; possibleIn(body: string): boolean }> = [
  { name: 'emailAutolink', possibleIn: (body) => body.includes('@') },
  { name: 'table', possibleIn: (body) => body.includes('|') || body.includes(':-') || body.includes('-:') },
];

/** Removes the named constructs from the syntax extensions of the parser. */
export function withoutConstructs(this: { data(key: string): unknown }, names: readonly string[]): void {
  type Construct = { name?: string };
  type Extension = Record<string, Record<string, Construct | Construct[]> | undefined>;
  const extensions = (this.data('micromarkExtensions') ?? []) as Array<Extension | Extension[]>;
  const found = new Set<string>();
  const strip = (extension: Extension): Extension => {
    const stripped: Extension = { ...extension };
    for (const field of ['flow', 'text'] as const) {
      const constructs = extension[field];
      if (!constructs) continue;
      const kept: Record<string, Construct[]> = {};
      for (const [code, listed] of Object.entries(constructs)) {
        const list = [listed].flat();
        for (const construct of list) if (construct.name && names.includes(construct.name)) found.add(construct.name);
        const rest = list.filter((construct) => !construct.name || !names.includes(construct.name));
        if (rest.length) kept[code] = rest;
      }
      stripped[field] = kept;
    }
    return stripped;
  };
  extensions.splice(0, extensions.length, ...extensions.map((extension) => (Array.isArray(extension) ? extension.map(strip) : strip(extension))));
  // Only a changed remark-gfm gets here; the tests run this code, so an update that renames a construct fails them.
  const missing = names.filter((name) => !found.has(name));
  if (missing.length) throw new Error(`the Markdown parser has no construct ${missing.join(', ')}: see withoutConstructs`);
}

const LITERAL_AUTOLINK_CANDIDATE = /@|www\.|https?:\/\//i;

function mayHoldLiteralAutolink(node: Nodes): boolean {
  if (node.type === 'text') return LITERAL_AUTOLINK_CANDIDATE.test(node.value);
  return 'children' in node && node.children.some(mayHoldLiteralAutolink);
}
