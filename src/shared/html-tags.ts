import { walkHtml, type HtmlAttribute, type HtmlTag } from './html-walk';

/**
 * What `findTags` reports: the start tags of the elements asked for, with their attributes,
 * and their end tags.
 */
export interface TagFinder {
  /** Which elements (by lower-case name) to report. */
  wanted(name: string): boolean;
  open(tag: HtmlTag): void;
  /** An end tag of a wanted element that is open. */
  close(name: string): void;
}

/** Reads the tags a `TagFinder` wants from a page: `findTags`, or `tagsByWalk`. */
export type TagReader = (html: string, finder: TagFinder) => void;

/**
 * The start and end tags of a few elements of a page, found as `walkHtml` finds them, two to
 * three times faster. `walkHtml` (htmlparser2) takes every character through its state machine and
 * every tag through a callback; this jumps from one `<` to the next with `indexOf` and reads
 * only the tags asked for, which is what placing a page's images needs (its `<img>`, preloads,
 * `<main>` and `<picture>`). It is a tokenizer all the same, not a regular expression: it skips
 * comments, declarations, CDATA, the raw text of `<script>`, `<style>` and their kin (not inside
 * SVG or MathML, where they are ordinary elements) and quoted attribute values that hold `<` or
 * `>`, as htmlparser2 does.
 *
 * Where it differs from `walkHtml`: an end tag is reported only as written (`</main>`), never
 * implied by another tag or the end of the input, and only for an element it reported open.
 * The HTML the engine renders (React, the Markdown pipeline) closes what it opens, so the two
 * agree on it; `test/shared/html-tags.test.ts` checks that for every page of the real site and
 * for generated documents of the constructs above.
 */
export function findTags(html: string, finder: TagFinder): void {
  const open = new Map<string, number>();
  /** Elements that switch raw text off (SVG, MathML) or on again (their HTML integration points), innermost last. */
  const contexts: Array<{ name: string; foreign: boolean }> = [];
  const foreign = () => contexts.length > 0 && contexts[contexts.length - 1]!.foreign;
  let at = 0;
  const length = html.length;
  while (at < length) {
    const lt = html.indexOf('<', at);
    if (lt < 0 || lt + 1 >= length) return;
    const next = html.charCodeAt(lt + 1);
    if (isLetter(next)) {
      at = startTag(lt);
    } else if (next === SLASH) {
      at = endTag(lt);
    } else if (next === BANG) {
      at = markup(lt);
    } else if (next === QUESTION) {
      at = until(html, '>', lt + 2);
    } else {
      at = lt + 1;
    }
  }

  /** Reads the start tag at `lt`; returns where reading goes on (past its raw text, if it has any). */
  function startTag(lt: number): number {
    let at = lt + 1;
    while (at < length && !isEndOfName(html.charCodeAt(at))) at++;
    const name = html.slice(lt + 1, at).toLowerCase();
    const wanted = finder.wanted(name);
    const attributes: HtmlAttribute[] = [];
    let selfClosing = false;
    for (;;) {
      while (at < length && (isSpace(html.charCodeAt(at)) || html.charCodeAt(at) === SLASH)) {
        selfClosing = html.charCodeAt(at) === SLASH;
        at++;
      }
      if (at >= length) return length;
      if (html.charCodeAt(at) === GT) break;
      selfClosing = false;
      const nameStart = at;
      // An attribute's name may start with `=`; it ends at the next `=`, space, `/` or `>`.
      at++;
      while (at < length && !isEndOfName(html.charCodeAt(at)) && html.charCodeAt(at) !== EQUALS) at++;
      const nameEnd = at;
      while (at < length && isSpace(html.charCodeAt(at))) at++;
      // Where the value is written, without its quotes, and whether it was in double quotes.
      let valueStart = -1;
      let valueEnd = -1;
      let doubleQuoted = false;
      if (html.charCodeAt(at) === EQUALS) {
        at++;
        while (at < length && isSpace(html.charCodeAt(at))) at++;
        const quote = html.charCodeAt(at);
        if (quote === DOUBLE_QUOTE || quote === SINGLE_QUOTE) {
          const end = html.indexOf(quote === DOUBLE_QUOTE ? '"' : "'", at + 1);
          if (end < 0) return length;
          valueStart = at + 1;
          valueEnd = end;
          doubleQuoted = quote === DOUBLE_QUOTE;
          at = end + 1;
        } else {
          valueStart = at;
          while (at < length && !isSpace(html.charCodeAt(at)) && html.charCodeAt(at) !== GT) at++;
          valueEnd = at;
        }
      }
      if (wanted) {
        const attributeName = html.slice(nameStart, nameEnd);
        const written = valueStart < 0 ? undefined : html.slice(valueStart, valueEnd);
        // As `walkHtml` gives it: a value as it may be written between double quotes.
        const value = written === undefined || doubleQuoted ? written : written.replace(/"/g, '&quot;');
        const lower = attributeName.toLowerCase();
        // The first of two with one name wins, as in a browser.
        if (!attributes.some((attribute) => attribute.name.toLowerCase() === lower)) attributes.push({ name: attributeName, value });
      }
    }
    const end = at + 1;
    const inForeign = foreign();
    // In SVG or MathML, `<x/>` is closed where it opens.
    const closedAlready = selfClosing && inForeign;
    if (wanted) {
      finder.open({ name, attributes, start: lt, end });
      if (!VOID.has(name) && !closedAlready) open.set(name, (open.get(name) ?? 0) + 1);
    }
    if (closedAlready || VOID.has(name)) return end;
    if (name === 'svg' || name === 'math') contexts.push({ name, foreign: true });
    else if (INTEGRATION.has(name)) contexts.push({ name, foreign: false });
    if (inForeign || !RAW_TEXT.has(name)) return end;
    if (name === 'plaintext') return length;
    // Raw text ends at `</name` followed by a space, `/` or `>`, in any case.
    const closing = RAW_TEXT_END.get(name)!;
    closing.lastIndex = end;
    const found = closing.exec(html);
    return found ? found.index : length;
  }

  /** Reads the end tag at `lt` (or the bogus comment `</` starts when no name follows). */
  function endTag(lt: number): number {
    const first = html.charCodeAt(lt + 2);
    if (first === GT) return lt + 3;
    if (!isLetter(first)) return until(html, '>', lt + 2);
    let at = lt + 2;
    while (at < length && !isEndOfName(html.charCodeAt(at))) at++;
    const name = html.slice(lt + 2, at).toLowerCase();
    const end = until(html, '>', at);
    const count = open.get(name);
    if (count !== undefined && count > 0 && finder.wanted(name)) {
      open.set(name, count - 1);
      finder.close(name);
    }
    const index = contexts.map((context) => context.name).lastIndexOf(name);
    if (index >= 0) contexts.length = index;
    return end;
  }

  /** Reads a comment, CDATA section or declaration at `lt` (`<!`). */
  function markup(lt: number): number {
    if (html.startsWith('<!--', lt)) {
      if (html.startsWith('>', lt + 4)) return lt + 5;
      if (html.startsWith('->', lt + 4)) return lt + 6;
      const ends = [html.indexOf('-->', lt + 4), html.indexOf('--!>', lt + 4)].filter((index) => index >= 0);
      if (ends.length === 0) return length;
      const end = Math.min(...ends);
      return end + (html.startsWith('-->', end) ? 3 : 4);
    }
    if (html.startsWith('<![CDATA[', lt)) {
      const end = html.indexOf(']]>', lt + 9);
      return end < 0 ? length : end + 3;
    }
    return until(html, '>', lt + 2);
  }
}

/**
 * `findTags` by the tokenizer walk (`walkHtml`): the same events, end tags implied by others
 * too. What `findTags` stands in for, kept to check it against and to switch back to.
 */
export const tagsByWalk: TagReader = (html, finder) => {
  const open = new Map<string, number>();
  walkHtml(html, {
    attributesOf: (name) => finder.wanted(name),
    open(tag) {
      if (!finder.wanted(tag.name)) return;
      finder.open(tag);
      if (!VOID.has(tag.name)) open.set(tag.name, (open.get(tag.name) ?? 0) + 1);
    },
    close(name) {
      const count = open.get(name);
      if (!count) return;
      open.set(name, count - 1);
      finder.close(name);
    },
  });
};

/** Just past the next `text` from `from`, or the end of `html`. */
function until(html: string, text: string, from: number): number {
  const index = html.indexOf(text, from);
  return index < 0 ? html.length : index + text.length;
}

const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const GT = 0x3e;
const EQUALS = 0x3d;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

function isLetter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}

/** HTML's whitespace between attributes: space, tab, line feed, form feed, carriage return. */
function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;
}

function isEndOfName(code: number): boolean {
  return isSpace(code) || code === SLASH || code === GT;
}

/** Elements without content or end tag. */
const VOID = new Set(['area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

/** Elements whose content is text, not tags (as htmlparser2 reads them). */
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);
const RAW_TEXT_END = new Map([...RAW_TEXT].map((name) => [name, new RegExp(`</${name}[ \\t\\n\\f\\r/>]`, 'gi')]));

/** Elements inside SVG or MathML whose content is HTML again. */
const INTEGRATION = new Set(['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignobject', 'desc', 'title']);
