/**
 * The islands' runtime hands every island what the visitor did before it hydrated
 * (src/widgets/runtime/replay-input.ts), whatever its controls: a test island with one of each
 * kind, server-rendered and hydrated by the site's own `mount` in Chromium, production React.
 */
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, watchConsole } from '../helpers/browser';
import { REPO } from '../helpers/site';
import { INITIAL, type ControlsState } from './fixtures/controls-state';

const ORIGIN = 'http://island.test';
const CONFIG = {
  release: 'test',
  locale: 'en',
  language: 'en-US',
  locales: [{ code: 'en', tag: 'en-US' }],
  defaultLocale: 'en',
  latestBuild: '/_sitegen/builds/latest.json',
  manifest: '/_sitegen/builds/meta/test.json',
  scripts: { deployWatch: '/none.js', consentBanner: '/none.js' },
  dev: false,
  buildCheckSeconds: 3600,
  consent: { cookies: [], analytics: null },
};
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<script type="application/json" id="sitegen-config">${JSON.stringify(CONFIG)}</script>
<script type="module" src="/island.js"></script></head>
<body><sitegen-island data-island="Controls" data-props="island-t"></sitegen-island></body></html>`;

let browser: Browser;
let bundle: string;

beforeAll(async () => {
  const built = await esbuild.build({
    entryPoints: [path.join(REPO, 'test/browser/fixtures/controls-island.tsx')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
    plugins: [
      {
        name: 'fallback-messages',
        setup(build) {
          build.onResolve({ filter: /^sitegen:fallback-messages$/ }, () => ({ path: 'fallback', namespace: 'messages' }));
          build.onLoad({ filter: /.*/, namespace: 'messages' }, () => ({ contents: '{}', loader: 'json' }));
        },
      },
    ],
  });
  bundle = built.outputFiles[0]!.text;
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** The test page with the island's server markup in place, not hydrated. */
async function serverRendered(): Promise<{ page: Page; problems: string[] }> {
  const context = await newContext(browser);
  await context.route(`${ORIGIN}/**`, (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/') return route.fulfill({ contentType: 'text/html', body: PAGE });
    if (pathname === '/island.js') return route.fulfill({ contentType: 'text/javascript', body: bundle });
    if (pathname === '/_i18n/test/en/messages.json') return route.fulfill({ contentType: 'application/json', body: '{}' });
    return route.fulfill({ status: 404, body: '' });
  });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${ORIGIN}/`);
  await page.waitForFunction(() => typeof window.renderIsland === 'function');
  await page.evaluate(() => window.renderIsland());
  return { page, problems };
}

const state = async (page: Page) => JSON.parse((await page.locator('#state').textContent())!) as ControlsState;
const control = (page: Page, name: string, value?: string) => page.locator(`[name="${name}"]${value ? `[value="${value}"]` : ''}`);
/** Waits until the island hydrated and a task went by (a draft restored after hydration would have rendered by then). */
async function hydrate(page: Page): Promise<void> {
  await page.evaluate(() => window.hydrateIsland());
  await expect.poll(() => page.locator('#effects').textContent()).toBe('1');
}

describe('input before hydration, in every kind of control', () => {
  it('becomes the island state, each change reported once, nothing written over', async () => {
    const { page, problems } = await serverRendered();
    await control(page, 'text').fill('typed early');
    await control(page, 'area').fill('server text, edited');
    await control(page, 'box').check();
    await control(page, 'boxes', 'x').check();
    await control(page, 'boxes', 'z').check();
    await control(page, 'radio', 'c').check();
    await control(page, 'one').selectOption('2');
    await control(page, 'many').selectOption(['p', 'r']);
    await control(page, 'loose').fill('changed');
    await page.locator('details summary').click();
    // The e-mail field last, with the caret moved back: it keeps the focus through hydration.
    await control(page, 'email').pressSequentially('someone@example.com');
    for (let i = 0; i < '@example.com'.length; i++) await page.keyboard.press('ArrowLeft');
    expect(await state(page)).toEqual(INITIAL);

    await hydrate(page);
    expect(await state(page)).toEqual({
      text: 'typed early',
      email: 'someone@example.com',
      area: 'server text, edited',
      box: true,
      boxes: ['x', 'z'],
      radio: 'c',
      one: '2',
      many: ['p', 'r'],
    });
    expect(await page.evaluate(() => window.changes)).toEqual({ text: 1, email: 1, area: 1, box: 1, boxes: 2, radio: 1, one: 1, many: 1 });
    expect(await page.evaluate(() => window.loose)).toBe('changed');
    // What the page shows is what the visitor left.
    expect(await control(page, 'box').isChecked()).toBe(true);
    expect(await control(page, 'boxes', 'y').isChecked()).toBe(false);
    expect(await control(page, 'radio', 'a').isChecked()).toBe(false);
    expect(await page.locator('details').getAttribute('open')).toBe('');
    await page.keyboard.type('.one');
    expect(await control(page, 'email').inputValue()).toBe('someone.one@example.com');
    expect(problems).toEqual([]);
  });

  it('reports nothing when nothing changed, or a change was undone', async () => {
    const { page, problems } = await serverRendered();
    await control(page, 'box').check();
    await control(page, 'box').uncheck();
    await control(page, 'text').fill('gone again');
    await control(page, 'text').fill('');
    await control(page, 'one').selectOption('1');
    await control(page, 'one').selectOption('');

    await hydrate(page);
    expect(await page.evaluate(() => window.changes)).toEqual({});
    expect(await state(page)).toEqual(INITIAL);
    expect(problems).toEqual([]);
  });

  it('keeps the selection of a focused textarea, backwards as the visitor made it', async () => {
    const { page, problems } = await serverRendered();
    await control(page, 'text').fill('first');
    await control(page, 'area').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' and more');
    await page.keyboard.down('Shift');
    for (let i = 0; i < 'more'.length; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.up('Shift');
    const selection = () =>
      page.evaluate(() => {
        const area = document.activeElement as HTMLTextAreaElement;
        return [area.name, area.value, area.selectionStart, area.selectionEnd, area.selectionDirection];
      });
    const before = await selection();
    expect(before).toEqual(['area', 'server text and more', 16, 20, 'backward']);

    await hydrate(page);
    expect(await selection()).toEqual(before);
    expect(await state(page)).toMatchObject({ text: 'first', area: 'server text and more' });
    expect(problems).toEqual([]);
  });
});
