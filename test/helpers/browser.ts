import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type ConsoleMessage, type Page } from 'playwright-core';

/** Debian's Chromium, installed by `.ci/run` (apt-get install chromium). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless Chromium with background networking off: this machine reaches no other host. */
export function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is not installed at ${CHROMIUM}: run npm run test:setup`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
    ],
  });
}

/** A person's browser: a desktop Chrome user agent (headless Chromium's own says "HeadlessChrome"). */
export const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
export const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ userAgent: PERSON_UA, locale: 'en-US', ...options });
}

/**
 * The cookies of a visitor who answered the consent banner on an earlier visit to `url`: `ncc_c`
 * the ids of every cookie the site declares (so the banner is not shown again), `ncc_e` those the
 * visitor enabled, joined by `~` (none: necessary cookies only). The names and formats are the
 * old site's (the spec's README).
 */
export function consentCookies(url: string, enabled: readonly string[] = []): Array<{ name: string; value: string; url: string }> {
  return [
    { name: 'ncc_c', value: 'necessaryanalytics', url },
    { name: 'ncc_e', value: enabled.join('~'), url },
  ];
}

/** Collects console errors and warnings, and uncaught page errors, of a page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Waits until the loader has hydrated the island `name` (islands are `display: contents`, never "visible"). */
export async function hydrated(page: Page, name: string): Promise<void> {
  await page.waitForSelector(`sitegen-island[data-island="${name}"][data-hydrated]`, { state: 'attached' });
}

/**
 * Turns to the page's form as a visitor does, which starts its island (strategy `interaction`):
 * focuses its e-mail field. Focus before the loader runs counts too: it hydrates an island that
 * holds the focus when it starts.
 */
export async function turnToForm(page: Page): Promise<void> {
  await page.locator('#form [name="email"]').focus();
}

/**
 * Turns to every form of the page, as a visitor tabbing through it would: the contact and offer
 * forms and each of the career page's apply forms hydrate on a focus inside them.
 */
export async function turnToEveryForm(page: Page): Promise<void> {
  for (const island of await page.locator('sitegen-island[data-island$="Form"]').all()) await island.dispatchEvent('focusin');
}

/**
 * Waits until the page's loader has run, so its islands wait for their triggers (a hover before
 * that hydrates nothing: the loader starts after the first paint). Importing the loader's URL
 * resolves once the page's own import of that module has been evaluated (or evaluates it now).
 */
export async function loaderRan(page: Page): Promise<void> {
  // A string: vitest would rewrite an `import()` in a function's source.
  await page.evaluate(`(async () => {
    const bootstrap = [...document.querySelectorAll('script[type="module"]:not([src])')].find((script) => script.textContent.includes('import('));
    await import(/import\\("([^"]+)"\\)/.exec(bootstrap.textContent)[1]);
  })()`);
}
