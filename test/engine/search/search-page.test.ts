import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { searchedPart } from '../../../src/engine/search/search-page';
import { realSite } from '../../helpers/real-site';

describe('what Pagefind is sent of a page', () => {
  it('is its <main> alone in a document, or the whole page when it has none', () => {
    const page = '<!doctype html><html lang="hu"><head><title>T</title><style>main{}</style></head><body><header>Menü</header><main id="main"><h1>Cím</h1><p>Szöveg</p></main><footer>Lábléc</footer></body></html>';
    expect(searchedPart(page)).toBe('<!doctype html><html><body><main id="main"><h1>Cím</h1><p>Szöveg</p></main></body></html>');
    expect(searchedPart('<main><p>a</p></main>')).toBe('<!doctype html><html><body><main><p>a</p></main></body></html>');
    for (const whole of ['<html><body><p>no main</p></body></html>', '<body><mainframe>x</mainframe></body>', '<body></main><main></body>']) expect(searchedPart(whole)).toBe(whole);
  });

  it('is without soft hyphens, as characters or references', () => {
    expect(searchedPart('<main><p>Wach\u00ADstums&shy;chancen&#173;ge&#xAD;setz &#x00ad;x</p></main>')).toBe('<!doctype html><html><body><main><p>Wachstumschancengesetz x</p></main></body></html>');
  });

  it('is without the URL of an image written into the page, which Pagefind would keep with each result', () => {
    const cover = 'data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22/%3E';
    expect(searchedPart(`<main><h1>T</h1><img class="cover" src="${cover}" alt="A cover" width="1200"/><p>x</p><img src="/images/a.svg" alt="b"/></main>`)).toBe(
      '<!doctype html><html><body><main><h1>T</h1><img class="cover" alt="A cover" width="1200"/><p>x</p><img src="/images/a.svg" alt="b"/></main></body></html>',
    );
  });

  it("makes the same index, file for file, as the whole pages of the real site's locales without their soft hyphens and written-in images", async () => {
    const { files, pages } = await realSite();
    const pagefind = await import('pagefind');
    for (const locale of ['en', 'hu', 'de'] as const) {
      const found = pages.filter((page) => page.locale === locale && page.url === page.canonical).slice(0, 24);
      const indexOf = async (send: (html: string) => string) => {
        const { index } = await pagefind.createIndex({ forceLanguage: locale, rootSelector: 'main' });
        await Promise.all(found.map((page) => index!.addHTMLFile({ url: page.url, content: send(files.get(page.outputPath) as string) })));
        const { files: made } = await index!.getFiles();
        await index!.deleteIndex();
        return new Map(made.map((file) => [file.path, Buffer.from(file.content).toString('base64')]));
      };
      const whole = await indexOf((html) => html.replaceAll('\u00AD', '').replace(/(<img [^>]*) src="data:[^"]*"/g, '$1'));
      const part = await indexOf(searchedPart);
      expect(found.length).toBeGreaterThan(10);
      expect([...part.keys()].sort()).toEqual([...whole.keys()].sort());
      for (const [name, content] of whole) expect(part.get(name), `${locale}: ${name}`).toBe(content);
      // Not trivially equal: what is left out is about half of each page.
      const sent = found.map((page) => files.get(page.outputPath) as string);
      expect(sent.reduce((sum, html) => sum + searchedPart(html).length, 0)).toBeLessThan(0.7 * sent.reduce((sum, html) => sum + html.length, 0));
    }
    await pagefind.close();
  });

  // Pagefind keeps a word's letters as its entry, but takes a word with any other character in
  // it for a compound and adds it again as written: with soft hyphens, an entry no search matches.
  it('gives Pagefind no soft hyphens to index as words of their own: a smaller Hungarian index', async () => {
    const { files, pages } = await realSite();
    const pagefind = await import('pagefind');
    const found = pages.filter((page) => page.locale === 'hu' && page.url === page.canonical);
    const indexOf = async (send: (html: string) => string) => {
      const { index } = await pagefind.createIndex({ forceLanguage: 'hu', rootSelector: 'main' });
      await Promise.all(found.map((page) => index!.addHTMLFile({ url: page.url, content: send(files.get(page.outputPath) as string) })));
      const { files: made } = await index!.getFiles();
      await index!.deleteIndex();
      // Pagefind's index chunks and page fragments, unpacked (each is gzipped).
      const chunks = made.filter((file) => /\.pf_(index|fragment)$/.test(file.path)).map((file) => ({ path: file.path, bytes: gunzipSync(Buffer.from(file.content)) }));
      return { chunks, indexBytes: chunks.filter((chunk) => chunk.path.endsWith('.pf_index')).reduce((sum, chunk) => sum + chunk.bytes.length, 0) };
    };
    const SHY = Buffer.from('\u00AD');
    // The same <main>, its soft hyphens kept.
    const asWritten = await indexOf((html) => `<!doctype html><html><body>${html.slice(html.indexOf('<main'), html.lastIndexOf('</main>') + '</main>'.length)}</body></html>`);
    const sent = await indexOf(searchedPart);
    await pagefind.close();
    expect(found.length).toBeGreaterThan(40);
    // The pages have soft hyphens, and Pagefind indexed them where it was given them...
    expect(asWritten.chunks.filter((chunk) => chunk.path.endsWith('.pf_index') && chunk.bytes.includes(SHY)).length).toBeGreaterThan(0);
    // ...but is given none now: none in its index or the pages' text, and the index a tenth smaller at least.
    expect(sent.chunks.filter((chunk) => chunk.bytes.includes(SHY)).map((chunk) => chunk.path)).toEqual([]);
    expect(sent.indexBytes).toBeLessThan(0.9 * asWritten.indexBytes);
  });
});
