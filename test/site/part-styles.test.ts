import { beforeAll, describe, expect, it } from 'vitest';
import { partStylesOf } from '../../src/templates/components/part-styles';
import { realSite, type RealSite } from '../helpers/real-site';

let site: RealSite;
beforeAll(async () => {
  site = await realSite();
});

/** The page's `<style>` elements after the first (the stylesheet) and the search box's. */
function styleElements(html: string): string[] {
  return [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]!);
}

const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
const pagesHtml = () => [...site.files].filter(([file]) => file.endsWith('.html')) as [string, string][];

describe('styles of parts only some pages have', () => {
  it('are chosen by a whole class name or an element in the main content', () => {
    expect(partStylesOf('<div class="container article-layout">')).toHaveLength(1);
    expect(partStylesOf('<div class="article-layout wide">')).toHaveLength(1);
    expect(partStylesOf('<p class="table-scroll__hint">')).toEqual([]);
    expect(partStylesOf('<div class="positions-old">')).toEqual([]);
    expect(partStylesOf('<form class="form" id="form">')).toHaveLength(1);
    expect(partStylesOf('<form class="search">')).toEqual([]);
    expect(partStylesOf('<main><p>Text</p></main>')).toEqual([]);
  });

  it('are minified: no comments, no line breaks, balanced braces', () => {
    const all = partStylesOf('<div class="table-scroll"></div><div class="article-layout"></div><div class="positions"></div><form class="form">');
    expect(all).toHaveLength(4);
    for (const css of all) {
      expect(css).not.toMatch(/\/\*|\n/);
      expect(css.split('{').length).toBe(css.split('}').length);
      expect(css).not.toMatch(/;}/);
    }
  });

  it('reach every page that has the part, and no other page, in every locale', () => {
    let withParts = 0;
    for (const [file, html] of pagesHtml()) {
      const expected = partStylesOf(mainOf(html));
      const styles = styleElements(html);
      for (const css of expected) expect(styles, file).toContain(css);
      // No part's styles on a page that does not have it.
      const all = partStylesOf('<div class="table-scroll"></div><div class="article-layout"></div><div class="positions"></div><form class="form">');
      for (const css of all.filter((css) => !expected.includes(css))) expect(styles, file).not.toContain(css);
      if (expected.length > 0) withParts++;
    }
    expect(withParts).toBeGreaterThan(30);
  });

  it('leave the home pages with the stylesheet and the search box only', () => {
    for (const file of ['index.html', 'hu/index.html', 'de/index.html']) {
      expect(partStylesOf(mainOf(site.files.get(file) as string)), file).toEqual([]);
    }
    // The article, the privacy policy's cookie table, the career page (postings and their apply
    // forms) and the forms each get theirs.
    expect(partStylesOf(mainOf(site.files.get('clickup-as-erp/index.html') as string))).toHaveLength(2);
    expect(partStylesOf(mainOf(site.files.get('hu/adatvedelem/index.html') as string))).toHaveLength(1);
    expect(partStylesOf(mainOf(site.files.get('de/karriere/index.html') as string))).toHaveLength(2);
    expect(partStylesOf(mainOf(site.files.get('offer/index.html') as string))).toHaveLength(1);
    expect(partStylesOf(mainOf(site.files.get('hu/kapcsolat/index.html') as string))).toHaveLength(1);
  });
});
