import { compressPage } from '../cache/cached-pages';
import type { Assets } from '../template-api';

/**
 * What the first round trip of a new connection carries: ten segments of TCP's initial
 * congestion window (RFC 6928). A page whose response is larger paints a round trip later.
 */
export const FIRST_ROUND_TRIP_BYTES = 14_600;

/**
 * What a page's response spends of the first round trip before its HTML: the status line and
 * headers, the security policy's hashes most of them (2.2 KB on this site, `_headers`).
 */
export const RESPONSE_HEAD_BYTES = 2_400;

/**
 * Brotli at its fastest, the copy the build cache keeps of each page, sends 16 to 21 % more bytes
 * than gzip at zlib's default level (what servers send and the budgets measure) for this site's
 * pages: its size divided by this estimates that one. Gzip itself took 4 % of a cold build of the
 * real site, where the copy, made anyway, costs nothing more (docs/performance.md).
 */
const FASTEST_BROTLI_OVER_GZIP = 1.18;

/** A page's HTML, compressed as a server sends it (estimated), and the cache's copy of it, made on the way. */
export function servedSizeOf(html: string): { bytes: number; copy: Uint8Array } {
  const copy = compressPage(html);
  return { bytes: Math.round(copy.length / FASTEST_BROTLI_OVER_GZIP), copy };
}

/**
 * A page with the site's stylesheet inlined (`<style>`, as its template wrote it) keeps it when
 * the page, compressed, fits the first round trip with its response's head; a longer page (an
 * article with its text) links the stylesheet file instead. The inlined stylesheet saves a short
 * page the request before its first paint; on a page past the first round trip it only pushes
 * the page's end, and whatever the largest paint waits for, a round trip later, while the linked
 * file comes on the connection the document warmed and is cached for the next page
 * (docs/performance.md, "Visitors: mobile LCP"; docs/architecture.md, "Stylesheet").
 */
export function placeStylesheet(html: string, stylesheet: Assets['stylesheet']): { html: string; copy?: Uint8Array } {
  if (stylesheet.inline === undefined) return { html };
  const served = servedSizeOf(html);
  if (served.bytes + RESPONSE_HEAD_BYTES <= FIRST_ROUND_TRIP_BYTES) return { html, copy: served.copy };
  const element = `<style>${stylesheet.inline}</style>`;
  const at = html.indexOf(element);
  if (at === -1) return { html, copy: served.copy };
  return { html: `${html.slice(0, at)}<link rel="stylesheet" href="${stylesheet.url}"/>${html.slice(at + element.length)}` };
}
