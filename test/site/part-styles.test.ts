import { readFileSync } from 'node:fs';
import { transform } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { minifiedCss, partStylesOf } from '../../src/templates/components/part-styles';
import { classesIn } from '../../src/shared/html-walk';
import { CHOICE_CONTROL_STYLES, CONSENT_DIALOG_STYLES } from '../../src/shared/control-styles';
import { CODE_STYLES } from '../../src/templates/components/code-blocks';
import { realSite, type RealSite } from '../helpers/real-site';

let site: RealSite;
beforeAll(async () => {
  site = await realSite();
});

/** The page's `<style>` elements after the first (the stylesheet) and the search box's. */
function styleElements(html: string): string[] {
  return [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]!);
}

/** Main content with every part. */
const EVERY_PART = '<section class="hero"></section><div class="card-grid"></div><header class="page-header"></header><div class="layout"></div><div class="table-scroll"></div><div class="article-layout"></div><div class="positions"></div><form class="form">';

const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
const pagesHtml = () => [...site.files].filter(([file]) => file.endsWith('.html')) as [string, string][];

describe('styles of parts only some pages have', () => {
  it('are chosen by a whole class name or an element in the main content', () => {
    expect(partStylesOf(classesIn('<div class="container article-layout">'))).toHaveLength(1);
    expect(partStylesOf(classesIn('<div class="article-layout wide">'))).toHaveLength(1);
    expect(partStylesOf(classesIn('<p class="table-scroll__hint">'))).toEqual([]);
    expect(partStylesOf(classesIn('<div class="positions-old">'))).toEqual([]);
    expect(partStylesOf(classesIn('<form class="form" id="form">'))).toHaveLength(1);
    expect(partStylesOf(classesIn('<form class="search">'))).toEqual([]);
    expect(partStylesOf(classesIn('<main><p>Text</p></main>'))).toEqual([]);
    // A part with several elements: any one of them brings it.
    const sidebar = partStylesOf(classesIn('<div class="layout">'));
    expect(sidebar).toHaveLength(1);
    for (const name of ['panel', 'facts', 'chips', 'contact-details']) expect(partStylesOf(classesIn(`<div class="${name}">`)), name).toEqual(sidebar);
    // The contents go with the article's part, which an article has without the sidebars'.
    expect(partStylesOf(classesIn('<nav class="toc">'))).toEqual(partStylesOf(classesIn('<div class="article-layout">')));
    expect(partStylesOf(classesIn('<div class="article-layout"><nav class="toc">'))).toHaveLength(1);
  });

  // Classes are read from the tokenized HTML: the same characters elsewhere are not a class.
  it('are not fooled by a class named in another attribute, a comment, code or CDATA', () => {
    expect(partStylesOf(classesIn('<div data-class="x form" title="class=&quot;form&quot;">'))).toEqual([]);
    expect(partStylesOf(classesIn('<!-- <div class="positions"> --><p>x</p>'))).toEqual([]);
    expect(partStylesOf(classesIn('<pre><code>&lt;div class="article-layout"&gt;</code></pre><script>"<div class=\\"form\\">"</script>'))).toEqual([]);
    expect(partStylesOf(classesIn('<svg><style><![CDATA[ <g class="table-scroll"> ]]></style></svg><p title="a > b" class="positions">'))).toHaveLength(1);
  });

  it('are minified: no comments, no line breaks, balanced braces', () => {
    const all = partStylesOf(classesIn(EVERY_PART));
    expect(all).toHaveLength(7);
    for (const css of all) {
      expect(css).not.toMatch(/\/\*|\n/);
      expect(css.split('{').length).toBe(css.split('}').length);
      expect(css).not.toMatch(/;}/);
    }
  });

  // esbuild's minifier reads a stylesheet into rules and writes them out again: the same
  // output for the source and for the hand-minified text means the same rules, values and
  // selectors. Each part's source as written, and what a hand minifier gets wrong most often.
  it('are minified without changing a rule, as esbuild reads them', async () => {
    const source = readFileSync(new URL('../../src/templates/components/part-styles.ts', import.meta.url), 'utf8');
    const parts = [...source.matchAll(/ css`(\n[^`]*)`/g)].map((match) => match[1]!);
    expect(parts).toHaveLength(7);
    // The check boxes' and radio buttons' (the form's part, and the consent settings'), written compact.
    parts.push(CHOICE_CONTROL_STYLES, CONSENT_DIALOG_STYLES);
    const tricky = [
      `.a :hover, .b > .c + .d ~ .e { margin: 0.5rem calc(1rem + 2px) -0.25rem; }`,
      `.x::before { content: 'a, b: c { d }'; font-family: "Some Font", sans-serif !important; }`,
      `@media (min-width: 40rem) and (max-width: 60.5rem) { .y { grid-template-areas: "a b" "c d"; } }`,
      `.z { --gap: 1rem , 2rem; width: min(100%, 10.5rem); background: url("a b.svg") 0.5rem / 2rem; }`,
      `.w:is(input:not([type=checkbox], [type=radio]), select) { transition: color 0.2s, border-color 0.2s }`,
    ];
    const esbuildReads = async (css: string) => (await transform(css, { loader: 'css', minify: true })).code;
    let before = 0;
    let after = 0;
    for (const css of [...parts, ...tricky]) {
      const minified = minifiedCss(css);
      expect(await esbuildReads(minified), css).toBe(await esbuildReads(css));
      before += (await esbuildReads(css)).length;
      after += minified.length;
    }
    // Close to esbuild's own (which also shortens colours and merges rules): within a few percent.
    expect(after / before).toBeLessThan(1.05);
  });

  it('reach every page that has the part, and no other page, in every locale', () => {
    let withParts = 0;
    for (const [file, html] of pagesHtml()) {
      const expected = partStylesOf(classesIn(mainOf(html)));
      const styles = styleElements(html);
      for (const css of expected) expect(styles, file).toContain(css);
      // No part's styles on a page that does not have it.
      const all = partStylesOf(classesIn(EVERY_PART));
      for (const css of all.filter((css) => !expected.includes(css))) expect(styles, file).not.toContain(css);
      if (expected.length > 0) withParts++;
    }
    expect(withParts).toBeGreaterThan(30);
  });

  it('give the code blocks\' styles to exactly the pages whose main content has a <pre>', () => {
    let withCode = 0;
    for (const [file, html] of pagesHtml()) {
      const preformatted = /<pre[\s>]/.test(mainOf(html));
      expect(styleElements(html).includes(CODE_STYLES), file).toBe(preformatted);
      if (preformatted) withCode++;
    }
    expect(withCode).toBeGreaterThan(0);
  });

  it('give the home pages the cards and the hero only, and no page the consent settings\' or a form\'s controls but the forms\'', () => {
    const cards = partStylesOf(classesIn('<div class="card-grid">'));
    expect(cards).toHaveLength(1);
    expect(cards[0]).toContain('.hero{');
    for (const file of ['index.html', 'hu/index.html', 'de/index.html']) {
      expect(partStylesOf(classesIn(mainOf(site.files.get(file) as string))), file).toEqual(cards);
    }
    // The consent settings adopt their styles when they open (CookieConsent.tsx); a page with a
    // form has the check boxes' in its form's part, and only then.
    for (const [file, html] of pagesHtml()) {
      expect(html, file).not.toContain('.consent-dialog{');
      expect(html.includes('input[type=checkbox]'), file).toBe(classesIn(mainOf(html)).has('form'));
    }
    // Every other page has the page header, and most a sidebar (not the career pages, nor the
    // articles); the article, the privacy policy's cookie table, the positions (the career
    // page's cards and each position's page, with its apply form) and the forms each get theirs.
    // The contents come with the article's part: the about page and the privacy policy have
    // them beside a sidebar.
    const count = (file: string) => partStylesOf(classesIn(mainOf(site.files.get(file) as string))).length;
    expect(count('clickup-as-erp/index.html')).toBe(3);
    expect(count('about-us/index.html')).toBe(3);
    expect(count('hu/adatvedelem/index.html')).toBe(4);
    expect(count('de/karriere/index.html')).toBe(2);
    expect(count('de/karriere/senior-react-entwickler/index.html')).toBe(3);
    expect(count('offer/index.html')).toBe(3);
    expect(count('hu/kapcsolat/index.html')).toBe(3);
  });
});
