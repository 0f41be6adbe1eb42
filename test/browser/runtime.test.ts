import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOT_UA, consentCookies, hydrated, loaderRan, newContext, watchConsole } from '../helpers/browser';
import { browserSuite } from './setup';

// A build of its own: a case below writes a newer `latest.json` into the output it serves, which
// must not be the real site's shared output that other test files read (and link) meanwhile.
const suite = browserSuite({ env: () => ({}) });

describe('error pages', () => {
  // The static server answers every unknown path with the one bucket-wide 404.html, as S3 and
  // CloudFront do: under /hu and /de it shows that locale, before the first paint.
  it.each([
    ['/no-such-page', 'Page not found', '/', 'Back to start page...', 'en-US'],
    ['/hu/nincs-ilyen-oldal', 'Az oldal nem található', '/hu', null, 'hu-HU'],
    ['/de/gibt-es-nicht', 'Seite nicht gefunden', '/de', null, 'de-DE'],
  ])('%s: status 404, "%s", the path, and the home link %s', async (url, heading, home, linkText, lang) => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    const problems = watchConsole(page);
    const response = await page.goto(suite.server.url + url);
    expect(response?.status()).toBe(404);
    await expect(page.locator('.error-page__path').textContent()).resolves.toBe(url);
    await page.waitForFunction((text) => document.querySelector('h1')?.textContent === text, heading);
    await expect(page.title()).resolves.toBe('Ooops');
    await expect(page.locator('.error-page .button').getAttribute('href')).resolves.toBe(home);
    if (linkText) await expect(page.locator('.error-page .button').textContent()).resolves.toBe(linkText);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe(lang);
    await expect(page.locator('.error-page img.error-page__image').getAttribute('src')).resolves.toBe('/images/error-404.svg');
    // A 404 is the page's own status, not a script error.
    expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
    await context.close();
  });

  it('has a general error page', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/error.html`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Ooops, something went wrong...');
    await expect(page.locator('.error-page .button').getAttribute('href')).resolves.toBe('/');
    await context.close();
  });
});

describe('islands', () => {
  it('fetches React only when an island hydrates', async () => {
    const context = await newContext(suite.browser);
    await context.addCookies(consentCookies(suite.server.url));
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${suite.server.url}/clickup-as-erp`);
    await page.waitForTimeout(1500);
    // The loader and its idle-time deployment check; no island has hydrated yet.
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).toMatch(/^\/_sitegen\/assets\/loader-\w+\.js$/);
    await page.hover('.language-menu summary');
    await hydrated(page, 'LocaleSwitcher');
    expect(scripts.some((s) => /LocaleSwitcher-\w+\.js$/.test(s))).toBe(true);
    await context.close();
  });

  it('works as plain HTML for bots: nothing hydrates, links and the language menu still work', async () => {
    const context = await newContext(suite.browser, { userAgent: BOT_UA });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/contact`);
    await page.waitForTimeout(1000);
    await expect(page.locator('sitegen-island[data-hydrated]').count()).resolves.toBe(0);
    await expect(page.locator('form#form input[name="email"]').isVisible()).resolves.toBe(true);
    await page.click('.language-menu summary');
    await Promise.all([page.waitForURL('**/hu/kapcsolat'), page.click('.language-menu a[hreflang="hu"]')]);
    await context.close();
  });

  it('contains an island that throws: a short note in its place, the rest of the page keeps working', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    const problems = watchConsole(page);
    // Break the language switcher's props: it cannot render without its list of languages.
    await page.route('**/career', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/(<script type="application\/json" id="island-[^"]+">\{"current":"en",)"choices":/, '$1"choices":null,"broken":');
      await route.fulfill({ response, body: html });
    });
    await page.goto(`${suite.server.url}/career`);
    await loaderRan(page);
    await page.hover('.language-menu summary');
    await page.waitForSelector('.island-error', { state: 'attached' });
    await expect(page.locator('.island-error').textContent()).resolves.toBe('This part of the page could not be shown. Please reload the page.');
    expect(problems.some((p) => p.includes('the LocaleSwitcher widget failed'))).toBe(true);
    // Another island still hydrates and works.
    await page.click('a[href="#cookie-settings"]');
    await page.waitForSelector('dialog.consent-dialog[open]');
    await context.close();
  });

  it('falls back to the built-in English texts with a warning when messages cannot load', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.route('**/_i18n/**', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
    await page.goto(`${suite.server.url}/hu/kapcsolat`);
    await page.click('a[href="#cookie-settings"]');
    await hydrated(page, 'CookieConsent');
    await page.waitForSelector('dialog.consent-dialog[open]');
    await expect(page.locator('dialog.consent-dialog button[type="submit"]').textContent()).resolves.toBe('Save my choice');
    expect(problems.some((p) => p.startsWith('warning: sitegen: could not load /_i18n/'))).toBe(true);
    await context.close();
  });

  it('reloads once, and only once, when a chunk fails to load', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    // Fail the chunk before the browser ever cached it: the failure page's "try again" link,
    // an island that hydrates at load.
    const html = await (await fetch(`${suite.server.url}/failed-contact`)).text();
    const chunk = /data-island="RetryLink" data-src="([^"]+)"/.exec(html)![1]!;
    let loads = 0;
    page.on('load', () => loads++);
    suite.server.fail(chunk, 500);
    try {
      await page.goto(`${suite.server.url}/failed-contact`);
      // The failed import reloads the page once; the second failure within 10 s does not.
      await expect.poll(() => loads).toBe(2);
      await page.waitForTimeout(2000);
      expect(loads).toBe(2);
      await expect(page.evaluate(() => sessionStorage.getItem('sitegen:chunk-reload'))).resolves.toMatch(/^\d+$/);
    } finally {
      suite.server.clearFailures();
      await context.close();
    }
  });

  it('never reloads a page whose form holds unsent input', async () => {
    const context = await newContext(suite.browser);
    await context.addCookies(consentCookies(suite.server.url));
    const page = await context.newPage();
    const html = await (await fetch(`${suite.server.url}/de/kontakt`)).text();
    const chunk = /data-island="LocaleSwitcher" data-src="([^"]+)"/.exec(html)![1]!;
    let loads = 0;
    page.on('load', () => loads++);
    suite.server.fail(chunk, 500);
    try {
      await page.goto(`${suite.server.url}/de/kontakt`);
      await page.fill('form#form textarea[name="message"]', 'Bitte nicht verlieren');
      await loaderRan(page);
      // Hydrated, the form's fields have their values as defaults: only the typing tells.
      await page.waitForSelector('sitegen-island[data-island="ContactForm"][data-hydrated]', { state: 'attached' });
      await page.hover('.language-menu summary');
      await expect.poll(() => suite.server.requests.some((r) => r.path === chunk)).toBe(true);
      await page.waitForTimeout(1500);
      expect(loads).toBe(1);
      await expect(page.inputValue('form#form textarea[name="message"]')).resolves.toBe('Bitte nicht verlieren');
    } finally {
      suite.server.clearFailures();
      await context.close();
    }
  });
});

describe('new deployments', () => {
  it('notices a new build while a page is open; the next link navigation loads fresh from the network', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    const problems = watchConsole(page);
    const start = suite.server.requests.length;
    await page.goto(`${suite.server.url}/career`);
    // The deployment watch starts at idle time, and fetches the manifest after 1 s.
    await expect.poll(() => suite.server.requests.slice(start).some((r) => r.path === `/_sitegen/builds/meta/${suite.site.release}.json`), { timeout: 10_000 }).toBe(true);

    // Before a new build: an ordinary navigation.
    const onBlog = suite.server.requests.length;
    await Promise.all([page.waitForURL('**/blog'), page.click('.main-nav a[href="/blog"]')]);
    const ordinary = suite.server.requests.filter((r) => r.path === '/blog').at(-1)!;
    expect(ordinary.headers['cache-control']).toBeUndefined();
    // The new page's watch has started once it fetched the manifest.
    await expect.poll(() => suite.server.requests.slice(onBlog).some((r) => r.path === `/_sitegen/builds/meta/${suite.site.release}.json`), { timeout: 10_000 }).toBe(true);

    const latest = path.join(suite.out, '_sitegen/builds/latest.json');
    const before = await readFile(latest, 'utf8');
    await writeFile(latest, JSON.stringify({ id: 'f00dfeedbeef', release: 'f00dfeedbeef', timestamp: Date.now() }));
    try {
      const polled = suite.server.requests.length;
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect.poll(() => suite.server.requests.slice(polled).filter((r) => r.path === '/_sitegen/builds/latest.json').length, { timeout: 10_000 }).toBeGreaterThan(0);
      await page.waitForTimeout(300);
      const count = suite.server.requests.length;
      await Promise.all([page.waitForURL('**/about-us'), page.click('.main-nav a[href="/about-us"]')]);
      const fresh = suite.server.requests.slice(count).filter((r) => r.path === '/about-us');
      expect(fresh.some((r) => r.headers['cache-control'] === 'no-cache')).toBe(true);
      // The page was never reloaded on its own.
      expect(problems).toEqual([]);
    } finally {
      await writeFile(latest, before);
      await context.close();
    }
  });

  it('prefetches a known route when its link is hovered', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    const start = suite.server.requests.length;
    await page.goto(`${suite.server.url}/services`);
    await expect.poll(() => suite.server.requests.slice(start).some((r) => r.path === `/_sitegen/builds/meta/${suite.site.release}.json`), { timeout: 10_000 }).toBe(true);
    await page.waitForTimeout(200);
    const count = suite.server.requests.length;
    await page.hover('.card a[href="/it-outsourcing"] >> nth=0');
    await expect(page.locator('link[rel="prefetch"]').getAttribute('href')).resolves.toBe('/it-outsourcing');
    await expect.poll(() => suite.server.requests.slice(count).some((r) => r.path === '/it-outsourcing'), { timeout: 10_000 }).toBe(true);
    await context.close();
  });
});
