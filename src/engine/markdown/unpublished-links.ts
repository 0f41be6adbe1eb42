import type { Locale } from '../../shared/locales';
import type { Problems } from '../diagnostics/diagnostic';
import { isOut, type Publication } from '../plan/publication';
import type { Route } from '../plan/route-table';
import { contentPathOf } from './content';

// `[text](route:id`, `[ref]: route:id` and `<route:id>`: the forms a Markdown link to a route takes.
const ROUTE_LINK = /(\]\(\s*<?|\]:\s*<?|<)route:([a-z0-9][a-z0-9-]*)/g;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * A page this build publishes may not link a page it leaves out (a draft, a scheduled or an
 * expired page in the link's locale): the link would lead nowhere. Each such link is an error
 * at its line and column. Pages shown only because the build is a preview (`--drafts`,
 * `--future`) may link whatever they like: they are drafts themselves. Links are found in
 * the Markdown source (outside fenced code), so the check holds for bodies the cache knows too.
 */
export function linksToUnpublished(
  routes: readonly Route[],
  publication: Publication,
  /** The whole text of a content file (by its path relative to `content/`), and its path for errors. */
  textOf: (key: string) => { file: string; text: string } | undefined,
  problems: Problems,
): void {
  for (const route of routes) {
    for (const locale of Object.keys(route.paths) as Locale[]) {
      if (publication.previewed.has(`${route.id}\0${locale}`)) continue;
      const source = textOf(contentPathOf(route, locale));
      if (!source || !source.text.includes('route:')) continue;
      for (const link of routeLinks(source.text)) {
        if (!isOut(publication, link.routeId, locale)) continue;
        problems.add('content/unpublished-link', `link to route "${link.routeId}", whose ${locale} page is not published in this build (a draft, scheduled or expired)`, {
          file: source.file,
          line: link.line,
          column: link.column,
          hint: `remove the link until that page is published, or publish it first; a draft may link it (docs/content.md, "Drafts and scheduled pages")`,
        });
      }
    }
  }
}

/** Every `route:` link of a Markdown text outside fenced code, with its 1-based line and column. */
export function routeLinks(text: string): Array<{ routeId: string; line: number; column: number }> {
  const found: Array<{ routeId: string; line: number; column: number }> = [];
  let fence: string | undefined;
  for (const [index, line] of text.split('\n').entries()) {
    const opening = FENCE.exec(line);
    if (opening) {
      const marker = opening[1]!;
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      continue;
    }
    if (fence !== undefined || !line.includes('route:')) continue;
    for (const match of line.matchAll(ROUTE_LINK)) {
      found.push({ routeId: match[2]!, line: index + 1, column: match.index! + match[1]!.length + 1 });
    }
  }
  return found;
}
