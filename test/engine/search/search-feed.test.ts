import { describe, expect, it } from 'vitest';
import { BuildFailure } from '../../../src/engine';
import { INDEX_WHILE_RENDERING_ENV, resolveOptions } from '../../../src/engine/config/options';
import { searchFeed, type FoundPage } from '../../../src/engine/search/search-feed';
import { htmlOf, type SearchPage } from '../../../src/engine/search/search-page';

const FOUND: FoundPage[] = ['a', 'b', 'c', 'd'].map((name) => ({ url: `/${name}`, locale: name === 'c' ? 'hu' : 'en', outputPath: `${name}/index.html` }));

/** The pages the feed gives out, as url=html, until it ends or throws. */
async function drain(pages: AsyncIterable<SearchPage>): Promise<string[]> {
  const out: string[] = [];
  for await (const page of pages) out.push(`${page.url}=${await htmlOf(page)}`);
  return out;
}

describe('the search feed', () => {
  it('gives the pages out in the order found, whatever order they are put in, each once it is there', async () => {
    const feed = searchFeed(FOUND);
    const out = drain(feed.pages());
    feed.put('d/index.html', 'D');
    feed.put('b/index.html', new TextEncoder().encode('B'));
    feed.put('elsewhere/index.html', 'not found by the search');
    await new Promise((next) => setImmediate(next));
    feed.put('c/index.html', async () => 'C');
    feed.put('a/index.html', 'A');
    feed.end();
    expect(await out).toEqual(['/a=A', '/b=B', '/c=C', '/d=D']);
  });

  it('throws the error the build ended with, and names a page that was never put', async () => {
    const failed = searchFeed(FOUND);
    const out = drain(failed.pages());
    failed.put('a/index.html', 'A');
    failed.end(new Error('a template threw'));
    await expect(out).rejects.toThrow('a template threw');

    const short = searchFeed(FOUND);
    const rest = drain(short.pages());
    short.put('a/index.html', 'A');
    short.put('c/index.html', 'C');
    short.end();
    await expect(rest).rejects.toThrow('the page /b was never written');
  });
});

describe(`${INDEX_WHILE_RENDERING_ENV}`, () => {
  it('is on unless off, and anything else is an error naming the variable', () => {
    const whileRendering = (value?: string) => resolveOptions({ env: value === undefined ? {} : { [INDEX_WHILE_RENDERING_ENV]: value } }).overrides.indexWhileRendering;
    expect([whileRendering(), whileRendering(''), whileRendering('on'), whileRendering('off')]).toEqual([true, true, true, false]);
    const failure = (() => {
      try {
        whileRendering('no');
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(BuildFailure);
    expect((failure as BuildFailure).errors.map((error) => [error.code, error.file])).toEqual([['config/env-index-while-rendering', INDEX_WHILE_RENDERING_ENV]]);
  });
});
