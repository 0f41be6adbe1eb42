import GithubSlugger from 'github-slugger';
import { defaultSchema, type Schema } from 'hast-util-sanitize';
import type { Definition, Html, Link, List, Nodes, Parent, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import remarkHtml from 'remark-html';
import { VFile } from 'vfile';
import type { Code, Problems } from '../diagnostics/diagnostic';
import type { Heading } from '../template-api';
import { CODE_BLOCK_CLASS, CODE_TOKEN_CLASS } from '../../shared/code-palette';
import { createCodeHighlighter, highlightBlock, type CodeBlock, type CodeHighlighter } from './highlight-code';
import { skipLiteralAutolinksWithoutCandidates, UNNEEDED_CONSTRUCTS, withoutConstructs } from './parser-shortcuts';

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
