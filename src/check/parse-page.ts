import { Parser } from 'htmlparser2';
import { parseSrcset } from 'srcset';

/** What a reference in a page points at, named the way findings describe it. */
export type ReferenceKind = 'link' | 'image' | 'script' | 'stylesheet' | 'icon' | 'preload' | 'resource' | 'media' | 'frame' | 'form action' | 'island script';

/** A URL a page refers to, as written. */
export interface Reference {
  kind: ReferenceKind;
  url: string;
  /** A language menu link or an `hreflang` link: the only references that may lead to another locale. */
  crossLocale: boolean;
}

/** An `<a>` or `<link>` with `hreflang`. */
export interface LocaleLink {
  hreflang: string;
  href: string;
}

/** Everything the rules need from one HTML document, collected in a single pass. */
export interface PageFacts {
  /** `<html lang>`, undefined when absent. */
  lang: string | undefined;
  /** Text of each `<title>` of the document (not of inline SVG), whitespace collapsed. */
  titles: string[];
  /** `content` of each `<meta name="description">`. */
  descriptions: string[];
  noindex: boolean;
  h1Count: number;
  /** How often each `id` occurs. */
  ids: Map<string, number>;
  /** `src` (or an empty string) of each `<img>` without an `alt` attribute. */
  imagesWithoutAlt: string[];
  references: Reference[];
  canonicals: string[];
  /** `<link rel="alternate" hreflang>` without a `type`: the page in other languages. */
  alternates: LocaleLink[];
  /** Links of the language menu (`<a hreflang data-locale>`), by the locale they name. */
  languageMenu: LocaleLink[];
  /** `data-props` of each island: the id of its props script. */
  islandProps: string[];
  /** `<script type="application/json" id="sitegen-config">`, parsed, or why it does not parse. */
  runtimeConfig: { value: unknown } | { error: string } | undefined;
}

const RUNTIME_CONFIG_ID = 'sitegen-config';

/** Returns one shared copy of each string it is given. */
export type Interner = (text: string) => string;

/**
 * An interner for the strings the facts keep. The parser hands out slices of the page's text,
 * and a slice keeps the whole text in memory; a copy does not, and pages share one copy of
 * the URLs and ids they repeat. Without it, checking 16,000 pages keeps every page in memory.
 */
export function createInterner(): Interner {
  const pool = new Map<string, string>();
  return (text) => {
    let kept = pool.get(text);
    if (kept === undefined) {
      // Concatenating, then slicing, makes V8 copy the characters into a string of their own.
      kept = text.length < 13 ? text : ` ${text}`.slice(1);
      pool.set(kept, kept);
    }
    return kept;
  };
}

/**
 * Reads one HTML document with htmlparser2's streaming parser: no tree is built, so a page
 * costs one pass over its text and a few small arrays.
 */
export function parsePage(html: string, keep: Interner = (text) => text): PageFacts {
  const facts: PageFacts = {
    lang: undefined,
    titles: [],
    descriptions: [],
    noindex: false,
    h1Count: 0,
    ids: new Map(),
    imagesWithoutAlt: [],
    references: [],
    canonicals: [],
    alternates: [],
    languageMenu: [],
    islandProps: [],
    runtimeConfig: undefined,
  };
  let svgDepth = 0;
  // `<template>` content is not part of the document (the error pages keep other locales'
  // bodies there): its ids and headings do not count; its references are still checked.
  let templateDepth = 0;
  let text: string[] | undefined;
  let collecting: 'title' | 'config' | 'style' | undefined;
  const refer = (kind: ReferenceKind, url: string | undefined, crossLocale = false) => {
    if (url !== undefined) facts.references.push({ kind, url: keep(url.trim()), crossLocale });
  };
  const referSrcset = (srcset: string | undefined) => {
    if (srcset) for (const candidate of parseSrcset(srcset)) refer('image', candidate.url);
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'template') templateDepth++;
        const inert = templateDepth > 0;
        const id = attrs.id === undefined ? undefined : keep(attrs.id);
        if (id !== undefined && !inert) facts.ids.set(id, (facts.ids.get(id) ?? 0) + 1);
        if (name === 'svg') svgDepth++;
        if (svgDepth > 0) return;
        switch (name) {
          case 'html':
            if (attrs.lang !== undefined) facts.lang ??= keep(attrs.lang);
            break;
          case 'title':
            collecting = 'title';
            text = [];
            break;
          case 'style':
            // The stylesheet inlined into the page: its url()s are the page's references.
            collecting = 'style';
            text = [];
            break;
          case 'meta': {
            const metaName = attrs.name?.toLowerCase();
            if (metaName === 'description') facts.descriptions.push(keep(attrs.content ?? ''));
            if (metaName === 'robots' && /\bnoindex\b/i.test(attrs.content ?? '')) facts.noindex = true;
            const property = attrs.property?.toLowerCase() ?? metaName;
            if (property === 'og:image' || property === 'og:image:url' || property === 'twitter:image') refer('image', attrs.content);
            break;
          }
          case 'h1':
            if (!inert) facts.h1Count++;
            break;
          case 'a':
          case 'area': {
            const menu = attrs.hreflang !== undefined && attrs['data-locale'] !== undefined;
            if (menu && attrs.href !== undefined && !inert) facts.languageMenu.push({ hreflang: keep(attrs['data-locale']!), href: keep(attrs.href) });
            refer('link', attrs.href, menu || inert);
            if (name === 'a' && attrs.name !== undefined && !inert) facts.ids.set(keep(attrs.name), facts.ids.get(attrs.name) ?? 0);
            break;
          }
          case 'link':
            readLink(attrs, facts, refer, keep);
            break;
          case 'img':
            if (attrs.alt === undefined) facts.imagesWithoutAlt.push(keep(attrs.src ?? ''));
            refer('image', attrs.src);
            referSrcset(attrs.srcset);
            break;
          case 'source':
            refer('media', attrs.src);
            referSrcset(attrs.srcset);
            break;
          case 'video':
            refer('media', attrs.poster);
            refer('media', attrs.src);
            break;
          case 'audio':
          case 'track':
            refer('media', attrs.src);
            break;
          case 'iframe':
            refer('frame', attrs.src);
            break;
          case 'form':
            refer('form action', attrs.action);
            break;
          case 'script':
            refer('script', attrs.src);
            if (id === RUNTIME_CONFIG_ID && !inert) {
              collecting = 'config';
              text = [];
            }
            break;
          case 'sitegen-island':
            refer('island script', attrs['data-src']);
            if (attrs['data-props'] !== undefined && !inert) facts.islandProps.push(keep(attrs['data-props']));
            break;
        }
      },
      ontext(data) {
        if (collecting) text!.push(data);
      },
      onclosetag(name) {
        if (name === 'svg' && svgDepth > 0) svgDepth--;
        if (name === 'template' && templateDepth > 0) templateDepth--;
        if (collecting === 'title' && name === 'title') facts.titles.push(keep(text!.join('').replace(/\s+/g, ' ').trim()));
        else if (collecting === 'config' && name === 'script') facts.runtimeConfig = parseConfig(text!.join(''));
        else if (collecting === 'style' && name === 'style') for (const url of stylesheetReferences(text!.join(''))) refer('resource', url);
        else return;
        collecting = undefined;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return facts;
}

function parseConfig(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

function readLink(
  attrs: Record<string, string>,
  facts: PageFacts,
  refer: (kind: ReferenceKind, url: string | undefined, crossLocale?: boolean) => void,
  keep: Interner,
) {
  const rels = (attrs.rel ?? '').toLowerCase().split(/\s+/);
  const href = attrs.href;
  if (href === undefined) return;
  if (rels.includes('canonical')) {
    facts.canonicals.push(keep(href));
  } else if (rels.includes('alternate') && attrs.hreflang !== undefined && attrs.type === undefined) {
    facts.alternates.push({ hreflang: keep(attrs.hreflang), href: keep(href) });
  } else if (rels.includes('stylesheet')) {
    refer('stylesheet', href);
  } else if (rels.includes('icon') || rels.includes('apple-touch-icon')) {
    refer('icon', href);
  } else if (rels.includes('preload') || rels.includes('modulepreload')) {
    refer('preload', href);
  } else {
    refer('resource', href, attrs.hreflang !== undefined);
  }
}

/**
 * `url(…)` and `@import "…"` of a stylesheet, comments removed; `data:` URLs are skipped by
 * the resolver. esbuild writes them plainly, so a pattern reads them reliably.
 */
export function stylesheetReferences(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const urls = [...text.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)/gi)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
  const imports = [...text.matchAll(/@import\s+(?:"([^"]*)"|'([^']*)')/gi)].map((m) => m[1] ?? m[2] ?? '');
  return [...new Set([...urls, ...imports])].filter((url) => url !== '' && !url.startsWith('#'));
}
