import { Parser } from 'htmlparser2';

/**
 * Walks rendered HTML the way a browser tokenizes it (htmlparser2), with the source offsets of
 * every tag and text run, so the places that rewrite a page (images, soft hyphens, the parts a
 * page needs styles for) change exactly the bytes they mean to and copy the rest. A regular
 * expression over the text cannot tell a tag from the same characters in a comment, in script
 * or style, in an attribute value that holds `>`, or in an SVG's CDATA section; the tokenizer
 * can. Nothing is decoded: attribute values and text come as written. A pass that needs a few
 * tags and no text reads them with `findTags` (`html-tags.ts`), the same tags in less time.
 */
export interface HtmlTag {
  /** The element's name in lower case. */
  name: string;
  /** In source order; the first of two with one name wins, as in a browser. */
  attributes: HtmlAttribute[];
  /** Offsets of the tag's `<` and just past its `>`. */
  start: number;
  end: number;
}

export interface HtmlAttribute {
  /** As written (React writes lower case, SVG keeps `viewBox`). */
  name: string;
  /**
   * The value as it may be written between double quotes (character references kept as they
   * are); undefined for an attribute without a value (`<input disabled>`).
   */
  value: string | undefined;
}

export interface HtmlWalker {
  /** Which tags' attributes `open` needs (by lower-case name); default: every tag's. The others come with none, which saves their copies. */
  attributesOf?(name: string): boolean;
  open?(tag: HtmlTag): void;
  /** Every element opened is closed once: by its end tag, or implied (a void element, the end of the input, an end tag further out). */
  close?(name: string): void;
  /** A run of text outside tags and comments, `html.slice(start, end)`; the content of `<script>` and `<style>` too. */
  text?(start: number, end: number): void;
}

/** Walks `html` from start to end, calling `walker` for each tag and text run. */
export function walkHtml(html: string, walker: HtmlWalker): void {
  let attributes: HtmlAttribute[] = [];
  let wanted = true;
  let textStart = -1;
  let textEnd = -1;
  // Text arrives in pieces (a CDATA section's parts, the input's chunks): one run per stretch.
  const flushText = () => {
    if (textStart >= 0) walker.text?.(textStart, textEnd);
    textStart = -1;
  };
  const parser: Parser = new Parser(
    {
      onopentagname(name) {
        // Attributes of a tag the parser drops (a second `<form>`) must not reach the next one.
        attributes = [];
        wanted = walker.attributesOf?.(name) ?? true;
      },
      onattribute(name, value, quote) {
        if (!wanted) return;
        // The first of two with one name wins, as in a browser.
        const lower = name.toLowerCase();
        if (attributes.some((attribute) => attribute.name.toLowerCase() === lower)) return;
        attributes.push({ name, value: quote === undefined ? undefined : quote === '"' ? value : value.replace(/"/g, '&quot;') });
      },
      onopentag(name) {
        flushText();
        const tag = { name, attributes, start: parser.startIndex, end: parser.endIndex + 1 };
        attributes = [];
        walker.open?.(tag);
      },
      onclosetag(name) {
        flushText();
        walker.close?.(name);
      },
      ontext() {
        const start = parser.startIndex;
        const end = parser.endIndex + 1;
        if (textStart >= 0 && start === textEnd) textEnd = end;
        else {
          flushText();
          textStart = start;
          textEnd = end;
        }
      },
      oncomment() {
        flushText();
      },
      onprocessinginstruction() {
        flushText();
      },
    },
    { decodeEntities: false, lowerCaseAttributeNames: false },
  );
  parser.end(html);
  flushText();
}

/** The value of the first attribute called `name` (in any case), as written; undefined when there is none or it has no value. */
export function attributeOf(tag: HtmlTag, name: string): string | undefined {
  return tag.attributes.find((attribute) => attribute.name.toLowerCase() === name)?.value;
}

/** Whether the tag has an attribute called `name` (in any case), with a value or without. */
export function hasAttribute(tag: HtmlTag, name: string): boolean {
  return tag.attributes.some((attribute) => attribute.name.toLowerCase() === name);
}

/** The tag's classes (`class="a b"` gives `a` and `b`). */
export function classesOf(tag: HtmlTag): string[] {
  return (attributeOf(tag, 'class') ?? '').split(/\s+/).filter(Boolean);
}

/** Every class of every element in `html`: what a page holds, to give it only the styles it needs. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  walkHtml(html, {
    open(tag) {
      for (const name of classesOf(tag)) classes.add(name);
    },
  });
  return classes;
}
