import { isLocaleOf, localeInfo, type Locale, type SiteLocales } from '../../shared/locales';
import { aboutDocument, type CheckContext } from '../context';
import type { Code } from '../../engine/inspect';
import type { Finding } from '../finding';

/** Title length in characters, the company name included (docs/check.md says why). */
export const TITLE_LENGTH = { min: 10, max: 70 } as const;
/** Meta description length in characters, as `docs/content.md` asks of the front matter. */
export const DESCRIPTION_LENGTH = { min: 50, max: 170 } as const;
/** The error pages the engine writes beside the route pages, in English (unprefixed) and every other locale (`hu/404.html`). */
export const ERROR_PAGES = ['404.html', 'error.html'] as const;

/** The locale of an error page file (`hu/404.html` is in hu), or undefined for other files. */
export function errorPageLocale(locales: SiteLocales, file: string): Locale | undefined {
  const parts = file.split('/');
  const isErrorPage = (name: string | undefined) => (ERROR_PAGES as readonly string[]).includes(name ?? '');
  if (parts.length === 1) return isErrorPage(parts[0]) ? locales.default : undefined;
  const [first, second] = parts;
  return parts.length === 2 && isLocaleOf(locales, first) && first !== locales.default && isErrorPage(second) ? first : undefined;
}

/**
 * Each route page and error page has `<html lang>` of its locale, one `<h1>`, one title and
 * one meta description of sensible length (not required of `noindex` pages, which search
 * results never show), ids used once, and `alt` on every image.
 */
export function checkPageQuality(context: CheckContext): Finding[] {
  const findings: Finding[] = [];
  for (const document of context.output.documents) {
    const errorLocale = errorPageLocale(context.locales, document.file);
    if (!document.entry && !errorLocale) continue;
    const { facts } = document;
    // An error page is held to its locale as a route page is.
    const entry = document.entry ?? (errorLocale && errorLocale !== context.locales.default ? { locale: errorLocale } : undefined);
    const report = (code: Code, message: string, hint?: string) => findings.push(aboutDocument(context, document, code, message, hint));

    const tag = entry && localeInfo(context.locales, entry.locale).tag;
    if (!facts.lang) report('check/lang', 'has no lang on <html>', tag ? `write <html lang="${tag}">` : undefined);
    else if (entry && primarySubtag(facts.lang) !== primarySubtag(entry.locale)) {
      report('check/lang', `has <html lang="${facts.lang}"> on a page in ${entry.locale}`, `write <html lang="${tag}">`);
    }

    if (facts.h1Count !== 1) {
      report('check/heading', facts.h1Count === 0 ? 'has no <h1>' : `has ${facts.h1Count} <h1> elements`, 'a page has exactly one <h1>, its title; use <h2> and below for its sections');
    }

    checkText(report, facts.titles, '<title>', facts.noindex ? undefined : TITLE_LENGTH, {
      long: 'search results cut longer titles: shorten `title` in the front matter (the company name is added after it)',
      short: 'a title this short tells searchers little: make `title` in the front matter more descriptive',
    });
    checkText(report, facts.descriptions, '<meta name="description">', facts.noindex ? undefined : DESCRIPTION_LENGTH, {
      long: 'search results show about 160 characters: shorten `description` in the front matter',
      short: 'search engines replace a description this short with text of their own: write one or two sentences in `description`',
    });

    for (const [id, count] of facts.ids) {
      if (count > 1) report('check/duplicate-id', `has the id "${id}" ${count} times`, 'ids are unique within a page: links, labels and scripts find the first one only');
    }
    for (const src of new Set(facts.imagesWithoutAlt)) {
      report('check/image-alt', `has an <img${src ? ` src="${src}"` : ''}> without alt`, 'describe the image in alt, or write alt="" when it is decorative');
    }
  }
  return findings;
}

function checkText(
  report: (code: Code, message: string, hint?: string) => void,
  values: readonly string[],
  element: string,
  length: { min: number; max: number } | undefined,
  hints: { long: string; short: string },
): void {
  if (values.length === 0) return report('check/head-text', `has no ${element}`, `every page has one; search results and tabs show it`);
  if (values.length > 1) return report('check/head-text', `has ${values.length} ${element} elements`, 'keep one');
  const text = values[0]!.replace(/\s+/g, ' ').trim();
  if (text === '') return report('check/head-text', `has an empty ${element}`);
  if (!length) return;
  const characters = [...text].length;
  if (characters < length.min || characters > length.max) {
    report('check/head-text', `${element} is ${characters} characters long, outside ${length.min}–${length.max}: "${text}"`, characters > length.max ? hints.long : hints.short);
  }
}

/** `hu` of `hu-HU`: a page's lang and its locale agree on the language. */
function primarySubtag(tag: string): string {
  return tag.split('-')[0]!.toLowerCase();
}
