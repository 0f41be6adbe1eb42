import { afterAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { build, watch, type Watcher } from '../../src/engine';
import { headersForPath } from '../../src/engine/artifacts/header-formats';
import { launchBrowser, newContext } from '../helpers/browser';
import { copySite, edit } from '../helpers/site';

let watcher: Watcher | undefined;
let browser: Browser | undefined;
afterAll(async () => {
  await browser?.close();
  await watcher?.close();
});

describe('sitegen watch and the security headers', () => {
  it('sends the build headers (without HSTS), and its live-reload client and overlay break no policy', async () => {
    const root = await copySite();
    const built = await build({ root, write: false });
    watcher = await watch({ root, port: 0, log: () => {}, error: () => {} });
    const response = await fetch(`${watcher.url}/career`);
    const expected = built.headers.filter(([name]) => name !== 'Strict-Transport-Security');
    for (const [name, value] of expected) expect(response.headers.get(name), name).toBe(value);
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(headersForPath(String(built.files.get('_headers')), '/career')).toEqual(built.headers);

    browser = await launchBrowser();
    const context = await newContext(browser);
    const violations: string[] = [];
    await context.exposeBinding('__cspViolation', (_source, text: string) => void violations.push(text));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { __cspViolation(text: string): void }).__cspViolation(`${event.effectiveDirective} ${event.blockedURI}`);
      });
    });
    context.on('console', (message) => {
      if (/Content.Security.Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    const page = await context.newPage();
    await page.goto(`${watcher.url}/career`);
    await page.waitForTimeout(500);
    // A broken edit: the client shows the errors over the page.
    const rebuilt = watcher.nextBuild();
    await edit(root, 'content/routes.yaml', (text) => text.replace('template: career', 'template: careeer'));
    await rebuilt;
    await page.locator('#sitegen-dev-overlay').waitFor();
    expect(await page.locator('#sitegen-dev-overlay').evaluate((overlay) => getComputedStyle(overlay).position)).toBe('fixed');
    expect(violations).toEqual([]);
  }, 120_000);
});
