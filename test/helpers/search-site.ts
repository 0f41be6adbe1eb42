import type { Page } from 'playwright-core';
import { smallSite } from './small-site';
import { REAL_SETTINGS } from './site';

/** The small site (`small-site.ts`): the real site's settings, which have search on with the legal pages left out of it. */
export async function siteWithSearch(): Promise<string> {
  if (!REAL_SETTINGS.search.enabled) throw new Error('content/site.yaml: the real site is expected to have search on');
  return smallSite();
}

/**
 * The URLs a search on `page` finds with its own locale's bundle (`latest.json`'s `search`: a
 * locale's one index, or the first of its shards alone). Written as a string: the test runner
 * would rewrite an `import()` inside a function.
 */
export async function foundWithOwnBundle(page: Page, term: string): Promise<string[]> {
  return page.evaluate(`(async () => {
    const latest = await (await fetch('/_sitegen/builds/latest.json')).json();
    const locale = document.documentElement.lang.split('-')[0];
    const pagefind = await import(latest.search[locale] + 'pagefind.js');
    const found = await pagefind.search(${JSON.stringify(term)});
    return Promise.all(found.results.map(async (result) => (await result.data()).url));
  })()`);
}
