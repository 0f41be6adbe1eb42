import { aboutDocument, shown, type CheckContext } from '../context';
import type { Code } from '../../engine/inspect';
import type { Finding } from '../finding';
import { pageUrlOf, prefixLocale } from '../resolve';

/**
 * Pages stay in their locale: pages in the default locale (both forms) link its unprefixed
 * URLs, pages in the other locales their own prefixed URLs. The language menu (`<a hreflang
 * data-locale>`) and `hreflang` links are the only way to another locale.
 */
export function checkLocaleLinks(context: CheckContext): Finding[] {
  const findings: Finding[] = [];
  for (const document of context.output.documents) {
    const { entry } = document;
    if (!entry) continue;
    const seen = new Set<string>();
    for (const reference of document.facts.references) {
      if (reference.crossLocale || seen.has(reference.url)) continue;
      seen.add(reference.url);
      const target = context.resolve(reference.url, document.url);
      if (target.kind !== 'internal') continue;
      const link = shown(reference.url, target.path);
      const report = (code: Code, message: string, hint?: string) => findings.push(aboutDocument(context, document, code, message, hint));
      const page = context.output.manifest.get(pageUrlOf(target.path));
      if (!page) {
        // Not a page (a feed, a file): only another locale's prefix is wrong.
        const prefix = prefixLocale(target.path, context.locales);
        if (prefix && prefix !== entry.locale) report('check/foreign-locale-link', `links to ${link}, under the /${prefix} prefix, from a page in ${entry.locale}`, `link the ${entry.locale} version`);
        continue;
      }
      // A link within the page (`#main`) stays where the visitor is.
      if (page.url === document.url) continue;
      const own = page.alternates[entry.locale];
      if (page.locale !== entry.locale) {
        report(
          'check/foreign-locale-link',
          `links to ${link}, a page in ${page.locale}: only the language menu and hreflang links may lead to another locale`,
          `link ${own}, the ${entry.locale} page of route "${page.route}"`,
        );
      } else if (entry.locale === context.locales.default && page.url !== own) {
        report('check/foreign-locale-link', `links to ${link}: pages in ${entry.locale} link the unprefixed ${own}`, `link ${own}; ${page.url} exists for visitors who chose ${entry.locale} explicitly`);
      }
    }
  }
  return findings;
}
