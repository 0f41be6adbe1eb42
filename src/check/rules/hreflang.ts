import { homeUrl, isLocaleOf, localeCodes, type Locale } from '../../shared/locales';
import { aboutDocument, type CheckContext } from '../context';
import type { Code } from '../../engine/inspect';
import type { Finding } from '../finding';
import type { LocaleLink } from '../parse-page';
import type { OutputDocument } from '../read-output';
import { pageUrlOf } from '../resolve';

const X_DEFAULT = 'x-default';

/**
 * Every route page names its canonical URL and its route in every locale plus `x-default`
 * (the default locale), with absolute URLs; the pages it names name it back; the language menu links the
 * same route in each locale.
 */
export function checkHreflang(context: CheckContext): Finding[] {
  const findings: Finding[] = [];
  for (const document of context.output.documents) {
    if (!document.entry) continue;
    const report = (code: Code, message: string, hint?: string) => findings.push(aboutDocument(context, document, code, message, hint));
    checkCanonical(context, document, report);
    checkAlternates(context, document, report);
    checkLanguageMenu(context, document, report);
  }
  return findings;
}

type Report = (code: Code, message: string, hint?: string) => void;

function checkCanonical(context: CheckContext, document: OutputDocument, report: Report): void {
  const { entry, facts } = document;
  const expected = context.origin + entry!.alternates[entry!.locale];
  if (facts.canonicals.length === 0) report('check/canonical', 'has no <link rel="canonical">', `add one to ${expected}`);
  else if (facts.canonicals.length > 1) report('check/canonical', `has ${facts.canonicals.length} <link rel="canonical"> elements`, 'keep one');
  else if (facts.canonicals[0] !== expected) report('check/canonical', `its canonical link points at ${facts.canonicals[0]}, not at ${expected}`, `the canonical URL of every form of a page is its unprefixed URL in ${context.locales.default}, its prefixed URL in the other locales`);
}

/** The alternate links of a page grouped by hreflang, in lower case (hreflang values ignore case). */
function alternatesOf(links: readonly LocaleLink[]): Map<string, LocaleLink[]> {
  const byLanguage = new Map<string, LocaleLink[]>();
  for (const link of links) {
    const key = link.hreflang.toLowerCase();
    byLanguage.set(key, [...(byLanguage.get(key) ?? []), link]);
  }
  return byLanguage;
}

function checkAlternates(context: CheckContext, document: OutputDocument, report: Report): void {
  const entry = document.entry!;
  const byLanguage = alternatesOf(document.facts.alternates);
  const EXPECTED = [...localeCodes(context.locales), X_DEFAULT];
  for (const language of byLanguage.keys()) {
    if (!EXPECTED.includes(language)) {
      report('check/hreflang', `has an alternate link with hreflang="${language}", which is not a locale of the site`, `use ${EXPECTED.join(', ')}`);
    }
  }
  for (const language of EXPECTED) {
    const links = byLanguage.get(language) ?? [];
    const locale: Locale = language === X_DEFAULT ? context.locales.default : language;
    const expected = entry.alternates[locale];
    // A locale the route's page is out of (a draft, scheduled or expired there) has no alternate.
    if (expected === undefined) {
      if (links.length > 0) report('check/hreflang', `has <link rel="alternate" hreflang="${language}">, but its route has no ${locale} page in this build`, 'name only the locales the route has a page in');
      continue;
    }
    if (links.length === 0) {
      report('check/hreflang', `has no <link rel="alternate" hreflang="${language}">`, `link ${context.origin}${expected}: every page names its route in ${EXPECTED.join(', ')}`);
      continue;
    }
    if (links.length > 1) {
      report('check/hreflang', `has ${links.length} <link rel="alternate" hreflang="${language}"> elements`, 'keep one per language');
      continue;
    }
    const href = links[0]!.href;
    if (!/^https?:\/\//i.test(href)) {
      report('check/hreflang', `hreflang="${language}" points at ${href}, which is not an absolute URL`, `write ${context.origin}${expected}: search engines read hreflang URLs only in full`);
      continue;
    }
    const target = context.resolve(href, document.url);
    if (target.kind !== 'internal') {
      report('check/hreflang', `hreflang="${language}" points at ${href}, which is not on ${context.origin}`, 'the site URL is `url` in content/site.yaml');
      continue;
    }
    const page = context.output.manifest.get(pageUrlOf(target.path));
    if (!page) {
      report('check/hreflang', `hreflang="${language}" points at ${target.path}, which is not a page of this build`, `the ${locale} page of route "${entry.route}" is ${expected}`);
    } else if (page.route !== entry.route) {
      report('check/hreflang', `hreflang="${language}" points at ${page.url}, a page of route "${page.route}", not "${entry.route}"`, `the ${locale} page of this route is ${expected}`);
    } else if (page.locale !== locale) {
      report('check/hreflang', `hreflang="${language}" points at ${page.url}, a page in ${page.locale}`, `the ${locale} page of this route is ${expected}`);
    } else if (page.url !== expected) {
      report('check/hreflang', `hreflang="${language}" points at ${page.url}, not at the canonical ${expected}`, `name each page by its canonical URL`);
    } else if (language !== X_DEFAULT && locale !== entry.locale) {
      checkReciprocal(context, document, language, page.url, report);
    }
  }
}

/** The page `targetUrl` names this page's canonical URL under this page's locale. */
function checkReciprocal(context: CheckContext, document: OutputDocument, language: string, targetUrl: string, report: Report): void {
  const entry = document.entry!;
  const target = context.pageByUrl.get(targetUrl);
  if (!target) return; // a missing page is the routes rule's finding
  const back = alternatesOf(target.facts.alternates).get(entry.locale) ?? [];
  const own = context.origin + entry.alternates[entry.locale];
  if (back.length === 0) {
    report('check/hreflang', `hreflang="${language}" points at ${targetUrl}, which does not point back: it has no hreflang="${entry.locale}"`, `${targetUrl} needs <link rel="alternate" hreflang="${entry.locale}" href="${own}">`);
    return;
  }
  // How the link back is written (relative, duplicated) is the target's own finding.
  const resolved = back.length === 1 ? context.resolve(back[0]!.href, targetUrl) : undefined;
  if (resolved && !(resolved.kind === 'internal' && pageUrlOf(resolved.path) === entry.alternates[entry.locale])) {
    report('check/hreflang', `hreflang="${language}" points at ${targetUrl}, which does not point back: its hreflang="${entry.locale}" is ${back[0]!.href}`, `hreflang links are reciprocal: ${targetUrl} must name ${own}`);
  }
}

function checkLanguageMenu(context: CheckContext, document: OutputDocument, report: Report): void {
  const { entry, facts } = document;
  if (facts.languageMenu.length === 0) return;
  for (const link of facts.languageMenu) {
    if (!isLocaleOf(context.locales, link.hreflang)) report('check/language-menu', `the language menu has a link for "${link.hreflang}", which is not a locale of the site`);
  }
  for (const locale of localeCodes(context.locales)) {
    const links = facts.languageMenu.filter((link) => link.hreflang === locale);
    // A locale the route's page is out of: the menu leads to that locale's home page.
    const expected = entry!.alternates[locale] ?? homeUrl(context.locales, locale);
    if (links.length === 0) report('check/language-menu', `the language menu has no ${locale} link`, `link ${expected}, the ${locale} page of route "${entry!.route}"`);
    for (const link of links) {
      const target = context.resolve(link.href, document.url);
      const url = target.kind === 'internal' ? pageUrlOf(target.path) : link.href;
      if (url !== expected) report('check/language-menu', `the language menu links ${locale} to ${link.href}, not to ${expected}`, `link the same route: ${expected} is its ${locale} page`);
    }
  }
}
