import type { Locale } from '../../shared/locales';

/** A page to be found: its URL, its locale and its HTML as written. */
export interface SearchPage {
  url: string;
  locale: Locale;
  /** The HTML, or how to read it: only the pages of a shard Pagefind indexes are read. */
  html: string | (() => string | Promise<string>);
  /** `contentHash` of its bytes, when the build knows it: a shard's key is made without reading its pages. */
  hash?: string;
}

export function htmlOf(page: SearchPage): string | Promise<string> {
  return typeof page.html === 'string' ? page.html : page.html();
}

/**
 * What Pagefind is sent of a page: its `<main>` (all it indexes: `rootSelector`), alone in a
 * document. The rest (the head with its inline stylesheet and structured data, the site's
 * header and footer) was about half of each page's bytes, encoded, piped and parsed for
 * nothing: the index is the same file for file (`search-page.test.ts`), made in a quarter less
 * time at 1,000 articles x 3 (docs/performance.md, "What Pagefind is sent"). A page without
 * `<main>` is sent whole.
 *
 * Without its soft hyphens: Pagefind indexes a word by its letters, but takes a word with any
 * other character in it for a compound and indexes it a second time as written, soft hyphens
 * and all: an entry no search can match, one for every hyphenated word of a Hungarian or German
 * page (docs/performance.md, "Soft hyphens in the search index").
 *
 * Without the URL of an image written into the page (`data:`, a lead image): Pagefind keeps the
 * first image after the `<h1>` with each result, a few kilobytes more for every visitor who gets
 * that result, where the search box shows none.
 */
export function searchedPart(html: string): string {
  const start = MAIN_START.exec(html)?.index;
  const end = html.lastIndexOf(MAIN_END);
  const part = start === undefined || end < start ? html : `<!doctype html><html><body>${html.slice(start, end + MAIN_END.length)}</body></html>`;
  return part.replace(SOFT_HYPHENS, '').replace(DATA_IMAGE_SOURCE, '$1');
}

/**
 * An `<img>` with a `src` that holds the image, up to the end of that attribute. Read from each
 * `<img` on: a pattern that found `src="data:` first and looked back for its tag took 150 ms of
 * an edit's search step (attribute values hold no `>`: React escapes it, the URL encodes it).
 */
const DATA_IMAGE_SOURCE = /(<img\b[^>]*?)\ssrc="data:[^"]*"/g;

/** A soft hyphen, as the character (what hyphenation inserts) or as a character reference. */
const SOFT_HYPHENS = /\u00AD|&shy;|&#173;|&#x0*ad;/gi;

/** The element Pagefind indexes (its `rootSelector`): the page's main content. */
export const INDEXED_ELEMENT = 'main';
const MAIN_START = new RegExp(`<${INDEXED_ELEMENT}[\\s>]`);
const MAIN_END = `</${INDEXED_ELEMENT}>`;
