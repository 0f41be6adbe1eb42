import { describe, expect, it } from 'vitest';
import { OpenPages, previewHolds } from '../../../src/engine/serve/open-pages';

describe('the pages open in a browser', () => {
  it('are those a live-reload connection names and the last four asked for', () => {
    const open = new OpenPages<string>();
    open.connect('tab 1', 'about/index.html');
    open.connect('tab 2', undefined);
    for (const page of ['a.html', 'b.html', 'c.html', 'a.html', 'd.html', 'e.html']) open.served(page);
    expect([...open.paths()].sort()).toEqual(['a.html', 'about/index.html', 'd.html', 'e.html', 'c.html'].sort());
    open.disconnect('tab 1');
    expect(open.paths().has('about/index.html')).toBe(false);
  });
});

describe('a page shown from a preview', () => {
  const shownFiles = new Map<string, string | Uint8Array>([
    ['index.html', '<p>new</p>'],
    ['about/index.html', '<p>old</p>'],
    ['_headers', 'policy 1'],
  ]);
  const shown = { pages: new Map([['index.html', '<p>new</p>']]), files: shownFiles };

  it('needs no reload when the build ends with the same page, headers and files', () => {
    const next = new Map<string, string | Uint8Array>([...shownFiles, ['about/index.html', '<p>new too</p>']]);
    expect(previewHolds(shown, next, 'index.html')).toBe(true);
    // The same bytes as a buffer.
    expect(previewHolds(shown, new Map([...next, ['index.html', Buffer.from('<p>new</p>')]]), 'index.html')).toBe(true);
  });

  it('is reloaded when its bytes, its policy or the files it may link to differ, and a page not previewed always is', () => {
    expect(previewHolds(shown, new Map([...shownFiles, ['index.html', '<p>newer</p>']]), 'index.html')).toBe(false);
    expect(previewHolds(shown, new Map([...shownFiles, ['_headers', 'policy 2']]), 'index.html')).toBe(false);
    expect(previewHolds(shown, new Map([...shownFiles, ['_sitegen/assets/images/x-640.webp', new Uint8Array(1)]]), 'index.html')).toBe(false);
    expect(previewHolds(shown, shownFiles, 'about/index.html')).toBe(false);
    expect(previewHolds(shown, shownFiles, undefined)).toBe(false);
  });
});
