/**
 * The typeface's files (public/fonts, docs/design.md "Type"): Latin on every page; Latin
 * Extended (ő, ű) where the page's text needs it for the first paint.
 */
export const FONT_FILES = { latin: '/fonts/figtree-latin.woff2', latinExt: '/fonts/figtree-latin-ext.woff2' } as const;

/** Letters of the Latin Extended file's range (site.css): ő and ű in Hungarian, not German's ä or ß. */
export const LATIN_EXTENDED = /[\u0100-\u024F\u1E00-\u1EFF]/;

/**
 * The class the script below gives `<html>` on the first page of a visit: site.css then sets
 * the text in the fallback faces sized to Figtree (`--font-fallback`), so no font is fetched
 * before the first paint.
 */
export const FONT_LATER_CLASS = 'font-later';

/**
 * Runs in the head, before anything is painted. A page reached from another page of the site
 * (a same-origin referrer) most likely has the font in the browser's cache: the files are
 * preloaded and the text waits for them as `font-display: optional` lets it (about 100 ms at
 * most). The first page of a visit (no referrer, or another site's) gets `FONT_LATER_CLASS` and
 * is painted in the sized fallback at once; the loader, which starts after the first contentful
 * paint, then fetches the files for the pages that follow (`fetchFonts` in
 * widgets/runtime/loader.ts), without adding them to this page's fonts, so nothing on it
 * re-flows. On a phone the 20 KB font was the one request between the document and the largest
 * paint (docs/performance.md, "Visitors: mobile LCP"). One text for every page (one hash in the
 * policy), kept short (it is in every page's first round trip): the files are its `data-fonts`.
 */
export const FONT_LOADING_SCRIPT =
  '(function(d,s,o){if(d.referrer.indexOf(o))d.documentElement.classList.add("' +
  FONT_LATER_CLASS +
  '");else s.dataset.fonts.split(" ").map(function(u){var l=d.createElement("link");l.rel="preload";l.as="font";l.crossOrigin="";l.href=u;d.head.append(l)})})' +
  '(document,document.currentScript,location.origin+"/")';

/**
 * The font files the first paint needs, for `FONT_LOADING_SCRIPT`. Latin Extended is needed
 * when the page's text uses it: its title and description and the texts the widgets show
 * first (the cookie band) tell for the language, with no list of locales in code.
 */
export function FontLoading({ extended }: { extended: boolean }) {
  const files = extended ? [FONT_FILES.latin, FONT_FILES.latinExt] : [FONT_FILES.latin];
  return <script data-fonts={files.join(' ')} dangerouslySetInnerHTML={{ __html: FONT_LOADING_SCRIPT }} />;
}
