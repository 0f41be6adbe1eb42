/**
 * The contact and offer forms in a real (headless) Chromium, the built site served like
 * production, for what a real PocketBase can't be made to do on demand: answer slowly, fail with
 * a 500, refuse a record with field errors the form itself would not find, refuse without naming
 * a field; the connection refused mid-visit; and the form's own checks, which send nothing. A
 * loopback stand-in (test/helpers/fake-pocketbase.ts) answers here. The real server's path, every
 * form in every language, the rate limit and a stopped server: forms-backend.test.ts.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consentCookies, hydrated, loaderRan, newContext, turnToForm, watchConsole } from '../helpers/browser';
import { CHALLENGE_PATH, startFakePocketBase, type FakePocketBase, type RecordedRequest } from '../helpers/fake-pocketbase';
import { browserSuite } from './setup';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import hu from '../../locales/hu.json' with { type: 'json' };

const CONTACT_RECORDS = '/api/collections/contact_messages/records';
const OFFER_RECORDS = '/api/collections/offer_requests/records';
const ENV = 'SITEGEN_POCKETBASE_URL';

const FORM = { en: en.widgets.form, hu: hu.widgets.form, de: de.widgets.form };

let fake: FakePocketBase;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  fake = await startFakePocketBase();
});
afterAll(async () => {
  await fake?.close();
});
// The forms post to the fake PocketBase: the build reads its URL from the environment.
const suite = browserSuite({ env: () => ({ [ENV]: fake.url }) });

beforeEach(() => {
  fake.requests.length = 0;
  fake.setOutcome('ok');
  fake.setDelay(0);
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

interface Opened {
  page: Page;
  problems: string[];
  /** URLs of every request the page made to the PocketBase origin (preflights included). */
  backendCalls: string[];
}

/** A fresh context (consent already given unless `consent: false`) with one page, not yet navigated. */
async function freshPage(options: { consent?: boolean } = {}): Promise<Opened> {
  const context = await newContext(suite.browser);
  contexts.push(context);
  if (options.consent !== false) {
    await context.addCookies(consentCookies(suite.server.url));
  }
  const page = await context.newPage();
  page.setDefaultTimeout(8_000);
  const problems = watchConsole(page);
  const backendCalls: string[] = [];
  page.on('request', (request) => {
    // The proof-of-work challenge the form fetches when it hydrates is not a send.
    if (request.url().startsWith(fake.url) && !request.url().includes(CHALLENGE_PATH)) backendCalls.push(`${request.method()} ${request.url()}`);
  });
  return { page, problems, backendCalls };
}

/** Loads a page with a form, scrolls the form into view and waits for it to hydrate. */
async function openForm(urlPath: string, island = 'ContactForm', options: { consent?: boolean } = {}): Promise<Opened> {
  const opened = await freshPage(options);
  await opened.page.goto(suite.server.url + urlPath);
  await showForm(opened.page, island);
  return opened;
}

async function showForm(page: Page, island = 'ContactForm'): Promise<void> {
  await page.locator('#form').scrollIntoViewIfNeeded();
  await turnToForm(page);
  await hydrated(page, island);
}

/** People take more than 3 s; the form drops faster submissions as bots. */
async function pastBotWindow(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.now() > 3100);
}

const field = (page: Page, name: string) => page.locator(`#form [name="${name}"]`);
const submitButton = (page: Page) => page.locator('#form button[type="submit"]');

/** The error message shown for a field (through its aria-describedby), or null. */
async function errorOf(page: Page, name: string): Promise<string | null> {
  const describedBy = await field(page, name).first().getAttribute('aria-describedby');
  if (!describedBy) return null;
  return page.locator(`[id="${describedBy}"]`).textContent();
}

interface ContactInput {
  name: string;
  email: string;
  company: string;
  phone: string;
  message: string;
}

const TYPED: ContactInput = {
  name: '  Ada Lovelace ',
  email: 'ada@example.com', // an e-mail input strips surrounding spaces itself
  company: 'Analytical Engines Ltd. ',
  phone: ' +36 1 234 5678',
  message: '  Hello, we would like to talk about a project.\nThanks!  ',
};

const trimmedInput = (input: ContactInput) =>
  Object.fromEntries(Object.entries(input).map(([name, value]) => [name, value.trim()])) as unknown as ContactInput;

async function fillContact(page: Page, input: ContactInput = TYPED, privacy = true): Promise<void> {
  for (const [name, value] of Object.entries(input)) await field(page, name).fill(value);
  if (privacy) await field(page, 'privacy').check();
}

async function contactValues(page: Page): Promise<ContactInput & { privacy: boolean }> {
  return {
    name: await field(page, 'name').inputValue(),
    email: await field(page, 'email').inputValue(),
    company: await field(page, 'company').inputValue(),
    phone: await field(page, 'phone').inputValue(),
    message: await field(page, 'message').inputValue(),
    privacy: await field(page, 'privacy').isChecked(),
  };
}

/** Submits and waits for the page to land on `urlPath`. */
async function submitAndLand(page: Page, urlPath: string): Promise<void> {
  await Promise.all([page.waitForURL(suite.server.url + urlPath), submitButton(page).click()]);
  await page.waitForLoadState('load');
}

/** The browser reports every 4xx/5xx or refused fetch in the console; those are expected in failure tests. */
const unexpected = (problems: string[]) => problems.filter((problem) => !/Failed to load resource/.test(problem));

const creates = (collection: string = CONTACT_RECORDS): RecordedRequest[] =>
  fake.requests.filter((request) => request.method === 'POST' && request.path === collection);

/** Gives a request that would have been sent a moment to arrive. */
const settle = (page: Page, ms = 500) => page.waitForTimeout(ms);

describe('contact form: loading', () => {
  it('loads no React and no SDK with the page: the form hydrates when the visitor turns to it', async () => {
    const { page, problems } = await freshPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${suite.server.url}/contact`);
    await loaderRan(page);
    // The form is in view at load: the loader has seen it, and waits for a touch.
    expect(await page.locator('#form').isVisible()).toBe(true);
    await page.waitForTimeout(500);
    const island = page.locator('sitegen-island[data-island="ContactForm"]');
    expect(await island.getAttribute('data-hydrated')).toBeNull();
    expect(scripts.filter((script) => /ContactForm|chunk-/.test(script))).toEqual([]);

    await page.locator('#form [name="name"]').hover();
    await hydrated(page, 'ContactForm');
    expect(scripts.some((script) => /ContactForm/.test(script))).toBe(true);
    expect(problems).toEqual([]);
  });
});

describe('contact form: sending', () => {
  it('sends one request for a double click, shows no error and lands on the success page', async () => {
    fake.setDelay(800);
    const { page, problems, backendCalls } = await openForm('/contact');
    await fillContact(page);
    await pastBotWindow(page);
    await Promise.all([page.waitForURL(`${suite.server.url}/successful-contact`), submitButton(page).dblclick()]);
    await settle(page, 300);

    expect(creates()).toHaveLength(1);
    expect(backendCalls.filter((call) => call.startsWith('POST'))).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it('disables the button while sending, even for clicks in the same task', async () => {
    fake.setDelay(800);
    const { page, problems } = await openForm('/contact');
    await fillContact(page);
    await pastBotWindow(page);
    const landed = page.waitForURL(`${suite.server.url}/successful-contact`);
    await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>('#form button[type="submit"]')!;
      button.click();
      button.click();
      button.click();
    });
    await expect.poll(() => submitButton(page).getAttribute('aria-busy')).toBe('true');
    expect(await submitButton(page).isDisabled()).toBe(true);
    expect(await submitButton(page).textContent()).toBe(FORM.en.sending);
    expect(await page.locator('#form .form__general').count()).toBe(0);
    await landed;

    expect(creates()).toHaveLength(1);
    expect(problems).toEqual([]);
  });
});

describe('contact form: client validation', () => {
  it('shows English messages next to the empty fields and sends nothing', async () => {
    const { page, problems, backendCalls } = await openForm('/contact');
    await pastBotWindow(page);
    await submitButton(page).click();

    for (const name of ['name', 'email', 'message']) {
      await expect.poll(() => errorOf(page, name), { message: name }).toBe(FORM.en.errors.required);
      expect(await field(page, name).getAttribute('aria-invalid'), name).toBe('true');
    }
    expect(await errorOf(page, 'privacy')).toBe(FORM.en.errors.privacy);
    expect(await field(page, 'privacy').getAttribute('aria-invalid')).toBe('true');
    for (const name of ['company', 'phone']) {
      expect(await field(page, name).getAttribute('aria-invalid'), name).toBeNull();
      expect(await errorOf(page, name), name).toBeNull();
    }
    // The first field in trouble gets the focus.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');

    // A wrong e-mail address, an invalid phone, a short message.
    await field(page, 'name').fill('Ada');
    await field(page, 'email').fill('ada@example');
    await field(page, 'phone').fill('call me maybe');
    await field(page, 'message').fill('Too short');
    expect(await errorOf(page, 'name')).toBeNull(); // typing clears a field's message
    await submitButton(page).click();
    await expect.poll(() => errorOf(page, 'email')).toBe(FORM.en.errors.email);
    expect(await errorOf(page, 'phone')).toBe(FORM.en.errors.phone);
    expect(await errorOf(page, 'message')).toBe('Please write at least 10 characters.');
    expect(await errorOf(page, 'name')).toBeNull();
    expect(await errorOf(page, 'privacy')).toBe(FORM.en.errors.privacy);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');

    await settle(page);
    expect(new URL(page.url()).pathname).toBe('/contact');
    expect(fake.requests).toEqual([]);
    expect(backendCalls).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('shows Hungarian messages on the Hungarian form and sends nothing', async () => {
    const { page, problems, backendCalls } = await openForm('/hu/kapcsolat');
    await pastBotWindow(page);
    await field(page, 'email').fill('nem-email');
    await submitButton(page).click();

    await expect.poll(() => errorOf(page, 'name')).toBe(FORM.hu.errors.required);
    expect(await errorOf(page, 'message')).toBe(FORM.hu.errors.required);
    expect(await errorOf(page, 'email')).toBe(FORM.hu.errors.email);
    expect(await errorOf(page, 'privacy')).toBe(FORM.hu.errors.privacy);
    for (const name of ['name', 'email', 'message', 'privacy']) {
      expect(await field(page, name).getAttribute('aria-invalid'), name).toBe('true');
    }

    await settle(page);
    expect(new URL(page.url()).pathname).toBe('/hu/kapcsolat');
    expect(fake.requests).toEqual([]);
    expect(backendCalls).toEqual([]);
    expect(problems).toEqual([]);
  });
});

describe('contact form: answers of PocketBase', () => {
  it('shows PocketBase field errors next to the field and keeps the values (400)', async () => {
    fake.setOutcome('validation', { email: { code: 'validation_is_email', message: 'Must be a valid email address.' } });
    const { page, problems } = await openForm('/contact');
    await fillContact(page);
    await pastBotWindow(page);
    await submitButton(page).click();

    await expect.poll(() => errorOf(page, 'email')).toBe(FORM.en.errors.email);
    expect(await field(page, 'email').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#form .form__general').count()).toBe(0);
    expect(creates()).toHaveLength(1);
    await settle(page);
    expect(new URL(page.url()).pathname).toBe('/contact');
    expect(await contactValues(page)).toEqual({ ...TYPED, privacy: true });
    expect(await submitButton(page).isEnabled()).toBe(true);
    expect(unexpected(problems)).toEqual([]);
  });

  it('shows the general "rejected" message for a 400 without field errors (German)', async () => {
    fake.setOutcome('validation', {});
    const { page, problems } = await openForm('/de/kontakt');
    await fillContact(page);
    await pastBotWindow(page);
    await submitButton(page).click();

    const general = page.locator('#form .form__general[role="alert"]');
    await expect.poll(() => general.textContent()).toBe(FORM.de.errors.rejected);
    expect(creates()).toHaveLength(1);
    expect(creates()[0]!.headers['accept-language']).toBe('de-DE');
    expect(creates()[0]!.body).toMatchObject({ locale: 'de', path: '/de/kontakt' });
    await settle(page);
    expect(new URL(page.url()).pathname).toBe('/de/kontakt');
    expect(await contactValues(page)).toEqual({ ...TYPED, privacy: true });
    expect(await page.locator('#form [aria-invalid="true"]').count()).toBe(0);
    expect(unexpected(problems)).toEqual([]);
  });

  it('goes to the failure page on a 500; "try again" restores the draft; a successful send clears it', async () => {
    fake.setOutcome('serverError');
    const { page, problems } = await openForm('/hu/kapcsolat');
    await fillContact(page);
    await pastBotWindow(page);
    await submitAndLand(page, '/hu/sikertelen-bekuldes');
    expect(creates()).toHaveLength(1);

    await hydrated(page, 'RetryLink');
    const retry = page.getByRole('link', { name: FORM.hu.tryAgain });
    await expect.poll(() => retry.getAttribute('href')).toBe('/hu/kapcsolat#form');
    await Promise.all([page.waitForURL(`${suite.server.url}/hu/kapcsolat#form`), retry.click()]);
    // Its draft waiting, the form hydrates at once, untouched (its strategy waits for a touch).
    await hydrated(page, 'ContactForm');
    await expect.poll(() => contactValues(page)).toEqual({ ...TYPED, privacy: true });

    fake.setOutcome('ok');
    await pastBotWindow(page);
    await submitAndLand(page, '/hu/sikeres-bekuldes');
    expect(creates()).toHaveLength(2);
    expect(creates()[1]!.body).toMatchObject({ ...trimmedInput(TYPED), privacy: true, locale: 'hu', path: '/hu/kapcsolat' });

    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('sitegen:')))).toEqual([]);
    await page.goto(`${suite.server.url}/hu/kapcsolat`);
    await showForm(page);
    await settle(page, 300);
    expect(await contactValues(page)).toEqual({ name: '', email: '', company: '', phone: '', message: '', privacy: false });
    expect(unexpected(problems)).toEqual([]);
  });

  it('goes to the failure page when PocketBase cannot be reached (connection refused)', async () => {
    const { page, problems } = await openForm('/de/kontakt');
    await page.context().route(`${fake.url}/**`, (route) => route.abort('connectionrefused'));
    await fillContact(page);
    await pastBotWindow(page);
    await submitAndLand(page, '/de/fehlgeschlagen-kontakt');
    expect(fake.requests).toEqual([]);

    await hydrated(page, 'RetryLink');
    const retry = page.getByRole('link', { name: FORM.de.tryAgain });
    await expect.poll(() => retry.getAttribute('href')).toBe('/de/kontakt#form');
    await Promise.all([page.waitForURL(`${suite.server.url}/de/kontakt#form`), retry.click()]);
    await hydrated(page, 'ContactForm');
    await expect.poll(() => contactValues(page)).toEqual({ ...TYPED, privacy: true });
    expect(unexpected(problems)).toEqual([]);
  });
});

describe('contact form: bots', () => {
  it('drops a submission with the honeypot filled: success page, no request', async () => {
    const { page, problems, backendCalls } = await openForm('/contact');
    await fillContact(page);
    await page.evaluate(() => {
      document.querySelector<HTMLInputElement>('#form input[name="website"]')!.value = 'https://spam.example';
    });
    await pastBotWindow(page);
    await submitAndLand(page, '/successful-contact');
    await settle(page);
    expect(fake.requests).toEqual([]);
    expect(backendCalls).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('drops a submission sent within 3 s of loading: success page, no request', async () => {
    // The page must load, hydrate and be filled well inside the 3 s: on a loaded machine one
    // load can take longer, so a fresh page is tried again (each one is a complete check).
    let opened: Opened | undefined;
    const elapsed: number[] = [];
    while (!opened && elapsed.length < 4) {
      const attempt = await openForm('/contact');
      await fillContact(attempt.page);
      elapsed.push(await attempt.page.evaluate(() => performance.now()));
      if (elapsed.at(-1)! < 2500) opened = attempt;
    }
    expect(opened, `the test filled the form too slowly to check the minimum fill time (${elapsed.map(Math.round).join(', ')} ms)`).toBeDefined();
    const { page, problems, backendCalls } = opened!;
    await submitAndLand(page, '/successful-contact');
    await settle(page);
    expect(fake.requests).toEqual([]);
    expect(backendCalls).toEqual([]);
    expect(problems).toEqual([]);
  });
});

const OFFER_DESCRIPTION = '  We need our ClickUp workspace set up for 40 people.  ';

describe('offer form', () => {
  async function fillOffer(page: Page): Promise<void> {
    await field(page, 'services').and(page.locator('[value="it-outsourcing"]')).check();
    await field(page, 'services').and(page.locator('[value="clickup-onboarding"]')).check();
    await field(page, 'budget').selectOption('5k-15k');
    await field(page, 'timeline').selectOption('1-3-months');
    await field(page, 'description').fill(OFFER_DESCRIPTION);
    await field(page, 'name').fill('Grace Hopper');
    await field(page, 'email').fill('grace@example.com');
    await field(page, 'privacy').check();
  }

  it('keeps the offer draft (choices included) through a failure and "try again"', async () => {
    fake.setOutcome('serverError');
    const { page, problems } = await openForm('/offer', 'OfferForm');
    await fillOffer(page);
    await pastBotWindow(page);
    await submitAndLand(page, '/failed-contact');
    expect(creates(OFFER_RECORDS)).toHaveLength(1);

    await hydrated(page, 'RetryLink');
    const retry = page.getByRole('link', { name: FORM.en.tryAgain });
    await expect.poll(() => retry.getAttribute('href')).toBe('/offer#form');
    await Promise.all([page.waitForURL(`${suite.server.url}/offer#form`), retry.click()]);
    await hydrated(page, 'OfferForm');
    const services = () =>
      page.locator('#form input[name="services"]').evaluateAll((boxes) =>
        (boxes as HTMLInputElement[]).filter((box) => box.checked).map((box) => box.value),
      );
    await expect.poll(services).toEqual(['it-outsourcing', 'clickup-onboarding']);
    expect(await field(page, 'budget').inputValue()).toBe('5k-15k');
    expect(await field(page, 'timeline').inputValue()).toBe('1-3-months');
    expect(await field(page, 'description').inputValue()).toBe(OFFER_DESCRIPTION);
    expect(await field(page, 'name').inputValue()).toBe('Grace Hopper');
    expect(await field(page, 'privacy').isChecked()).toBe(true);

    fake.setOutcome('ok');
    await pastBotWindow(page);
    await submitAndLand(page, '/successful-contact');
    expect(creates(OFFER_RECORDS)).toHaveLength(2);
    // The same record, with a fresh proof of work: a solution is good for one send.
    const [first, second] = creates(OFFER_RECORDS).map((request) => request.body as Record<string, unknown>);
    const { altcha: firstSolution, ...firstRecord } = first!;
    const { altcha: secondSolution, ...secondRecord } = second!;
    expect(secondRecord).toEqual(firstRecord);
    expect(firstSolution).toBeTruthy();
    expect(secondSolution).toBeTruthy();
    expect(secondSolution).not.toEqual(firstSolution);
    expect(unexpected(problems)).toEqual([]);
  });

  it('asks for services, budget and timeline when they are not chosen, and sends nothing', async () => {
    const { page, problems, backendCalls } = await openForm('/offer', 'OfferForm');
    await field(page, 'description').fill('A project description long enough.');
    await field(page, 'name').fill('Grace Hopper');
    await field(page, 'email').fill('grace@example.com');
    await field(page, 'privacy').check();
    await pastBotWindow(page);
    await submitButton(page).click();

    const fieldset = page.locator('#form fieldset');
    await expect.poll(async () => {
      const id = await fieldset.getAttribute('aria-describedby');
      return id ? page.locator(`[id="${id}"]`).textContent() : null;
    }).toBe(FORM.en.errors.choose);
    for (const name of ['budget', 'timeline']) {
      expect(await errorOf(page, name), name).toBe(FORM.en.errors.pick);
      expect(await field(page, name).getAttribute('aria-invalid'), name).toBe('true');
    }
    for (const name of ['description', 'name', 'email', 'privacy']) {
      expect(await field(page, name).getAttribute('aria-invalid'), name).toBeNull();
    }

    // Choosing clears the messages; then the request goes out.
    await field(page, 'services').and(page.locator('[value="software-integrations"]')).check();
    await field(page, 'budget').selectOption('unsure');
    await field(page, 'timeline').selectOption('flexible');
    expect(await fieldset.getAttribute('aria-describedby')).toBeNull();
    expect(await errorOf(page, 'budget')).toBeNull();
    expect(await errorOf(page, 'timeline')).toBeNull();
    expect(fake.requests).toEqual([]);
    expect(backendCalls).toEqual([]);

    await submitAndLand(page, '/successful-contact');
    expect(creates(OFFER_RECORDS)).toHaveLength(1);
    expect(creates(OFFER_RECORDS)[0]!.body).toMatchObject({ services: ['software-integrations'], budget: 'unsure', timeline: 'flexible' });
    expect(problems).toEqual([]);
  });
});

describe('offer form: focus after validation', () => {
  // Fails: use-record-form.ts focuses `Object.keys(checkAll(...))[0]`, the first problem in the
  // order of OFFER_RULES (name, email, company, phone, services, ...), not in page order; on the
  // offer form the services, budget, timeline and description come before the name, so the focus
  // lands on "Name", below four fields in trouble. (The contact form's rules happen to be in page order.)
  it('moves the focus to the first field in trouble in page order (the services)', async () => {
    const { page, problems } = await openForm('/offer', 'OfferForm');
    await submitButton(page).click();
    await expect.poll(() => page.locator('#form fieldset').getAttribute('aria-describedby')).not.toBeNull();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('services');
    expect(fake.requests).toEqual([]);
    expect(problems).toEqual([]);
  });
});
