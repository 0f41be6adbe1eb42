/** What `escapeXml` replaces or drops. */
const SPECIAL = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** Text or an attribute value for XML: the five characters with a meaning in markup as entities. */
export function escapeXml(value: string): string {
  // Most values (URLs, dates, most titles) have none: one test instead of six passes (the
  // sitemap and feeds escape every page's URLs on each build, and on each edit in watch mode).
  if (!SPECIAL.test(value)) return value;
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    // Control characters other than tab and line ends are not allowed in XML 1.0 at all.
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
}
