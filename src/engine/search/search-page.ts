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
