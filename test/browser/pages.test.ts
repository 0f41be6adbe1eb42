import { describe, expect, it } from 'vitest';
import { newContext, watchConsole } from '../helpers/browser';
import { browserSuite } from './setup';

const suite = browserSuite();

describe('every page in every locale', () => {
  it('loads and hydrates every island with no console error and no hydration warning', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    const problems = watchConsole(page);
    const urls = [...suite.site.pages.map((p) => p.url), '/404.html', '/error.html'];
    for (const url of urls) {
      const response = await page.goto(suite.server.url + url);
      expect(response?.status(), url).toBe(200);
      // Bring every island to life: hover the language menu, scroll through the page.
      await page.hover('.language-menu summary');
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
  }, 300_000);
});
