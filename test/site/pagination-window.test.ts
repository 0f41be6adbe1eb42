import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { I18n } from '../../src/engine/template-api';
import { GAP, Pagination, pagesShown } from '../../src/templates/components/Pagination';

/** Messages as their keys, numbers as digits: enough to read the markup. */
const i18n = { t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${values.page}` : key), number: String } as unknown as I18n;

describe('the numbered links of a paginated listing', () => {
  it('lists every page of a short run', () => {
    expect(pagesShown(1, 1)).toEqual([1]);
    expect(pagesShown(2, 3)).toEqual([1, 2, 3]);
    expect(pagesShown(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pagesShown(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('lists the first, the last and the current page with its neighbours of a long one, with gaps', () => {
    expect(pagesShown(1, 84)).toEqual([1, 2, GAP, 84]);
    expect(pagesShown(40, 84)).toEqual([1, GAP, 39, 40, 41, GAP, 84]);
    expect(pagesShown(84, 84)).toEqual([1, GAP, 83, 84]);
    // A gap of one page shows the page.
    expect(pagesShown(4, 84)).toEqual([1, 2, 3, 4, 5, GAP, 84]);
    expect(pagesShown(81, 84)).toEqual([1, GAP, 80, 81, 82, 83, 84]);
  });

  it('never lists more than seven, and leaves no page unreachable from its neighbours', () => {
    for (let pages = 1; pages <= 120; pages++) {
      for (let page = 1; page <= pages; page++) {
        const shown = pagesShown(page, pages);
        const numbers = shown.filter((item): item is number => item !== GAP);
        expect(shown.length).toBeLessThanOrEqual(7);
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(pages);
        expect(numbers).toContain(page);
        if (page > 1) expect(numbers).toContain(page - 1);
        if (page < pages) expect(numbers).toContain(page + 1);
        // A gap always stands for two pages or more.
        shown.forEach((item, index) => {
          if (item === GAP) expect((shown[index + 1] as number) - (shown[index - 1] as number)).toBeGreaterThan(2);
        });
      }
    }
  });

  it('renders a gap as a mark hidden from screen readers, between plain links', () => {
    const urls = Array.from({ length: 20 }, (_, index) => (index === 0 ? '/blog' : `/blog/page/${index + 1}`));
    const html = renderToStaticMarkup(createElement(Pagination, { pagination: { page: 10, pages: 20, size: 12, urls }, i18n }));
    const items = [...html.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((match) => match[0]);
    expect(items).toEqual([
      '<li><a href="/blog/page/9" rel="prev">hub.previous</a></li>',
      '<li><a href="/blog" aria-label="hub.pageNumber 1">1</a></li>',
      '<li class="pagination__gap" aria-hidden="true">…</li>',
      '<li><a href="/blog/page/9" aria-label="hub.pageNumber 9">9</a></li>',
      '<li><a href="/blog/page/10" aria-current="page" aria-label="hub.pageNumber 10">10</a></li>',
      '<li><a href="/blog/page/11" aria-label="hub.pageNumber 11">11</a></li>',
      '<li class="pagination__gap" aria-hidden="true">…</li>',
      '<li><a href="/blog/page/20" aria-label="hub.pageNumber 20">20</a></li>',
      '<li><a href="/blog/page/11" rel="next">hub.next</a></li>',
    ]);
  });
});
