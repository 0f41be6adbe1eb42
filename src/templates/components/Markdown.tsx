/**
 * Renders a page body the engine already turned into sanitized HTML. Each table is wrapped in
 * a box that scrolls sideways when the table is wider than the column (with shadows at the
 * edges that show there is more), focusable so a keyboard scrolls it, named for assistive
 * technology; a hint under it says so on narrow screens.
 */
export function Markdown({
  html,
  className = 'prose',
  tableLabel,
  tableHint,
}: {
  html: string;
  className?: string;
  /** The accessible name of the n-th table's box ("Table 2"): landmarks of one page differ by name. */
  tableLabel?: (number: number) => string;
  tableHint?: string;
}) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: tableLabel ? wrapTables(html, tableLabel, tableHint) : html }} />;
}

/** `<table>` elements inside a scrolling region; the body is sanitized HTML, so tables do not nest in attributes. */
export function wrapTables(html: string, label: (number: number) => string, hint?: string): string {
  if (!html.includes('<table')) return html;
  const note = hint ? `<p class="table-scroll__hint" aria-hidden="true">${escapeText(hint)}</p>` : '';
  let count = 0;
  return html
    .replace(/<table(?: tabindex="0")?>/g, () => `<div class="table-scroll" role="region" tabindex="0" aria-label="${escapeAttribute(label(++count))}"><table>`)
    .replace(/<\/table>/g, `</table></div>${note}`);
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
