import GithubSlugger from 'github-slugger';
import { defaultSchema, type Schema } from 'hast-util-sanitize';
import type { Code as CodeNode, Definition, Html, Link, List, Nodes, Paragraph, Parent, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import remarkHtml from 'remark-html';
import { VFile } from 'vfile';
import type { Code, Problems } from '../diagnostics/diagnostic';
import type { Heading } from '../template-api';
import { CODE_BLOCK_CLASS, CODE_TOKEN_CLASS } from '../../shared/code-palette';
import { createCodeHighlighter, type CodeHighlighter } from './highlight-code';

/** What a Markdown body needs from the rest of the site while it renders. */
export interface MarkdownContext {
  file: string;
  /** Lines before the body in the file (front matter), to report positions in the file. */
  lineOffset: number;
  /** The localized URL of a route id in the page's locale, or undefined when unknown. */
  routeUrl(routeId: string): string | undefined;
  /** When `url` is a page of another locale, that page's route id. */
  foreignRoute(url: string): string | undefined;
  problems: Problems;
  /** Something that renders, but not as written (raw HTML, which is dropped). */
  warn(code: Code, message: string, where: { line: number; column: number }, hint: string): void;
}

export interface RenderedMarkdown {
  html: string;
  headings: Heading[];
  words: number;
}

/**
 * Raw HTML is dropped (remark-html without `allowDangerousHtml`) and the rest sanitized with
 * GitHub's schema. Heading ids keep their plain slug, unlike GitHub's `user-content-` prefix,
 * so `[link](#what-is-included)` works without script; only headings produce ids.
 */
const sanitizeSchema: Schema = {
  ...defaultSchema,
  clobberPrefix: '',
  attributes: {
    ...defaultSchema.attributes,
    // Tables scroll sideways on narrow screens: keyboard users must be able to focus them.
    table: [...(defaultSchema.attributes?.table ?? []), 'tabIndex'],
    // The frame and token classes of highlighted code (`highlight-code.ts`), and no other class.
    div: [...(defaultSchema.attributes?.div ?? []), ['className', CODE_BLOCK_CLASS, `${CODE_BLOCK_CLASS}__bar`]],
    span: [...(defaultSchema.attributes?.span ?? []), ['className', `${CODE_BLOCK_CLASS}__lang`, CODE_TOKEN_CLASS]],
    pre: [...(defaultSchema.attributes?.pre ?? []), ['className', 'hl']],
  },
};

const ROUTE_SCHEME = 'route:';

/** A parsed Markdown body, waiting for the site's URLs to be finished into HTML. */
export type MarkdownTree = Root;

export interface MarkdownRenderer {
  /** Parsing needs nothing of the site, so it can start as soon as the file is read. */
  parse(body: string): MarkdownTree;
  /**
   * Links, heading ids and HTML: needs the page's locale and the site's URLs. Asynchronous only
   * to load a code language's grammar the first time a body uses it.
   */
  finish(tree: MarkdownTree, context: MarkdownContext): Promise<RenderedMarkdown>;
}

/** Renders Markdown bodies in two steps; one processor is reused for every file. */
export function createMarkdownRenderer(): MarkdownRenderer {
  const processor = remark()
    .use(remarkGfm)
    .use(skipLiteralAutolinksWithoutCandidates)
    .use(() => finishTree)
    .use(remarkHtml, { sanitize: sanitizeSchema })
    .freeze();
  let highlighter: CodeHighlighter | undefined;
  // Parsers that leave out constructs a body's text rules out, by the names left out.
  const parsers = new Map<string, { parse(body: string): MarkdownTree }>([['', processor]]);
  const parserFor = (body: string) => {
    const key = UNNEEDED_CONSTRUCTS.filter((construct) => !construct.possibleIn(body))
      .map((construct) => construct.name)
      .join();
    let parser = parsers.get(key);
    if (!parser) {
      parser = remark().use(remarkGfm).use(skipLiteralAutolinksWithoutCandidates).use(withoutConstructs, key.split(',')).freeze();
      parsers.set(key, parser);
    }
    return parser;
  };

  return {
    parse: (body) => parserFor(body).parse(body),
    async finish(tree, context) {
      const file = new VFile({ data: { context } });
      const finished = processor.runSync(tree, file) as MarkdownTree;
      const blocks = file.data.codeBlocks as CodeBlock[] | undefined;
      if (blocks) {
        highlighter ??= createCodeHighlighter();
        await highlighter.prepare(blocks.map(({ node }) => node.lang!));
        for (const block of blocks) highlightBlock(block, highlighter, context);
      }
      const html = processor.stringify(finished, file);
      return {
        html: String(html),
        headings: (file.data.headings as Heading[] | undefined) ?? [],
        words: (file.data.words as number | undefined) ?? 0,
      };
    },
  };
}

/**
 * GFM finds bare URLs and e-mail addresses ("literal autolinks") in a second pass over every
 * text node once a body is parsed (mdast-util-gfm-autolink-literal). That pass walks the whole
 * tree with unist-util-visit-parents, whose per-node bookkeeping made it about a tenth of a large
 * build's Markdown time (profiled), although most bodies have nothing for it to find: each of
 * its patterns needs `@`, `www.` or `http(s)://` in a text node. A tree without one skips the
 * pass; the HTML is the same.
 */
function skipLiteralAutolinksWithoutCandidates(this: { data(key: string): unknown }): void {
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
const UNNEEDED_CONSTRUCTS: ReadonlyArray<{ name: string; possibleIn(body: string): boolean }> = [
  { name: 'emailAutolink', possibleIn: (body) => body.includes('@') },
  { name: 'table', possibleIn: (body) => body.includes('|') || body.includes(':-') || body.includes('-:') },
];

/** Removes the named constructs from the syntax extensions of the parser. */
function withoutConstructs(this: { data(key: string): unknown }, names: readonly string[]): void {
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

/**
 * One walk over the tree: `route:<id>` links become the route's URL in the page's locale (links
 * into another locale are errors), headings get GitHub-style ids and are collected, words are
 * counted, and task lists and tables are made accessible (`accessibleTaskList`). A plain loop rather than unist-util-visit: its per-node bookkeeping cost a tenth
 * of the Markdown time of a large build (profiled).
 */
function finishTree(tree: Root, file: VFile): void {
  const context = file.data.context as MarkdownContext;
  const slugger = new GithubSlugger();
  const headings: Heading[] = [];
  let words = 0;
  const walk = (node: Nodes, parent?: Parent) => {
    switch (node.type) {
      case 'link':
      case 'definition':
        rewriteSiteLink(node, context);
        break;
      case 'heading': {
        const text = toString(node);
        const id = slugger.slug(text);
        node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
        headings.push({ depth: node.depth, id, text });
        break;
      }
      case 'code':
        if (node.lang && parent) ((file.data.codeBlocks as CodeBlock[] | undefined) ??= []).push({ node, parent });
        words += countWords(node.value);
        break;
      case 'text':
      case 'inlineCode':
        words += countWords(node.value);
        break;
      case 'list':
        accessibleTaskList(node);
        break;
      case 'html':
        warnDroppedHtml(node, context);
        break;
      case 'table':
        // A table that scrolls sideways can be scrolled from the keyboard.
        node.data = { ...node.data, hProperties: { ...node.data?.hProperties, tabIndex: 0 } };
        break;
    }
    if ('children' in node) for (const child of node.children) walk(child, node);
  };
  walk(tree);
  file.data.headings = headings;
  file.data.words = words;
}

/**
 * Task list items show a ballot box (☐, ☑) as text instead of a disabled checkbox: a checkbox
 * needs a label, and one that cannot be changed is no control.
 */
function accessibleTaskList(list: List): void {
  if (!list.children.some((item) => typeof item.checked === 'boolean')) return;
  list.data = { ...list.data, hProperties: { ...list.data?.hProperties, className: ['contains-task-list'] } };
  for (const item of list.children) {
    if (typeof item.checked !== 'boolean') continue;
    const mark = { type: 'text', value: item.checked ? '☑ ' : '☐ ' } as const;
    const first = item.children[0];
    if (first?.type === 'paragraph') first.children.unshift(mark);
    else item.children.unshift({ type: 'paragraph', children: [mark] });
    item.checked = null;
  }
}

function rewriteSiteLink(link: Link | Definition, context: MarkdownContext): void {
  const where = () => ({
    file: context.file,
    line: (link.position?.start.line ?? 1) + context.lineOffset,
    column: link.position?.start.column ?? 1,
  });
  if (link.url.startsWith(ROUTE_SCHEME)) {
    const [routeId = '', hash] = link.url.slice(ROUTE_SCHEME.length).split('#', 2);
    const url = context.routeUrl(routeId);
    if (url === undefined) {
      context.problems.add('markdown/unknown-route', `link to unknown route "${routeId}"`, {
        ...where(),
        hint: 'use an id from content/routes.yaml, like route:contact',
      });
      return;
    }
    link.url = hash ? `${url}#${hash}` : url;
    return;
  }
  const foreign = context.foreignRoute(link.url.split(/[?#]/, 1)[0]!);
  if (foreign !== undefined) {
    context.problems.add('markdown/foreign-locale-link', `link to ${link.url}, a page of another locale`, {
      ...where(),
      hint: `write route:${foreign} so the link follows the page's locale`,
    });
  }
}

/** A fenced block with a language, and the node that holds it (its frame takes its place there). */
interface CodeBlock {
  node: CodeNode;
  parent: Parent;
}

/**
 * A fenced block with a language becomes its highlighted frame (`highlight-code.ts`); one in a
 * language Shiki does not know stays plain code, with a warning at its fence.
 *
 * The frame replaces the code node rather than giving it `hName`: mdast-util-to-hast wraps
 * whatever a code node becomes in a `<pre>`, and a frame in a `<pre>` is invalid HTML (a `<div>`
 * and a second `<pre>` inside a `<pre>`). Its stand-in is an empty paragraph, whose handler
 * makes exactly the element its `data` names, with the frame's children.
 */
function highlightBlock({ node: block, parent }: CodeBlock, highlighter: CodeHighlighter, context: MarkdownContext): void {
  const highlighted = highlighter.highlight(block.value, block.lang!);
  if (highlighted === 'plain') return;
  if (highlighted === 'unknown') {
    context.warn(
      'markdown/unknown-code-language',
      `no highlighting for the code language "${block.lang}": the block is shown as plain code`,
      { line: (block.position?.start.line ?? 1) + context.lineOffset, column: block.position?.start.column ?? 1 },
      'write a language Shiki knows (ts, js, json, bash, python, yaml… see docs/content.md), or text for plain code',
    );
    return;
  }
  const frame: Paragraph = {
    type: 'paragraph',
    children: [],
    position: block.position,
    data: { hName: highlighted.tagName, hProperties: highlighted.properties, hChildren: highlighted.children },
  };
  parent.children[parent.children.indexOf(block)] = frame;
}

/** HTML comments are dropped as authors expect; other raw HTML is dropped too, which they may not. */
const COMMENT = /^<!--[\s\S]*?-->\s*$/;

function warnDroppedHtml(node: Html, context: MarkdownContext): void {
  if (COMMENT.test(node.value)) return;
  const shown = node.value.length > 40 ? `${node.value.slice(0, 40)}…` : node.value;
  context.warn(
    'markdown/raw-html',
    `raw HTML is left out of the page: ${JSON.stringify(shown)}`,
    { line: (node.position?.start.line ?? 1) + context.lineOffset, column: node.position?.start.column ?? 1 },
    'write it in Markdown instead: sitegen drops raw HTML so that content cannot run script (docs/content.md)',
  );
}

function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
