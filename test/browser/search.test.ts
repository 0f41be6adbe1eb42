/**
 * The search index in Chromium, under the security policy the build wrote (the test server
 * enforces `_headers`): each locale's Pagefind bundle, loaded as the search box loads it (the
 * URL from `latest.json`, then `pagefind.js`), finds words by their stem in that locale only.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext } from '../helpers/browser';
import { foundWithOwnBundle as search } from '../helpers/search-site';
import { browserSuite } from './setup';

// The real site, as this test run built it: it has search on (content/site.yaml).
const suite = browserSuite();


async function open(url: string): Promise<{ page: Page; violations: string[] }> {
  const context = await newContext(suite.browser);
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy|violates/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(`${suite.server.url}${url}`, { waitUntil: 'networkidle' });
  return { page, violations };
}

describe('site search in Chromium', () => {
  it('finds the Hungarian case study by a suffixed form of a word it uses, and only Hungarian pages', async () => {
    const { page, violations } = await open('/hu/kapcsolat');
    // "ügyfélportálokat" (customer portals, accusative plural) is on no page: its stem is.
    const found = await search(page, 'ügyfélportálokat');
    expect(found).toContain('/hu/ugyfelportal');
    expect(found.filter((url) => !/^\/hu(\/|$)/.test(url))).toEqual([]);
    expect(violations).toEqual([]);
  });

  it('finds the German case study by another form of a compound it uses, and only German pages', async () => {
    const { page, violations } = await open('/de/kontakt');
    // "Kundenportals" (genitive) is on no page; "Kundenportal" is.
    const found = await search(page, 'Kundenportals');
    expect(found).toContain('/de/kundenportal');
    expect(found.filter((url) => !/^\/de(\/|$)/.test(url))).toEqual([]);
    expect(violations).toEqual([]);
  });

  it('finds nothing of another locale, and no legal page', async () => {
    const { page } = await open('/contact');
    expect(await search(page, 'Kundenportal')).toEqual([]);
    expect(await search(page, 'ügyfélportál')).toEqual([]);
    const english = await search(page, 'portal');
    expect(english).toContain('/customer-portal');
    expect(english.filter((url) => /^\/(hu|de)(\/|$)/.test(url))).toEqual([]);
    const { page: hungarian } = await open('/hu/kapcsolat');
    expect((await search(hungarian, 'adatkezelés')).filter((url) => url === '/hu/adatvedelem')).toEqual([]);
  });
});

describe('the search box in the header', () => {
  it('loads no search file until opened, then only its locale’s; works from the keyboard; announces the count and a localized "no results"', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${suite.server.url}/hu/kapcsolat`, { waitUntil: 'networkidle' });
    const bundles = () => requested.filter((url) => url.includes('/_sitegen/assets/search-'));
    expect(bundles()).toEqual([]);

    // From the keyboard: focus the button, open it with Enter, type in the field it focuses.
    const button = page.locator('.site-search summary');
    await button.focus();
    await page.waitForSelector('sitegen-island[data-island="SiteSearch"][data-hydrated]');
    await page.keyboard.press('Enter');
    const field = page.getByRole('searchbox', { name: 'Keresés az oldalon' });
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('ügyfélportálokat');
    const status = page.getByRole('status');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/^\d+ találat$/);
    const links = await page.locator('.site-search__results a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links).toContain('/hu/ugyfelportal');
    expect(links.filter((url) => !/^\/hu(\/|$)/.test(url ?? ''))).toEqual([]);
    expect(bundles().length).toBeGreaterThan(0);
    expect(bundles().filter((url) => !url.includes('/search-hu-'))).toEqual([]);
    expect(await page.getByRole('search').count()).toBe(1);

    await field.fill('xyzzyqwv');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Nincs találat erre: „xyzzyqwv”. Próbáljon egy másik szót.');

    // Escape closes it and gives the focus back to its button.
    await page.keyboard.press('Escape');
    expect(await page.locator('.site-search').evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });
});
