import type { Element, ElementContent } from 'hast';
import type { Code as CodeNode, Paragraph, Parent } from 'mdast';
import type { Code } from '../diagnostics/diagnostic';
import type { HighlighterCore } from 'shiki/core';
import { CODE_BLOCK_CLASS, CODE_SCHEMES, codeClasses } from '../../shared/code-palette';

/**
 * Fenced code with a language, highlighted at build time with Shiki (the VS Code grammars) into
 * static HTML: token classes from `shared/code-palette.ts`, no client script but the copy button
 * the templates add. Shiki is loaded on the first block that needs it, and each language on the
 * first block written in it, so a build without code (or a warm one, which renders no body)
 * never loads it.
 */
export interface CodeHighlighter {
  /** Gets ready for these fence languages (loads Shiki and their grammars); resolves at once when ready. */
  prepare(languages: readonly string[]): Promise<void> | undefined;
  /**
   * The block as the HTML element that replaces `<pre>`: a frame with the language's name and
   * the highlighted `<pre>`. `plain` for a language that needs no highlighting (`text`), and
   * `unknown` for one Shiki does not know; both render as plain code. Only after `prepare`.
   */
  highlight(text: string, language: string): Element | 'plain' | 'unknown';
  /** How many blocks were highlighted rather than taken from the cache. */
  readonly highlighted: number;
}

/** Fence languages that mean "no highlighting", not a language to look up. */
const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext']);

/** Highlighted blocks kept per thread, by language and text (the same snippet in three locales is highlighted once). */
const CACHED_BLOCKS = 2000;

interface Language {
  id: string;
  name: string;
  load: () => Promise<unknown>;
}

export function createCodeHighlighter(): CodeHighlighter {
  let shiki: HighlighterCore | undefined;
  let languages: Map<string, Language> | undefined;
  const loaded = new Set<string>();
  const cache = new Map<string, Element>();
  let loading: Promise<void> = Promise.resolve();
  let highlighted = 0;

  const lookUp = (fence: string) => languages?.get(fence.toLowerCase());
  const needed = (fences: readonly string[]) =>
    !shiki || fences.some((fence) => !PLAIN.has(fence.toLowerCase()) && lookUp(fence) !== undefined && !loaded.has(lookUp(fence)!.id));

  return {
    prepare(fences) {
      const wanted = fences.filter((fence) => !PLAIN.has(fence.toLowerCase()));
      if (wanted.length === 0 || !needed(wanted)) return undefined;
      // One load at a time: two bodies asking for the same grammar load it once.
      loading = loading.then(async () => {
        if (!shiki) ({ shiki, languages } = await loadShiki());
        const grammars = [...new Set(wanted.map(lookUp).filter((language): language is Language => language !== undefined && !loaded.has(language.id)))];
        await shiki.loadLanguage(...(await Promise.all(grammars.map((language) => language.load()))) as Parameters<HighlighterCore['loadLanguage']>);
        for (const language of grammars) loaded.add(language.id);
      });
      return loading;
    },
    highlight(text, fence) {
      if (PLAIN.has(fence.toLowerCase())) return 'plain';
      const language = lookUp(fence);
      if (!language) return 'unknown';
      if (!shiki || !loaded.has(language.id)) throw new Error(`code language ${fence} was not prepared`);
      const key = `${language.id}\0${text}`;
      let block = cache.get(key);
      if (!block) {
        block = blockElement(shiki, text, language);
        highlighted++;
        if (cache.size >= CACHED_BLOCKS) cache.delete(cache.keys().next().value!);
        cache.set(key, block);
      }
      // The syntax tree takes the element in: each use gets its own copy.
      return structuredClone(block);
    },
    get highlighted() {
      return highlighted;
    },
  };
}

async function loadShiki(): Promise<{ shiki: HighlighterCore; languages: Map<string, Language> }> {
  const [{ createHighlighterCore }, { createOnigurumaEngine }, { bundledLanguagesInfo }, light, dark] = await Promise.all([
    import('shiki/core'),
    import('shiki/engine/oniguruma'),
    import('shiki/langs'),
    import('@shikijs/themes/github-light-default'),
    import('@shikijs/themes/github-dark-default'),
  ]);
  // Copies: Shiki normalizes the themes it is given in place (it adds a rule for the default
  // colours), and the palette (shared/code-palette.ts) reads the same modules in the templates,
  // which on this thread would then number the colours differently from the classes it gave.
  const themes = [structuredClone(light.default), structuredClone(dark.default)];
  const shiki = await createHighlighterCore({ themes, langs: [], engine: createOnigurumaEngine(import('shiki/wasm')) });
  const languages = new Map<string, Language>();
  for (const info of bundledLanguagesInfo) {
    const language = { id: info.id, name: info.name, load: info.import };
    for (const name of [info.id, ...(info.aliases ?? [])]) languages.set(name.toLowerCase(), language);
  }
  return { shiki, languages };
}

/** `<div class="code-block"><div class="code-block__bar"><span class="code-block__lang">TypeScript</span></div><pre class="hl">…</pre></div>` */
function blockElement(shiki: HighlighterCore, text: string, language: Language): Element {
  const lines = shiki.codeToTokensWithThemes(text, {
    lang: language.id,
    themes: { light: CODE_SCHEMES.light.theme, dark: CODE_SCHEMES.dark.theme },
    // No time limit per line: past Shiki's default (500 ms, easily reached on a loaded machine
    // while a grammar's expressions compile) a theme's pass stops early and the rest of the line
    // becomes one token, so the light and dark passes split the text differently and the
    // output would depend on the machine's load rather than on the code.
    tokenizeTimeLimit: 0,
  });
  const code: ElementContent[] = [];
  lines.forEach((tokens, index) => {
    if (index > 0) code.push({ type: 'text', value: '\n' });
    const line: ElementContent[] = [];
    let previous: { classes: string; node: ElementContent } | undefined;
    for (const token of tokens) {
      const classes = codeClasses(token.variants.light ?? {}, token.variants.dark ?? {}).join(' ');
      // Neighbours of one colour are one span (whitespace between two keywords, say).
      if (previous && previous.classes === classes) {
        const target = previous.node.type === 'text' ? previous.node : (previous.node as Element).children[0];
        if (target?.type === 'text') {
          target.value += token.content;
          continue;
        }
      }
      const node: ElementContent = classes
        ? { type: 'element', tagName: 'span', properties: { className: classes.split(' ') }, children: [{ type: 'text', value: token.content }] }
        : { type: 'text', value: token.content };
      line.push(node);
      previous = { classes, node };
    }
    code.push(...line);
  });
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: [CODE_BLOCK_CLASS] },
    children: [
      {
        type: 'element',
        tagName: 'div',
        properties: { className: ['code-block__bar'] },
        children: [{ type: 'element', tagName: 'span', properties: { className: ['code-block__lang'] }, children: [{ type: 'text', value: language.name }] }],
      },
      // A block wider than the screen scrolls: keyboard users can focus it to scroll it.
      { type: 'element', tagName: 'pre', properties: { className: ['hl'], tabIndex: 0 }, children: [{ type: 'element', tagName: 'code', properties: {}, children: code }] },
    ],
  };
}

/** A fenced block with a language, and the node that holds it (its frame takes its place there). */
export interface CodeBlock {
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
/** What a block needs of its body's context: where its fence is in the file, and a way to warn. */
export interface CodeContext {
  lineOffset: number;
  warn(code: Code, message: string, where: { line: number; column: number }, hint: string): void;
}

export function highlightBlock({ node: block, parent }: CodeBlock, highlighter: CodeHighlighter, context: CodeContext): void {
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
