import { describe, expect, it } from 'vitest';
import { routeLinks } from '../../../src/engine/markdown/unpublished-links';
import { decidePublication, momentOf, publishedPages, publishedRoutes, statusOf } from '../../../src/engine/plan/publication';
import { planPages } from '../../../src/engine/plan/plan-pages';
import { Problems } from '../../../src/engine/diagnostics/diagnostic';
import type { Route } from '../../../src/engine/plan/route-table';
import { SITE_LOCALES } from '../../helpers/site';

const NOON = Date.UTC(2026, 0, 15, 12);

describe('publication dates', () => {
  it('read a day as midnight UTC and a date-time with its offset; refuse days that do not exist and times without an offset', () => {
    expect(momentOf('2026-01-15')).toBe(Date.UTC(2026, 0, 15));
    expect(momentOf('2026-01-15T13:00:00+01:00')).toBe(NOON);
    expect(momentOf('2026-01-15T12:00Z')).toBe(NOON);
    expect(momentOf('2026-02-30')).toBeUndefined();
    expect(momentOf('2026-01-15T12:00:00')).toBeUndefined();
    expect(momentOf(20260115)).toBeUndefined();
  });

  it('decide a page\'s status by the build time: draft first, then scheduled, then expired', () => {
    expect(statusOf({ draft: true, publishDate: '2020-01-01' }, NOON)).toEqual({ kind: 'draft' });
    expect(statusOf({ publishDate: '2026-01-15T12:00:01Z' }, NOON)).toEqual({ kind: 'scheduled', publishDate: '2026-01-15T12:00:01Z' });
    // Due at the build's very time: published.
    expect(statusOf({ publishDate: '2026-01-15T12:00:00Z' }, NOON)).toEqual({ kind: 'published' });
    expect(statusOf({ expiryDate: '2026-01-15T12:00:00Z' }, NOON)).toEqual({ kind: 'expired', expiryDate: '2026-01-15T12:00:00Z' });
    expect(statusOf({ expiryDate: '2026-01-16' }, NOON)).toEqual({ kind: 'published' });
    // A mistyped field leaves the page in: its validation reports it.
    expect(statusOf({ draft: 'yes', publishDate: 'soon' }, NOON)).toEqual({ kind: 'published' });
  });
});

describe('the pages a build publishes', () => {
  const route = (id: string): Route => ({
    id,
    template: 'article',
    content: `blog/${id}`,
    parent: 'blog',
    paths: Object.fromEntries(SITE_LOCALES.all.map(({ code }) => [code, `/${id}-${code}`])),
    pagination: undefined,
    tagging: undefined,
    at: {} as Route['at'],
  });
  const routes = [route('kept'), route('partial'), route('draft')];
  const fields: Record<string, Record<string, Record<string, unknown>>> = {
    partial: { hu: { draft: true } },
    draft: { en: { draft: true }, hu: { draft: true }, de: { publishDate: '2027-01-01' } },
  };
  const fieldsOf = (r: Route, locale: string) => fields[r.id]?.[locale];
  const pages = planPages(routes, SITE_LOCALES, new Problems());

  it('leave out what is out, and drop it from the siblings\' alternates', () => {
    const publication = decidePublication(routes, fieldsOf, NOON, { drafts: false, future: false });
    const kept = publishedPages(pages, publishedRoutes(routes, publication), publication);
    expect(kept.some((page) => page.routeId === 'draft')).toBe(false);
    const partial = kept.filter((page) => page.routeId === 'partial');
    expect(partial.map((page) => page.locale).sort()).toEqual(['de', 'en', 'en']);
    for (const page of partial) expect(Object.keys(page.alternates).sort()).toEqual(['de', 'en']);
    expect(kept.filter((page) => page.routeId === 'kept')).toHaveLength(4);
    expect(publishedRoutes(routes, publication).find((r) => r.id === 'draft')!.paths).toEqual({});
    expect(publication.key).not.toBe('');
  });

  it('show drafts and scheduled pages in a preview, labelled; nothing else changes', () => {
    const publication = decidePublication(routes, fieldsOf, NOON, { drafts: true, future: true });
    const kept = publishedPages(pages, publishedRoutes(routes, publication), publication);
    expect(kept).toHaveLength(pages.length);
    expect(kept.find((page) => page.routeId === 'draft' && page.locale === 'de')!.preview).toEqual({ kind: 'scheduled', publishDate: '2027-01-01' });
    expect(kept.find((page) => page.routeId === 'draft' && page.locale === 'hu')!.preview).toEqual({ kind: 'draft' });
    expect(kept.find((page) => page.routeId === 'kept')!.preview).toBeUndefined();
  });

  it('change nothing, and key nothing, for a site with no such page', () => {
    const publication = decidePublication(routes, () => undefined, NOON, { drafts: false, future: false });
    expect(publication.key).toBe('');
    expect(publishedPages(pages, routes, publication)).toEqual(pages);
  });
});

describe('route links in Markdown', () => {
  it('are found in links, references and autolinks with their line and column, not in fenced code', () => {
    const text = ['Intro [a](route:first) and [b]( route:second#part).', '', '```md', '[c](route:in-code)', '```', '[ref]: route:third', 'See <route:fourth>.'].join('\n');
    expect(routeLinks(text)).toEqual([
      { routeId: 'first', line: 1, column: 11 },
      { routeId: 'second', line: 1, column: 33 },
      { routeId: 'third', line: 6, column: 8 },
      { routeId: 'fourth', line: 7, column: 6 },
    ]);
  });
});
