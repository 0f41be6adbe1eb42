import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { holdPagefindStill, pagefindServices } from '../../../src/engine/search/pagefind-pause';
import { holdPagefind } from '../../../src/engine/search/pagefind-service';

/** A process's state letter in `/proc` (`T`: stopped), or undefined once it is gone. */
function stateOf(pid: number): string | undefined {
  try {
    return /^\d+ \(.*\) (\S)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}

const page = (word: string) => `<!doctype html><html lang="en"><body><main><h1>${word}</h1><p>Some text about ${word}.</p></main></body></html>`;

// Pagefind's service, as `sitegen watch` holds it while a rebuild runs. Only where `/proc` says
// which process it is (elsewhere holding it does nothing, `pagefind-pause.ts`).
describe.runIf(existsSync('/proc/self/task'))("Pagefind's service held still", () => {
  it('stops the service while held: a page sent meanwhile is indexed once it is let go, into the same index', async () => {
    const pagefind = await import('pagefind');
    const release = holdPagefind();
    try {
      const { index } = await pagefind.createIndex({ forceLanguage: 'en' });
      await index!.addHTMLFile({ url: '/a/', content: page('harbour') });
      const [service, ...others] = pagefindServices();
      expect(others).toEqual([]);
      expect(stateOf(service!)).not.toBe('T');

      const letGo = holdPagefindStill();
      // A signal is delivered a moment after it is sent.
      await expect.poll(() => stateOf(service!)).toBe('T');
      let answered = false;
      const added = index!.addHTMLFile({ url: '/b/', content: page('lighthouse') }).then((result) => ((answered = true), result));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(answered).toBe(false);

      letGo();
      await expect.poll(() => stateOf(service!)).not.toBe('T');
      expect((await added).errors).toEqual([]);
      const { files } = await index!.getFiles();
      const entry = JSON.parse(new TextDecoder().decode(files.find((file) => file.path === 'pagefind-entry.json')!.content)) as { languages: Record<string, { page_count: number }> };
      expect(entry.languages.en!.page_count).toBe(2);
      // Letting go twice sends nothing more.
      letGo();
      expect(stateOf(service!)).not.toBe('T');
    } finally {
      await release();
    }
  });

  it('lets the service go before closing it, so a service held when the last user leaves does stop', async () => {
    // The service the test before closed has gone.
    await expect.poll(() => pagefindServices(), { timeout: 5000 }).toEqual([]);
    const pagefind = await import('pagefind');
    const release = holdPagefind();
    let released = false;
    try {
      await pagefind.createIndex({ forceLanguage: 'en' });
      const [service] = pagefindServices();
      holdPagefindStill();
      await expect.poll(() => stateOf(service!)).toBe('T');
      released = true;
      await release();
      await expect.poll(() => stateOf(service!) ?? 'gone', { timeout: 5000 }).toMatch(/^(gone|Z)$/);
    } finally {
      if (!released) await release();
    }
  });

  it('holds nothing when no service runs', async () => {
    await expect.poll(() => pagefindServices(), { timeout: 5000 }).toEqual([]);
    holdPagefindStill()();
  });
});
