import { describe, expect, it } from 'vitest';
import { BOT_UA, hydrated, loaderRan, newContext, watchConsole } from '../helpers/browser';
import { browserSuite } from './setup';

const suite = browserSuite();

async function visitRoot(options: { cookie?: string; locale?: string; userAgent?: string; path?: string }) {
  const context = await newContext(suite.browser, {
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  if (options.cookie) await context.addCookies([{ name: 'i18n_redirected', value: options.cookie, url: suite.server.url }]);
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(suite.server.url + (options.path ?? '/'));
  await page.waitForLoadState('load');
  const path = new URL(page.url()).pathname;
  const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
  await context.close();
  return { path, cookie, problems };
}

describe('language detection on /', () => {
  it.each([
    ['en', '/'],
    ['hu', '/hu'],
    ['de', '/de'],
  ])('follows the stored cookie %s to %s, whatever the browser prefers', async (cookie, expected) => {
    const result = await visitRoot({ cookie, locale: cookie === 'hu' ? 'de-DE' : 'hu-HU' });
    expect(result.path).toBe(expected);
    expect(result.cookie?.value).toBe(cookie);
  });

  it.each([
    ['hu-HU', '/hu', 'hu'],
    ['hu', '/hu', 'hu'],
    ['de-AT', '/de', 'de'],
    ['de-CH', '/de', 'de'],
    ['en-GB', '/', 'en'],
    ['fr-FR', '/', 'en'],
  ])('detects the browser language %s: %s, and stores %s', async (locale, expected, stored) => {
    const result = await visitRoot({ locale });
    expect(result.path).toBe(expected);
    expect(result.cookie).toMatchObject({ value: stored, path: '/', sameSite: 'Lax' });
    // A year, give or take the test's own run time.
    expect(result.cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
  });

  it('ignores a stored value that is not a locale', async () => {
    expect((await visitRoot({ cookie: 'fr', locale: 'de-DE' })).path).toBe('/de');
  });

  it('never redirects a bot, nor stores anything for it', async () => {
    const result = await visitRoot({ locale: 'hu-HU', userAgent: BOT_UA });
    expect(result.path).toBe('/');
    expect(result.cookie).toBeUndefined();
  });

  it.each(['/en', '/en/career', '/hu/karrier'])('leaves the prefixed path %s in its own locale', async (path) => {
    const result = await visitRoot({ cookie: 'de', locale: 'de-DE', path });
    expect(result.path).toBe(path);
  });
});

describe('the language switcher', () => {
  it('shows the current locale with its flag, links the same route in each locale, and remembers the choice', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${suite.server.url}/career`);
    const summary = page.locator('.language-menu summary');
    await expect(summary.locator('.language-menu__name').textContent()).resolves.toBe('English');
    // The accessible name starts with the visible text (WCAG 2.5.3).
    await expect(summary.textContent()).resolves.toBe('English, Choose a language');
    await expect(summary.locator('img').getAttribute('src')).resolves.toBe('/flags/en.svg');
    // A hover before the loader listens hydrates nothing (the loader starts after the first paint).
    await loaderRan(page);
    await summary.hover();
    await hydrated(page, 'LocaleSwitcher');
    await summary.click();
    const links = page.locator('.language-menu li a');
    await expect(links.evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.textContent]))).resolves.toEqual([
      ['/career', 'English'],
      ['/hu/karrier', 'Magyar'],
      ['/de/karriere', 'Deutsch'],
    ]);
    await page.keyboard.press('Escape');
    await expect(page.locator('.language-menu').getAttribute('open')).resolves.toBeNull();
    await summary.click();
    await Promise.all([page.waitForURL('**/hu/karrier'), links.nth(1).click()]);
    expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('hu');
    // Back on the root, the stored choice wins over the browser's English.
    await page.goto(`${suite.server.url}/`);
    await page.waitForURL('**/hu');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('remembers the choice even when a link is used before the switcher hydrates', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/hu/karrier`);
    // The loader starts after the first paint, and its click listener is what remembers the
    // choice before the switcher hydrates. (The consent banner is no sign of it: an inline
    // script shows it before the loader runs.)
    await loaderRan(page);
    // Follow the German link without hovering the menu first: the island has not hydrated.
    const german = page.locator('.language-menu a[hreflang="de"]');
    await page.evaluate(() => document.querySelector<HTMLDetailsElement>('.language-menu')!.setAttribute('open', ''));
    await expect(page.locator('sitegen-island[data-island="LocaleSwitcher"][data-hydrated]').count()).resolves.toBe(0);
    await Promise.all([page.waitForURL('**/de/karriere'), german.dispatchEvent('click')]);
    expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('de');
    await context.close();
  });
});
