import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consentCookies, newContext } from '../helpers/browser';
import { browserSuite } from './setup';

const suite = browserSuite();

/**
 * Headings and card titles of the page that overflow their box, or whose text breaks between
 * two letters with no hyphen shown (a break after a soft hyphen shows one; after `-` there is one).
 */
async function badBreaks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const isLetter = (char: string | undefined) => char !== undefined && /[\p{L}\p{M}\p{N}]/u.test(char);
    for (const element of document.querySelectorAll<HTMLElement>('main h1, main h2, main h3, .card__title')) {
      if (element.closest('template') || element.getClientRects().length === 0) continue;
      const box = element.getBoundingClientRect();
      const label = `${element.tagName.toLowerCase()} "${element.textContent!.replace(/\u00AD/g, '').trim()}"`;
      if (element.scrollWidth > element.clientWidth + 1) problems.push(`${label} overflows its box`);
      // A box that grew past the screen (a grid item's min-content width) overflows too.
      const right = Math.min(box.right, document.documentElement.clientWidth);
      if (box.right > document.documentElement.clientWidth + 1) problems.push(`${label} overflows the screen`);
      // Each character's line, by its box: a new line between two letters must follow a soft hyphen.
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      let previous: { char: string; top: number; right: number } | undefined;
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const text = node.data;
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          // A character at the start of a line may also report an empty box at the end of the
          // line before: its own box is the last one with a width.
          const rect = [...range.getClientRects()].filter((r) => r.width > 0).at(-1);
          if (!rect) {
            // A space or a soft hyphen where the line does not break: no box of its own.
            if (previous) previous = { ...previous, char: text[i]! };
            continue;
          }
          if (rect.right > right + 1 || rect.left < box.left - 1) problems.push(`${label} has "${text[i]}" outside its box`);
          if (previous && rect.top > previous.top + rect.height / 2 && isLetter(text[i]) && isLetter(previous.char)) {
            problems.push(`${label} breaks inside a word without a hyphen before "${text.slice(i, i + 8).replace(/\u00AD/g, '')}"`);
          }
          previous = { char: text[i]!, top: rect.top, right: rect.right };
        }
      }
    }
    return problems;
  });
}

describe('long words at phone widths', () => {
  it.each([320, 390])('no heading or card title overflows or breaks a word without a hyphen at %i px, in every locale', async (width) => {
    const context = await newContext(suite.browser, { viewport: { width, height: 800 } });
    await context.addCookies(consentCookies(suite.server.url));
    const page = await context.newPage();
    const problems: string[] = [];
    for (const plan of suite.site.pages.filter((p) => !p.url.startsWith('/en'))) {
      await page.goto(suite.server.url + plan.url);
      await page.evaluate(() => document.fonts.ready);
      for (const problem of await badBreaks(page)) problems.push(`${plan.url}: ${problem}`);
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('the German privacy policy heading breaks with a hyphen at 320 px (the reported case)', async () => {
    const context = await newContext(suite.browser, { viewport: { width: 320, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/de/datenschutz`);
    const heading = page.locator('main h1');
    await expect(heading.evaluate((element) => element.textContent)).resolves.toContain('\u00AD');
    await expect(heading.evaluate((element) => element.getClientRects().length > 0 && element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight))).resolves.toBeGreaterThan(1.5);
    expect(await badBreaks(page)).toEqual([]);
    // Without the build's soft hyphens, in a size that does not fit, the browser cuts the word
    // between two letters (overflow-wrap), and the check sees it.
    await heading.evaluate((element) => {
      element.textContent = element.textContent!.replace(/\u00AD/g, '');
      element.style.fontSize = '48px';
    });
    expect((await badBreaks(page)).join('\n')).toMatch(/h1 "Datenschutzerklärung" (breaks inside a word|overflows)/);
    // And in a box that keeps to the screen, the cut between two letters is found as such.
    await heading.evaluate((element) => {
      element.style.maxWidth = '260px';
    });
    expect((await badBreaks(page)).join('\n')).toMatch(/h1 "Datenschutzerklärung" breaks inside a word without a hyphen/);
  });
});

describe('the error pages', () => {
  it.each([
    ['/hu/nincs-ilyen-oldal', 'hu-HU', 'Az oldal nem található', 'Magyar', '/hu'],
    ['/de/gibt-es-nicht', 'de-DE', 'Seite nicht gefunden', 'Deutsch', '/de'],
  ])('%s: the whole page is in its locale: navigation, language menu, footer, banner', async (url, lang, heading, languageName, home) => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    const response = await page.goto(suite.server.url + url);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe(lang);
    await expect(page.title()).resolves.toBe('Ooops');
    await expect(page.locator('main h1').textContent()).resolves.toBe(heading);
    await expect(page.locator('.language-menu summary .language-menu__name').textContent()).resolves.toBe(languageName);
    await expect(page.locator('.language-menu summary img').getAttribute('src')).resolves.toBe(`/flags/${home.slice(1)}.svg`);
    // Every link of the navigation and footer leads into the locale.
    const links = await page.locator('.main-nav a, .site-footer__grid a[href^="/"], .site-header__logo').evaluateAll((items) => items.map((a) => a.getAttribute('href')!));
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) expect(link === home || link.startsWith(`${home}/`), link).toBe(true);
    // The banner (first visit) and the footer say it in the locale, and no English is left.
    await expect(page.locator('[data-consent-banner]').isVisible()).resolves.toBe(true);
    const english = ['Services', 'Case studies', 'Career', 'About us', 'Cookie settings', 'Accept all', 'Reject all', 'Privacy policy', 'Explore'];
    const text = await page.locator('body').innerText();
    for (const word of english) expect(text, word).not.toContain(word);
    await expect(page.locator('.error-page__path').textContent()).resolves.toBe(url);
    await context.close();
  });

  it.each(['hu', 'de'])('%s/404.html, for hosts that choose the error document by prefix, is written in its locale', async (locale) => {
    const html = await readFile(path.join(suite.out, locale, '404.html'), 'utf8');
    expect(html).toMatch(new RegExp(`<html lang="${locale}-`));
    expect(html).not.toContain('<template');
    const context = await newContext(suite.browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/${locale}/404.html`);
    await expect(page.locator('main h1').textContent()).resolves.toBe(locale === 'hu' ? 'Az oldal nem található' : 'Seite nicht gefunden');
    await context.close();
  });

  it('the 404 image keeps "404" inside its circle (drawn, not set in a font)', async () => {
    const svg = await readFile(path.join(suite.out, 'images/error-404.svg'), 'utf8');
    expect(svg).not.toContain('<text');
  });
});

describe('tables, contents and header on phones', () => {
  it('wraps wide tables in a focusable, named region that scrolls, with a hint', async () => {
    const context = await newContext(suite.browser, { viewport: { width: 390, height: 844 } });
    await context.addCookies(consentCookies(suite.server.url));
    const page = await context.newPage();
    for (const url of ['/hu/adatvedelem', '/de/clickup-als-ERP']) {
      await page.goto(suite.server.url + url);
      const boxes = page.locator('.table-scroll');
      expect(await boxes.count(), url).toBeGreaterThan(0);
      const box = boxes.first();
      await expect(box.getAttribute('tabindex')).resolves.toBe('0');
      await expect(box.getAttribute('role')).resolves.toBe('region');
      await expect(box.getAttribute('aria-label')).resolves.toMatch(/1/);
      const sizes = await box.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth, right: element.getBoundingClientRect().right }));
      expect(sizes.scroll, url).toBeGreaterThan(sizes.client);
      expect(sizes.right).toBeLessThanOrEqual(390);
      await expect(page.locator('.table-scroll + .table-scroll__hint').first().isVisible()).resolves.toBe(true);
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    }
    await context.close();
  });

  it("puts an article's contents before its body on a phone, and beside it on a wide screen", async () => {
    for (const width of [390, 1366]) {
      const context = await newContext(suite.browser, { viewport: { width, height: 900 } });
      await context.addCookies(consentCookies(suite.server.url));
      const page = await context.newPage();
      await page.goto(`${suite.server.url}/clickup-as-erp`);
      const toc = await page.locator('.toc').boundingBox();
      const body = await page.locator('.article-body').boundingBox();
      if (width === 390) expect(toc!.y + toc!.height).toBeLessThanOrEqual(body!.y);
      else expect(toc!.x + toc!.width).toBeLessThanOrEqual(body!.x);
      await context.close();
    }
  });

  it('shows the company name on a phone, and opens and closes the menu without moving the page', async () => {
    const context = await newContext(suite.browser, { viewport: { width: 320, height: 640 } });
    await context.addCookies(consentCookies(suite.server.url));
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/de/ueber-uns`);
    await expect(page.locator('.site-header__logo span').isVisible()).resolves.toBe(true);
    await page.evaluate(() => scrollTo(0, 400));
    await page.click('.mobile-menu summary');
    await expect(page.locator('.mobile-menu__panel').isVisible()).resolves.toBe(true);
    await page.click('.mobile-menu summary');
    await expect(page.locator('.mobile-menu__panel').isVisible()).resolves.toBe(false);
    await expect(page.evaluate(() => scrollY)).resolves.toBe(400);
    await expect(page.evaluate(() => location.hash)).resolves.toBe('');
    await context.close();
  });

  // The first page of a visit is set in the fallback (font-loading.tsx), and so is a page that
  // does not have the font within ~100 ms (`font-display: optional`): the header must fit in both.
  it.each([
    [320, 'the font'],
    [390, 'the font'],
    [320, 'the fallback font'],
    [390, 'the fallback font'],
  ])('fits the whole header into %i px in every locale with %s, and opens the menu over the whole screen below it', async (width, font) => {
    const context = await newContext(suite.browser, { viewport: { width, height: 640 } });
    await context.addCookies(consentCookies(suite.server.url));
    const page = await context.newPage();
    if (font === 'the fallback font') await page.route('**/fonts/**', (route) => route.abort());
    for (const url of ['/en', '/hu', '/de']) {
      // Coming from a page of the site, the page waits for the font; the first page of a visit would not.
      await page.goto(suite.server.url + url, { referer: `${suite.server.url}/` });
      await page.evaluate(() => document.fonts.ready);
      const figtree = await page.evaluate(() => [...document.fonts].some((face) => face.family.replace(/["']/g, '') === 'Figtree' && face.status === 'loaded'));
      expect(figtree, url).toBe(font === 'the font');
      // Every control keeps its size: the logo's name, the search, the flag and the menu button.
      for (const selector of ['.site-header__logo span', '.site-search summary', '.language-menu summary img', '.mobile-menu summary']) {
        const box = await page.locator(selector).boundingBox();
        expect(box, `${url} ${selector}`).not.toBeNull();
        expect(box!.width, `${url} ${selector}`).toBeGreaterThan(10);
        expect(box!.x + box!.width, `${url} ${selector}`).toBeLessThanOrEqual(width);
      }
      await expect(page.evaluate(() => document.documentElement.scrollWidth), url).resolves.toBeLessThanOrEqual(width);
      await page.click('.mobile-menu summary');
      await expect(page.evaluate(() => document.documentElement.scrollWidth), `${url} menu open`).resolves.toBeLessThanOrEqual(width);
      const header = (await page.locator('.site-header').boundingBox())!;
      const panel = (await page.locator('.mobile-menu__panel').boundingBox())!;
      expect(panel.y, url).toBeGreaterThanOrEqual(header.y + header.height - 1);
      expect(panel.y + panel.height, url).toBeGreaterThanOrEqual(639);
      // The last entry, the offer button, is on the screen and nothing is drawn over it.
      const offer = (await page.locator('.mobile-menu__offer a').boundingBox())!;
      expect(offer.y + offer.height, url).toBeLessThanOrEqual(640);
      await expect(page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('.mobile-menu__offer') !== null, [offer.x + offer.width / 2, offer.y + offer.height / 2]), url).resolves.toBe(true);
      await page.click('.mobile-menu summary');
    }
    await context.close();
  });
});

describe('the font', () => {
  // docs/design.md, "Type": the first page of a visit paints in the sized fallback and fetches
  // Figtree after its first paint; the next page of the site has it from the cache.
  it('is fetched after the first paint of a visit and not used on that page; the next page of the site preloads and uses it', async () => {
    const context = await newContext(suite.browser, { viewport: { width: 390, height: 844 } });
    await context.addCookies(consentCookies(suite.server.url));
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/hu`);
    await page.waitForFunction(() => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/fonts/')).length === 2);
    const first = await page.evaluate(() => ({
      later: document.documentElement.classList.contains('font-later'),
      fcp: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
      fonts: performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/fonts/')).map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime })),
      family: getComputedStyle(document.body).fontFamily,
      used: [...document.fonts].some((face) => face.family.replace(/["']/g, '') === 'Figtree' && face.status === 'loaded'),
    }));
    expect(first.later).toBe(true);
    expect(first.family.startsWith('"Figtree Fallback"')).toBe(true);
    expect(first.fonts.map((font) => font.name).sort()).toEqual(['/fonts/figtree-latin-ext.woff2', '/fonts/figtree-latin.woff2']);
    for (const font of first.fonts) expect(font.start, font.name).toBeGreaterThan(first.fcp);
    expect(first.used).toBe(false);
    // The next page of the site (a same-origin referrer): the font preloaded and used.
    await Promise.all([page.waitForURL(/\/hu\/kapcsolat$/), page.evaluate(() => location.assign('/hu/kapcsolat'))]);
    await page.evaluate(() => document.fonts.ready);
    const next = await page.evaluate(() => ({
      later: document.documentElement.classList.contains('font-later'),
      preloads: [...document.querySelectorAll('link[rel="preload"][as="font"]')].map((link) => new URL((link as HTMLLinkElement).href).pathname).sort(),
      family: getComputedStyle(document.body).fontFamily,
      used: [...document.fonts].some((face) => face.family.replace(/["']/g, '') === 'Figtree' && face.status === 'loaded'),
    }));
    expect(next).toEqual({
      later: false,
      preloads: ['/fonts/figtree-latin-ext.woff2', '/fonts/figtree-latin.woff2'],
      family: expect.stringMatching(/^Figtree, /),
      used: true,
    });
    await context.close();
  });
});

describe('the cookie banner on a first visit', () => {
  it.each([
    [1366, 900],
    [390, 844],
    [320, 640],
  ])('at %ix%i covers none of the home page actions in any locale, comes right after the skip link, and its two buttons are the same size', async (width, height) => {
    const context = await newContext(suite.browser, { viewport: { width, height } });
    const page = await context.newPage();
    for (const url of ['/', '/hu', '/de']) {
      // The unprefixed home detects the language: ask for English.
      await context.addCookies([{ name: 'i18n_redirected', value: url === '/' ? 'en' : url.slice(1), url: suite.server.url }]);
      await page.goto(suite.server.url + url);
      const banner = page.locator('[data-consent-banner]');
      await expect(banner.isVisible(), url).resolves.toBe(true);
      const bannerBox = (await banner.boundingBox())!;
      for (const action of await page.locator('.hero__actions a').all()) {
        const box = (await action.boundingBox())!;
        const overlaps = box.x < bannerBox.x + bannerBox.width && bannerBox.x < box.x + box.width && box.y < bannerBox.y + bannerBox.height && bannerBox.y < box.y + box.height;
        expect(overlaps, `${url}: ${await action.textContent()}`).toBe(false);
        // Nothing is drawn over the action: the element at its centre is the action itself.
        await expect(page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('.hero__actions a') !== null, [box.x + box.width / 2, box.y + box.height / 2])).resolves.toBe(true);
      }
      const [accept, reject] = [await page.locator('[data-consent="accept"]').boundingBox(), await page.locator('[data-consent="reject"]').boundingBox()];
      expect(Math.abs(accept!.width - reject!.width), `${url} width`).toBeLessThan(1);
      expect(Math.abs(accept!.height - reject!.height), `${url} height`).toBeLessThan(1);
      // Focus order: the skip link, then the banner's first control.
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => document.activeElement?.className)).resolves.toBe('skip-link');
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.closest('[data-consent-banner]') !== null);
      expect(focused, url).toBe(true);
    }
    await context.close();
  });

  it('is shown before the first paint (no layout shift) and gone once a choice is stored', async () => {
    const context = await newContext(suite.browser, { viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/contact`);
    await expect(page.locator('[data-consent-banner]').isVisible()).resolves.toBe(true);
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) total += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 500);
        }),
    );
    expect(shift).toBe(0);
    await page.click('[data-consent="reject"]');
    await page.reload();
    await expect(page.locator('[data-consent-banner]').isVisible()).resolves.toBe(false);
    await context.close();
  });
});
