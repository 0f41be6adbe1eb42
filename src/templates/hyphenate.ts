/**
 * Build-time hyphenation: soft hyphens (U+00AD) from TeX patterns (the `hyphen` package) in the
 * long words of a page's text, so a heading or a card title that has to break a word breaks it
 * at a syllable, with a hyphen, in every browser. CSS `hyphens: auto` depends on dictionaries
 * that many browsers lack (Chromium on Linux and Windows has none for German or Hungarian).
 */
import { hasAttribute, walkHtml, type HtmlTag } from '../shared/html-walk';
import { flattenPatterns, patternHyphenator } from './pattern-hyphenator';

export const SOFT_HYPHEN = '\u00AD';

/**
 * The languages with patterns here, by primary language subtag (a locale's `tag` in site.yaml
 * picks them: `de-AT` uses `de`). A language without patterns is left to CSS `hyphens: auto`.
 * `minWordLength`: words shorter than this are left alone: they fit any line the site has, the
 * largest heading at 320 px in the fallback font too, so headings do not break them needlessly.
 * German and Hungarian compounds get long quickly; English words seldom need it.
 */
const LANGUAGES: Readonly<Record<string, Language>> = {
  // CommonJS modules without an export map: the file. Each is loaded when a word first needs it
  // (parsing the Hungarian patterns alone takes about 150 ms): a build that renders only English
  // pages, or pages without long words, never loads the others.
  en: language(13, () => require('hyphen/en-us/index.js') as Patterns),
  hu: language(12, () => require('hyphen/hu/index.js') as Patterns),
  de: language(12, () => require('hyphen/de/index.js') as Patterns),
};

type Patterns = typeof import('hyphen/en-us/index.js').default;

interface Language {
  minWordLength: number;
  /** One word of letters, at least `minWordLength` long, with soft hyphens at its breaks. */
  hyphenate: (word: string) => string;
  /** Runs of at least `minWordLength` UTF-16 units between spaces: only they can hold a word long enough to hyphenate. */
  longChunks: RegExp;
  /** Each long word as `hyphenateWord` returns it (TeX's minimum fragments kept). */
  words: Map<string, string>;
}

function language(minWordLength: number, load: () => Patterns): Language {
  let hyphenate: ((word: string) => string) | undefined;
  return {
    minWordLength,
    hyphenate: (word) => (hyphenate ??= hyphenatorOf(load(), minWordLength))(word),
    longChunks: new RegExp(`\\S{${minWordLength},}`, 'g'),
    words: new Map(),
  };
}

/**
 * The package's breaks, found by `pattern-hyphenator.ts` (several times faster, the same
 * result) over the flattened trie a built sitegen keeps in lib/ (from the package's patterns
 * when run from its sources); `SITEGEN_HYPHENATOR=package` makes a build use the package's own
 * `hyphenateSync`, to compare the two (docs/performance.md, "Hyphenation").
 */
function hyphenatorOf(patterns: Patterns, minWordLength: number): (word: string) => string {
  if (process.env.SITEGEN_HYPHENATOR === 'package') return (word) => patterns.hyphenateSync(word, { minWordLength });
  return patternHyphenator(patterns.flatPatterns ?? flattenPatterns(patterns.patterns));
}

/** The patterns for a BCP 47 language tag, or undefined when there are none for its language. */
function languageOf(tag: string): Language | undefined {
  let language = languages.get(tag);
  if (language === undefined && !languages.has(tag)) {
    language = LANGUAGES[tag.split('-')[0]!.toLowerCase()];
    languages.set(tag, language);
  }
  return language;
}

/** Each tag's language, once looked up: a page asks for every word of its text. */
const languages = new Map<string, Language | undefined>();

/** Runs of letters (with combining marks): what a hyphenation pattern applies to. */
const LETTERS = /[\p{L}\p{M}]+/gu;
/** A chunk between spaces that is an address, not prose: a URL, an e-mail, a domain, a path. */
const ADDRESS = /[/@\\]|\p{L}\.\p{L}|^www\.|:\/\//u;
/** Brand and product names are not hyphenated: ClickUp, PocketBase, GitHub. */
const CAMEL = /\p{Lu}.*\p{Lu}|\p{Ll}\p{Lu}/u;

/** One word in a language (a BCP 47 tag) with soft hyphens where the patterns allow a break, or as it is when it is short. */
export function hyphenateWord(word: string, tag: string): string {
  const language = languageOf(tag);
  // A word shorter in UTF-16 units is shorter in characters too: most words stop at the first test.
  if (!language || word.length < language.minWordLength) return word;
  // Every long word once per language: a page repeats its words, and a build its pages' words.
  let result = language.words.get(word);
  if (result === undefined) {
    result = [...word].length < language.minWordLength || CAMEL.test(word) || word.includes(SOFT_HYPHEN) ? word : keepFragments(language.hyphenate(word));
    if (language.words.size > 50_000) language.words.clear();
    language.words.set(word, result);
  }
  return result;
}

/** Drops breaks that would leave fewer than two letters before or three after them. */
function keepFragments(word: string): string {
  const parts = word.split(SOFT_HYPHEN);
  if (parts.length === 1) return word;
  const letters = parts.map((part) => [...part].length);
  const total = letters.reduce((sum, n) => sum + n, 0);
  let out = parts[0]!;
  let before = letters[0]!;
  for (let i = 1; i < parts.length; i++) {
    out += before >= 2 && total - before >= 3 ? SOFT_HYPHEN + parts[i] : parts[i];
    before += letters[i]!;
  }
  return out;
}

/** Plain text with soft hyphens in its long words; addresses and brand names stay whole. */
export function hyphenateText(text: string, tag: string): string {
  const language = languageOf(tag);
  if (!language) return text;
  // Only a chunk at least as long as the shortest word hyphenated can hold one.
  return text.replace(language.longChunks, (chunk) => (ADDRESS.test(chunk) ? chunk : chunk.replace(LETTERS, (word) => hyphenateWord(word, tag))));
}

/** Elements whose text is code, script or not shown: never hyphenated. */
const SKIP = new Set(['code', 'pre', 'kbd', 'samp', 'script', 'style', 'textarea', 'title', 'svg', 'math', 'sitegen-island', 'template']);

/**
 * HTML with soft hyphens in the long words of its text. Tags, attributes, character references,
 * comments, code, scripts, islands (which hydrate against the markup React renders) and links or
 * buttons named by `aria-label` are left as they are. The HTML is tokenized (`walkHtml`), so
 * only what a browser shows as text is touched. `seen`, when given, gets every opening tag with
 * its attributes: a caller that reads the same HTML's tags needs no tokenization of its own.
 */
export function hyphenateHtml(html: string, language: string, seen?: (tag: HtmlTag) => void): string {
  if (!languageOf(language)) {
    if (seen) walkHtml(html, { open: seen });
    return html;
  }
  let out = '';
  let at = 0;
  // One entry per open element: whether its text is left alone (it or an element around it is skipped).
  const skipped: boolean[] = [];
  let skipping = 0;
  walkHtml(html, {
    // Only links' and buttons' attributes matter here, unless the caller reads the tags.
    attributesOf: seen ? undefined : (name) => name === 'a' || name === 'button',
    open(tag) {
      seen?.(tag);
      // A link or button named by `aria-label` shows text that must read as part of that name
      // (WCAG 2.5.3, label in name): a soft hyphen in it would not.
      const skip = skipping > 0 || SKIP.has(tag.name) || ((tag.name === 'a' || tag.name === 'button') && hasAttribute(tag, 'aria-label'));
      skipped.push(skip);
      if (skip) skipping++;
    },
    close() {
      if (skipped.pop()) skipping--;
    },
    text(start, end) {
      if (skipping > 0) return;
      out += html.slice(at, start) + text(html.slice(start, end));
      at = end;
    },
  });
  return out + html.slice(at);

  function text(chunk: string): string {
    // Character references stay whole: `&amp;`, `&#x3C;`.
    return chunk.replace(/&[#\w]+;|[^&]+/g, (part) => (part.startsWith('&') && part.endsWith(';') ? part : hyphenateText(part, language)));
  }
}
