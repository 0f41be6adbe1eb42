/**
 * What a visitor does before an island hydrates is what the island starts from. Chromium with
 * the network throttled to 40 KB/s (CDP `Network.emulateNetworkConditions`, as DevTools does):
 * the page is there long before React, so the visitor types, ticks and chooses in the
 * server-rendered form, then sends it once it has hydrated. The forms post to the loopback
 * fake PocketBase; each test checks the record the SDK sent.
 *
 * Slow by nature (about 10 s per test: React's chunk alone takes 6 s at this rate).
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consentCookies, hydrated, loaderRan, newContext, turnToForm, watchConsole } from '../helpers/browser';
import { startFakePocketBase, type FakePocketBase, type RecordedRequest } from '../helpers/fake-pocketbase';
import { browserSuite } from './setup';
import en from '../../locales/en.json' with { type: 'json' };

const CONTACT_RECORDS = '/api/collections/contact_messages/records';
const OFFER_RECORDS = '/api/collections/offer_requests/records';

/** A slow mobile connection: the 40 KB/s, with a mobile round trip. */
const SLOW = { offline: false, latency: 150, downloadThroughput: 40 * 1024, uploadThroughput: 40 * 1024 };
const NORMAL = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

let fake: FakePocketBase;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  fake = await startFakePocketBase();
});
afterAll(async () => {
  await fake?.close();
});
const suite = browserSuite({ env: () => ({ SITEGEN_POCKETBASE_URL: fake.url }) });

beforeEach(() => {
  fake.requests.length = 0;
  fake.setOutcome('ok');
  fake.setDelay(0);
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

interface Throttled {
  page: Page;
  cdp: CDPSession;
  problems: string[];
}

/** A visitor who accepted the consent earlier, on a page whose network runs at 40 KB/s. */
async function slowPage(): Promise<Throttled> {
  const context = await newContext(suite.browser);
  contexts.push(context);
  await context.addCookies(consentCookies(suite.server.url));
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const problems = watchConsole(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW);
  return { page, cdp, problems };
}

const field = (page: Page, name: string) => page.locator(`#form [name="${name}"]`);
const island = (page: Page, name: string) => page.locator(`sitegen-island[data-island="${name}"]`);

/** Fails the test when the island hydrated before the visitor was done: then it would test nothing. */
async function stillServerRendered(page: Page, name: string): Promise<void> {
  expect(await island(page, name).getAttribute('data-hydrated'), `${name} hydrated before the test finished typing`).toBeNull();
}

/** Opens a page at 40 KB/s and brings its form into view; the first field the visitor touches starts loading its island. */
async function openSlowly(urlPath: string): Promise<Throttled> {
  const opened = await slowPage();
  await opened.page.goto(suite.server.url + urlPath, { waitUntil: 'domcontentloaded' });
  await opened.page.locator('#form').scrollIntoViewIfNeeded();
  return opened;
}

const creates = (collection: string): RecordedRequest[] =>
  fake.requests.filter((request) => request.method === 'POST' && request.path === collection);

/**
 * Presses Send and waits for the outcome: the success page, or messages on the form. Either way
 * the messages the form showed are returned, so a failure says what the visitor saw.
 */
async function send(page: Page, landing: string): Promise<string[]> {
  const messages = page.locator('#form .field__error, #form .form__general');
  await page.waitForFunction(() => performance.now() > 3100);
  await page.locator('#form button[type="submit"]').click();
  await Promise.race([page.waitForURL(suite.server.url + landing), messages.first().waitFor()]);
  return new URL(page.url()).pathname === landing ? [] : messages.allTextContents();
}

const unexpected = (problems: string[]) => problems.filter((problem) => !/Failed to load resource/.test(problem));

describe('contact forms: input before hydration on a slow network', () => {
  it('keeps an e-mail address typed while React loads: Send sends it (the issue)', async () => {
    const { page, problems } = await openSlowly('/contact');
    await field(page, 'email').pressSequentially('ada@example.com');
    await stillServerRendered(page, 'ContactForm');

    await hydrated(page, 'ContactForm');
    expect(await field(page, 'email').inputValue()).toBe('ada@example.com');
    await field(page, 'name').fill('Ada Lovelace');
    await field(page, 'message').fill('We would like to talk about a project.');
    await field(page, 'privacy').check();

    expect(await send(page, '/successful-contact')).toEqual([]);
    expect(creates(CONTACT_RECORDS)).toHaveLength(1);
    expect(creates(CONTACT_RECORDS)[0]!.body).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'We would like to talk about a project.',
      privacy: true,
      form: 'contact',
    });
    expect(unexpected(problems)).toEqual([]);
  });

  it('starts from the whole form filled before hydration, keeping the focus and the caret (ClickUp form, Hungarian)', async () => {
    const { page, problems } = await openSlowly('/hu/clickup-bevezetes/kapcsolat');
    await field(page, 'name').pressSequentially('Kovács Anna');
    await field(page, 'email').pressSequentially('anna@example.hu');
    await field(page, 'company').pressSequentially('Példa Kft.');
    await field(page, 'phone').pressSequentially('+36 1 234 5678');
    await field(page, 'privacy').check();
    await field(page, 'message').pressSequentially('Szeretnénk ClickUp bevezetést.');
    // The caret goes back before the final full stop, with "bevezetést" selected backwards.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.down('Shift');
    for (let i = 0; i < 'bevezetést'.length; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.up('Shift');
    const selection = () =>
      page.evaluate(() => {
        const active = document.activeElement as HTMLTextAreaElement;
        return [active.name, active.selectionStart, active.selectionEnd, active.selectionDirection];
      });
    const before = await selection();
    expect(before).toEqual(['message', 19, 29, 'backward']);
    await stillServerRendered(page, 'ContactForm');

    await hydrated(page, 'ContactForm');
    expect(await selection()).toEqual(before);
    // Typing goes on where the visitor left it: the selection is replaced.
    await page.keyboard.type('bevezetésről beszélnénk');

    expect(await send(page, '/hu/sikeres-bekuldes')).toEqual([]);
    expect(creates(CONTACT_RECORDS)).toHaveLength(1);
    expect(creates(CONTACT_RECORDS)[0]!.body).toEqual({
      name: 'Kovács Anna',
      email: 'anna@example.hu',
      company: 'Példa Kft.',
      phone: '+36 1 234 5678',
      message: 'Szeretnénk ClickUp bevezetésről beszélnénk.',
      privacy: true,
      form: 'clickup',
      locale: 'hu',
      path: '/hu/clickup-bevezetes/kapcsolat',
      website: '',
      // The proof of work the form solved while the visitor typed (the stand-in checks none).
      altcha: expect.anything(),
    });
    expect(unexpected(problems)).toEqual([]);
  });

  it('keeps the caret inside an e-mail address being corrected when the form hydrates', async () => {
    // An e-mail field has no selection API: only typing shows where its caret is.
    const { page, problems } = await openSlowly('/de/kontakt');
    await field(page, 'name').pressSequentially('Erika Mustermann');
    await field(page, 'email').pressSequentially('erika@example.de');
    for (let i = 0; i < '@example.de'.length; i++) await page.keyboard.press('ArrowLeft');
    await stillServerRendered(page, 'ContactForm');

    await hydrated(page, 'ContactForm');
    await page.keyboard.type('.mustermann');
    expect(await field(page, 'email').inputValue()).toBe('erika.mustermann@example.de');
    expect(await field(page, 'name').inputValue()).toBe('Erika Mustermann');
    await field(page, 'message').fill('Bitte rufen Sie mich zurück.');
    await field(page, 'privacy').check();
    expect(await send(page, '/de/erfolgreich-kontakt')).toEqual([]);
    expect(creates(CONTACT_RECORDS)[0]!.body).toMatchObject({ email: 'erika.mustermann@example.de', locale: 'de' });
    expect(unexpected(problems)).toEqual([]);
  });

  it('keeps what was typed before hydration over the draft of a failed send, which fills the rest', async () => {
    fake.setOutcome('serverError');
    const { page, cdp, problems } = await openSlowly('/de/kontakt');
    await turnToForm(page);
    await hydrated(page, 'ContactForm');
    await field(page, 'name').fill('Erika Mustermann');
    await field(page, 'email').fill('erika@example.de');
    await field(page, 'message').fill('Bitte rufen Sie mich zurück.');
    await field(page, 'privacy').check();
    expect(await send(page, '/de/fehlgeschlagen-kontakt')).toEqual([]);

    // "Try again" leads back to the form, which loads as slowly as before (React from the cache,
    // so the page's own scripts are held back too: the cache is off).
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await hydrated(page, 'RetryLink');
    await Promise.all([page.waitForURL(`${suite.server.url}/de/kontakt#form`), page.getByRole('link', { name: 'Erneut versuchen' }).click()]);
    await page.locator('#form').scrollIntoViewIfNeeded();
    // The visitor corrects the address in the empty server-rendered form.
    await field(page, 'email').pressSequentially('erika.mustermann@example.de');
    await stillServerRendered(page, 'ContactForm');

    await hydrated(page, 'ContactForm');
    await expect.poll(() => field(page, 'name').inputValue()).toBe('Erika Mustermann');
    expect(await field(page, 'email').inputValue()).toBe('erika.mustermann@example.de');
    expect(await field(page, 'message').inputValue()).toBe('Bitte rufen Sie mich zurück.');
    expect(await field(page, 'privacy').isChecked()).toBe(true);

    fake.setOutcome('ok');
    expect(await send(page, '/de/erfolgreich-kontakt')).toEqual([]);
    expect(creates(CONTACT_RECORDS)).toHaveLength(2);
    expect(creates(CONTACT_RECORDS)[1]!.body).toMatchObject({
      name: 'Erika Mustermann',
      email: 'erika.mustermann@example.de',
      message: 'Bitte rufen Sie mich zurück.',
      privacy: true,
      locale: 'de',
    });
    expect(unexpected(problems)).toEqual([]);
  });
});

describe('offer form: input before hydration on a slow network', () => {
  it('starts from the services ticked, the options chosen and the text typed before hydration', async () => {
    const { page, problems } = await openSlowly('/offer');
    await field(page, 'services').and(page.locator('[value="clickup-onboarding"]')).check();
    await field(page, 'services').and(page.locator('[value="software-integrations"]')).check();
    await field(page, 'budget').selectOption('15k-50k');
    await field(page, 'timeline').selectOption('3-6-months');
    await field(page, 'description').pressSequentially('Our ClickUp should talk to our ERP.');
    await field(page, 'name').pressSequentially('Grace Hopper');
    await field(page, 'email').pressSequentially('grace@example.com');
    await field(page, 'privacy').check();
    await stillServerRendered(page, 'OfferForm');

    await hydrated(page, 'OfferForm');
    expect(await send(page, '/successful-contact')).toEqual([]);
    expect(creates(OFFER_RECORDS)).toHaveLength(1);
    expect(creates(OFFER_RECORDS)[0]!.body).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      company: '',
      phone: '',
      services: ['clickup-onboarding', 'software-integrations'],
      budget: '15k-50k',
      timeline: '3-6-months',
      description: 'Our ClickUp should talk to our ERP.',
      privacy: true,
      locale: 'en',
      path: '/offer',
      website: '',
      // The proof of work the form solved while the visitor typed (the stand-in checks none).
      altcha: expect.anything(),
    });
    expect(unexpected(problems)).toEqual([]);
  });

  it('keeps a choice undone before hydration undone', async () => {
    const { page, problems } = await openSlowly('/offer');
    const outsourcing = field(page, 'services').and(page.locator('[value="it-outsourcing"]'));
    await outsourcing.check();
    await outsourcing.uncheck();
    await field(page, 'services').and(page.locator('[value="web-and-mobile-development"]')).check();
    await field(page, 'budget').selectOption('over-50k');
    await field(page, 'budget').selectOption('');
    await stillServerRendered(page, 'OfferForm');

    await hydrated(page, 'OfferForm');
    await field(page, 'budget').selectOption('unsure');
    await field(page, 'timeline').selectOption('flexible');
    await field(page, 'description').fill('A mobile app for our field staff.');
    await field(page, 'name').fill('Grace Hopper');
    await field(page, 'email').fill('grace@example.com');
    await field(page, 'privacy').check();
    expect(await send(page, '/successful-contact')).toEqual([]);
    expect(creates(OFFER_RECORDS)[0]!.body).toMatchObject({ services: ['web-and-mobile-development'], budget: 'unsure', timeline: 'flexible' });
    expect(unexpected(problems)).toEqual([]);
  });
});

describe('language menu: opened before hydration on a slow network', () => {
  it('stays open with the focus on it, and then closes on Escape as a hydrated menu does', async () => {
    const { page, problems } = await slowPage();
    await page.goto(`${suite.server.url}/career`, { waitUntil: 'domcontentloaded' });
    await loaderRan(page);
    const menu = page.locator('.language-menu');
    // Hovering starts its hydration; the click opens the <details> before React is there.
    await menu.locator('summary').click();
    expect(await menu.getAttribute('open')).toBe('');
    await stillServerRendered(page, 'LocaleSwitcher');

    await hydrated(page, 'LocaleSwitcher');
    expect(await menu.getAttribute('open')).toBe('');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.getAttribute('open')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
    expect(unexpected(problems)).toEqual([]);
  });
});

describe('a fast network', () => {
  it('keeps what was typed while the form hydrates (the tail of a slow load)', async () => {
    const { page, cdp, problems } = await openSlowly('/contact');
    await field(page, 'email').pressSequentially('ada@example.com');
    // The rest arrives at full speed, while the visitor goes on typing.
    await cdp.send('Network.emulateNetworkConditions', NORMAL);
    await field(page, 'name').pressSequentially('Ada Lovelace', { delay: 20 });
    await hydrated(page, 'ContactForm');
    await field(page, 'message').fill(en.widgets.form.contactTitle + ': a project.');
    await field(page, 'privacy').check();
    expect(await send(page, '/successful-contact')).toEqual([]);
    expect(creates(CONTACT_RECORDS)[0]!.body).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com' });
    expect(unexpected(problems)).toEqual([]);
  });
});
