import type { Locale } from '../../shared/locales';
import type { Problems } from '../diagnostics/diagnostic';
import type { MessageCatalog } from '../messages/messages';
import type { Route } from '../plan/route-table';
import { locate } from '../read/yaml-source';
import type { ParsedContent, SiteContent } from './content';

/**
 * Every tag a page lists (`tags:` of its front matter, ids) has a name in the page's locale:
 * the message `tags.<id>` of `locales/<locale>.json`. A tag without one is an error at the tag.
 */
export function checkTagNames(routes: readonly Route[], content: SiteContent, parsed: ParsedContent, catalog: MessageCatalog, problems: Problems): void {
  for (const route of routes) {
    const pages = content.get(route.id);
    if (!pages) continue;
    for (const locale of Object.keys(route.paths) as Locale[]) {
      const tags = pages[locale]?.data.tags;
      if (!Array.isArray(tags)) continue;
      tags.forEach((tag, index) => {
        if (typeof tag !== 'string' || catalog[locale]?.has(`tags.${tag}`)) return;
        const frontMatter = parsed.get(route.id)?.[locale]?.frontMatter();
        const where = frontMatter ? locate(frontMatter.source(), ['tags', index]) : {};
        problems.add('content/unknown-tag', `the tag "${tag}" has no name in ${locale}: locales/${locale}.json has no message tags.${tag}`, {
          ...where,
          hint: `add "${tag}": "<its name in ${locale}>" under "tags" in locales/${locale}.json, or use a tag that has one`,
        });
      });
    }
  }
}
