import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createChallenge } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loaderRan, newContext, turnToEveryForm, watchConsole } from '../helpers/browser';
import { REPO } from '../helpers/site';
import { browserSuite } from './setup';

const suite = browserSuite();

describe('every page in every locale', () => {
  it('loads and hydrates every island with no console error and no hydration warning', async () => {
    const context = await newContext(suite.browser);
    // A form asks the site's PocketBase for a proof-of-work challenge when it hydrates; this
    // machine reaches no other host, so a stand-in answers as the hooked server does.
    const { backendUrl } = parse(readFileSync(path.join(REPO, 'content/site.yaml'), 'utf8')) as { backendUrl: string };
    await context.route(`${new URL(backendUrl).origin}/api/sitegen/challenge`, async (route) =>
      route.fulfill({
        status: 200,
        headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
        body: JSON.stringify(await createChallenge({ hmacKey: 'sweep', maxNumber: 1000 })),
      }),
    );
    const page = await context.newPage();
    const problems = watchConsole(page);
    const urls = [...suite.site.pages.map((p) => p.url), '/404.html', '/error.html'];
    for (const url of urls) {
      const response = await page.goto(suite.server.url + url);
      expect(response?.status(), url).toBe(200);
      // Bring every island to life: hover the search and the language menu, turn to the form, scroll through the page.
      await loaderRan(page);
      await page.hover('.site-search summary');
      await page.hover('.language-menu summary');
      await turnToEveryForm(page);
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) {
          scrollTo(0, y);
          await new Promise(requestAnimationFrame);
        }
      });
      await page.click('a[href="#cookie-settings"]');
      await page.waitForSelector('dialog.consent-dialog[open]');
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => document.querySelectorAll('sitegen-island:not([data-hydrated])').length === 0, undefined, {
        timeout: 10_000,
      });
      expect(problems, url).toEqual([]);
    }
    await context.close();
  // About 2.5 s a page on this machine (each page loads its covers, the settings dialog and the search hydrate React): 230 pages, some 9 minutes in a CI run.
  }, 900_000);

  it('fits a 320 px wide screen without horizontal scrolling, and opens the menu without script', async () => {
    const context = await newContext(suite.browser, { viewport: { width: 320, height: 640 }, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const plan of suite.site.pages) {
      await page.goto(suite.server.url + plan.url);
      await expect(page.evaluate(() => document.documentElement.scrollWidth), plan.url).resolves.toBeLessThanOrEqual(320);
    }
    await page.goto(`${suite.server.url}/hu/karrier`);
    await expect(page.locator('.mobile-menu__panel').isVisible()).resolves.toBe(false);
    await page.click('.mobile-menu summary');
    await expect(page.locator('.mobile-menu__panel').isVisible()).resolves.toBe(true);
    await Promise.all([page.waitForURL('**/hu/blog'), page.click('.mobile-menu__panel a[href="/hu/blog"]')]);
    await context.close();
  }, 300_000);
});
