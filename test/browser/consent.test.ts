import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, watchConsole } from '../helpers/browser';
import { browserSuite } from './setup';

const suite = browserSuite();
const TAG_HOST = 'https://www.googletagmanager.com/';

interface Visit {
  context: BrowserContext;
  page: Page;
  /** Every request that left 127.0.0.1. */
  outside: string[];
  problems: string[];
}

/** A visitor whose every request to another host is recorded and answered locally. */
async function visitor(): Promise<Visit> {
  const context = await newContext(suite.browser);
  const outside: string[] = [];
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => {
      outside.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* analytics stand-in */' });
    },
  );
  const page = await context.newPage();
  return { context, page, outside, problems: watchConsole(page) };
}

const cookie = async (context: BrowserContext, name: string) => (await context.cookies()).find((c) => c.name === name);
const banner = (page: Page) => page.locator('.consent-banner');

describe('cookie consent', () => {
  it('asks on the first visit and sends nothing to the analytics host before a choice', async () => {
    const { context, page, outside, problems } = await visitor();
    await page.goto(`${suite.server.url}/blog`);
    await banner(page).waitFor();
    await expect(banner(page).isVisible()).resolves.toBe(true);
    const buttons = banner(page).locator('.consent-button');
    await expect(buttons.allTextContents()).resolves.toEqual(['Accept all', 'Reject all']);
    // Same size and look for both answers.
    const [accept, reject] = await buttons.evaluateAll((els) =>
      els.map((el) => {
        const style = getComputedStyle(el);
        return [style.backgroundColor, style.color, style.fontSize, style.borderRadius, el.getBoundingClientRect().height];
      }),
    );
    expect(accept).toEqual(reject);
    // The page stays readable and usable behind it.
    await expect(page.locator('h1').isVisible()).resolves.toBe(true);
    await page.waitForTimeout(1500);
    expect(outside).toEqual([]);
    // Closing it enables nothing and stores nothing.
    await page.click('.consent-banner__close');
    await expect(banner(page).isVisible()).resolves.toBe(false);
    expect(await cookie(context, 'ncc_c')).toBeUndefined();
    await page.reload();
    await banner(page).waitFor();
    await expect(banner(page).isVisible()).resolves.toBe(true);
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('loads analytics once after "Accept all", and on later visits without asking', async () => {
    const { context, page, outside } = await visitor();
    await page.goto(`${suite.server.url}/hu/blog`);
    await banner(page).waitFor();
    await page.click('.consent-banner .consent-button >> nth=0');
    await expect.poll(() => outside.length).toBe(1);
    expect(outside[0]).toBe(`${TAG_HOST}gtag/js?id=G-K7B3X9Q2LM`);
    expect(await cookie(context, 'ncc_c')).toMatchObject({ value: 'necessaryanalytics', path: '/' });
    expect(await cookie(context, 'ncc_e')).toMatchObject({ value: 'analytics', path: '/' });
    const consentCalls = await page.evaluate(() =>
      ((window as unknown as { dataLayer: IArguments[] }).dataLayer ?? []).map((args) => Array.from(args)).filter((a) => a[0] === 'consent'),
    );
    expect(consentCalls).toEqual([
      ['consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' }],
      ['consent', 'update', { analytics_storage: 'granted' }],
    ]);
    await page.goto(`${suite.server.url}/hu/karrier`);
    await expect.poll(() => outside.length).toBe(2);
    await page.waitForTimeout(500);
    await expect(banner(page).isVisible()).resolves.toBe(false);
    await context.close();
  });

  it('sends nothing after "Reject all", now or on later visits', async () => {
    const { context, page, outside } = await visitor();
    await page.goto(`${suite.server.url}/de`);
    await banner(page).waitFor();
    await page.click('.consent-banner .consent-button >> nth=1');
    // A press before the banner's module ran is carried out when it runs: wait for the answer.
    await expect.poll(() => cookie(context, 'ncc_c')).toMatchObject({ value: 'necessaryanalytics' });
    expect((await cookie(context, 'ncc_e'))?.value).toBe('');
    await page.goto(`${suite.server.url}/de/blog`);
    await page.waitForTimeout(1500);
    expect(outside).toEqual([]);
    await expect(banner(page).isVisible()).resolves.toBe(false);
    await context.close();
  });

  it('withdraws consent from the footer link: deletes the analytics cookies and stops the tag', async () => {
    const { context, page, outside, problems } = await visitor();
    await context.addCookies([
      { name: 'ncc_c', value: 'necessaryanalytics', url: suite.server.url },
      { name: 'ncc_e', value: 'analytics', url: suite.server.url },
      { name: '_ga', value: 'GA1.1.123.456', url: suite.server.url },
      { name: '_ga_K7B3X9Q2LM', value: 'GS1.1.789', url: suite.server.url },
    ]);
    await page.goto(`${suite.server.url}/career`);
    await expect.poll(() => outside.length).toBe(1);
    await page.click('a[href="#cookie-settings"]');
    await page.waitForSelector('dialog.consent-dialog[open]');
    const dialog = page.locator('dialog.consent-dialog');
    // Focus is kept in the dialog.
    await expect(page.evaluate(() => document.activeElement?.closest('dialog') !== null)).resolves.toBe(true);
    const necessary = dialog.locator('input[name="necessary"]');
    await expect(necessary.isChecked()).resolves.toBe(true);
    await expect(necessary.isDisabled()).resolves.toBe(true);
    await expect(dialog.textContent()).resolves.toContain('Cookies: _ga, _ga_*');
    await dialog.locator('input[name="analytics"]').uncheck();
    await dialog.locator('button[type="submit"]').click();
    await expect(dialog.getAttribute('open')).resolves.toBeNull();
    expect((await cookie(context, 'ncc_e'))?.value).toBe('');
    expect(await cookie(context, '_ga')).toBeUndefined();
    expect(await cookie(context, '_ga_K7B3X9Q2LM')).toBeUndefined();
    await expect(page.locator('#sitegen-analytics').count()).resolves.toBe(0);
    await expect(page.evaluate(() => (window as unknown as Record<string, unknown>)['ga-disable-G-K7B3X9Q2LM'])).resolves.toBe(true);
    await page.reload();
    await page.waitForTimeout(1500);
    expect(outside).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('closes the settings with Escape, keyboard only', async () => {
    const { context, page, problems } = await visitor();
    await page.goto(`${suite.server.url}/`);
    await banner(page).waitFor();
    await page.locator('.consent-link').focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('dialog.consent-dialog[open]');
    const dialog = page.locator('dialog.consent-dialog');
    // Drawn by the styles the island adopts as it opens (the home page's own leave them out), which
    // the security policy allows: no violation is reported.
    await expect(dialog.evaluate((element) => getComputedStyle(element).maxWidth)).resolves.toBe('576px');
    const box = dialog.locator('input[name="analytics"]');
    const [appearance, width] = await box.evaluate((element) => [getComputedStyle(element).appearance, getComputedStyle(element).width]);
    expect(appearance).toBe('none');
    expect(Number.parseFloat(width!)).toBeCloseTo(20.8, 1); // 1.3rem, drawn (Chromium's own box is 13px)
    await expect(page.evaluate(() => document.adoptedStyleSheets.length)).resolves.toBe(1);
    expect(problems).toEqual([]);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.closest('dialog') !== null)).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog.getAttribute('open')).resolves.toBeNull();
    // No choice was made: the banner is back, nothing stored.
    await expect(banner(page).isVisible()).resolves.toBe(true);
    expect(await cookie(context, 'ncc_c')).toBeUndefined();
    await context.close();
  });

  it('loads no React for the banner; the settings island hydrates only when asked for', async () => {
    const { context, page } = await visitor();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${suite.server.url}/`);
    await banner(page).waitFor();
    await page.waitForTimeout(1000);
    expect(scripts.some((s) => s.includes('CookieConsent'))).toBe(false);
    await page.click('.consent-banner [data-consent="settings"]');
    await page.waitForSelector('dialog.consent-dialog[open]');
    expect(scripts.some((s) => s.includes('CookieConsent'))).toBe(true);
    // Deciding in the settings also puts the banner away.
    await page.click('dialog.consent-dialog button[type="submit"]');
    await expect(banner(page).isVisible()).resolves.toBe(false);
    expect((await cookie(context, 'ncc_e'))?.value).toBe('');
    await context.close();
  });

  it('asks again when the declared cookies changed since the visitor decided', async () => {
    const { context, page } = await visitor();
    await context.addCookies([
      { name: 'ncc_c', value: 'necessary', url: suite.server.url },
      { name: 'ncc_e', value: '', url: suite.server.url },
    ]);
    await page.goto(`${suite.server.url}/about-us`);
    await banner(page).waitFor();
    await expect(banner(page).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('opens the settings for a link to #cookie-settings, and for a click made before the loader ran', async () => {
    const { context, page, problems } = await visitor();
    await page.goto(`${suite.server.url}/de/kontakt#cookie-settings`);
    await page.waitForSelector('dialog.consent-dialog[open]');
    await page.keyboard.press('Escape');
    await expect(page.locator('dialog.consent-dialog').getAttribute('open')).resolves.toBeNull();
    // The loader starts after the first paint: the page is stopped before it, clicked, then let go.
    await page.route('**/_sitegen/assets/loader-*.js', async (route) => {
      await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a[href="#cookie-settings"]')!.click());
      await route.continue();
    });
    await page.goto(`${suite.server.url}/career`);
    await page.waitForSelector('dialog.consent-dialog[open]');
    expect(problems).toEqual([]);
    await context.close();
  });
});
