/**
 * Highlighted code in Chromium, served with the site's security policy: the colours of both
 * schemes, the copy button (a script of a few hundred bytes, no React) in the page's language,
 * and the code readable without script.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODE_SCHEMES } from '../../src/shared/code-palette';
import { newContext, watchConsole } from '../helpers/browser';
import { REPO } from '../helpers/site';
import { browserSuite } from './setup';

const suite = browserSuite();

const ARTICLE = '/de/finanzautomatisierung-clickup-n8n';

/** The fenced blocks of the article's German source, as written. */
async function sourceBlocks(): Promise<string[]> {
  const source = await readFile(path.join(REPO, 'content/de/blog/finance-automation-clickup-n8n.md'), 'utf8');
  return [...source.matchAll(/^```\w+\n([\s\S]*?)\n```$/gm)].map((match) => match[1]!);
}

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((offset) => parseInt(hex.slice(offset, offset + 2), 16)).join(', ')})`;

describe('code blocks in Chromium', () => {
  it.each(['light', 'dark'] as const)('colour tokens with the %s scheme and show the language', async (colorScheme) => {
    const context = await newContext(suite.browser, { colorScheme, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(suite.server.url + ARTICLE);
    const scheme = CODE_SCHEMES[colorScheme];
    const token = page.locator(`.code-block .${scheme.prefix}1`).first();
    expect(await token.evaluate((element) => getComputedStyle(element).color)).toBe(rgb(scheme.colors[1]!));
    expect(await page.locator('.code-block').first().evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(rgb(scheme.background));
    expect(await page.locator('.code-block__lang').allTextContents()).toEqual(['JavaScript', 'JSON']);
    // A block wider than the phone scrolls inside its frame; the page does not.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('copy the code as written with a button in the page language, and say so', async () => {
    const context = await newContext(suite.browser, { viewport: { width: 1366, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(suite.server.url + ARTICLE);
    const buttons = page.locator('.code-block__copy');
    expect(await buttons.allTextContents()).toEqual(['Code kopieren', 'Code kopieren']);
    const blocks = await sourceBlocks();
    expect(blocks).toHaveLength(2);
    for (const [index, expected] of blocks.entries()) {
      await buttons.nth(index).click();
      await expect.poll(() => buttons.nth(index).textContent()).toBe('Kopiert');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    }
    // The label comes back.
    await expect.poll(() => buttons.first().textContent()).toBe('Code kopieren');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('show the code without script, with no button', async () => {
    const context = await newContext(suite.browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(suite.server.url + ARTICLE);
    expect(await page.locator('.code-block__copy').count()).toBe(0);
    expect(await page.locator('.code-block pre').allTextContents()).toEqual(await sourceBlocks());
    await context.close();
  });
});
