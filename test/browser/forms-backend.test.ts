/**
 * The whole path of a visitor's enquiry, on the built site in Chromium against a real PocketBase
 * (the newest pinned version, this repo's migrations): the contact, ClickUp and offer forms in
 * English, Hungarian and German send what was typed (also before the form's code arrived), the
 * record holds exactly that with its locale and path, and the success page follows; the 4th
 * send within a minute is refused with the localized message and the input kept; a stopped
 * server gives the localized failure page, whose "try again" brings the input back.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../scripts/backend/server';
import { hydrated, newContext, watchConsole } from '../helpers/browser';
import { NEWEST } from '../helpers/pocketbase';
import { browserSuite } from './setup';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import hu from '../../locales/hu.json' with { type: 'json' };

const FORM = { en: en.widgets.form, hu: hu.widgets.form, de: de.widgets.form };
type Locale = keyof typeof FORM;

let backend: RunningServer;
beforeAll(async () => {
  backend = await startServer({ version: NEWEST });
}, 120_000);
afterAll(async () => {
  await backend?.close();
});
// The site is built with the server's address, as a deploy names its own.
const suite = browserSuite({ env: () => ({ SITEGEN_POCKETBASE_URL: backend.url }) });

const contexts: BrowserContext[] = [];
// Each test starts with the server's rate limiter empty (it keeps its counts in memory).
beforeEach(async () => {
  await backend.restart();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

const PAGES = {
  contact: { en: '/contact', hu: '/hu/kapcsolat', de: '/de/kontakt' },
  clickup: { en: '/clickup-onboarding/contact', hu: '/hu/clickup-bevezetes/kapcsolat', de: '/de/clickup-onboarding/kontakt' },
  offer: { en: '/offer', hu: '/hu/ajanlat', de: '/de/angebot' },
};
const SUCCESS = { en: '/successful-contact', hu: '/hu/sikeres-bekuldes', de: '/de/erfolgreich-kontakt' };
const FAILURE = { en: '/failed-contact', hu: '/hu/sikertelen-bekuldes', de: '/de/fehlgeschlagen-kontakt' };
const LOCALES: Locale[] = ['en', 'hu', 'de'];

/** What a visitor types, per language: the forms' own languages, with letters JSON and SQL must keep. */
const PEOPLE = {
  en: { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Analytical Engines Ltd.', phone: '+44 20 7946 0000', text: 'Hello, we would like to talk about a project. "Quotes" & <angle brackets> too.' },
  hu: { name: 'Árvíz Tűrő', email: 'tukorfurogep@example.hu', company: 'Tükörfúrógép Kft.', phone: '+36 1 234 5678', text: 'Jó napot! Egy ügyviteli rendszer bevezetéséről szeretnénk beszélni.' },
  de: { name: 'Jürgen Größe', email: 'juergen@example.de', company: 'Straßenbau GmbH', phone: '+49 30 123456', text: 'Guten Tag, wir möchten über eine Zusammenarbeit sprechen. Grüße!' },
};

async function freshPage(): Promise<{ page: Page; problems: string[] }> {
  const context = await newContext(suite.browser);
  contexts.push(context);
  await context.addCookies([
    { name: 'ncc_c', value: 'necessary', url: suite.server.url },
    { name: 'ncc_e', value: '', url: suite.server.url },
  ]);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { page, problems: watchConsole(page) };
}

const field = (page: Page, name: string) => page.locator(`#form [name="${name}"]`);
const submit = (page: Page) => page.locator('#form button[type="submit"]');
/** People take more than 3 s; the form drops faster submissions as bots. */
const pastBotWindow = (page: Page) => page.waitForFunction(() => performance.now() > 3100);
/** The browser reports each refused request in the console; those are expected here. */
const unexpected = (problems: string[]) => problems.filter((problem) => !/Failed to load resource/.test(problem));

/**
 * Opens a form page with its island's code held back until the name and e-mail are typed, as
 * on a slow network; returns once the form has hydrated. (Held for a fixed second, the code
 * arrived before the typing ended on a loaded machine.)
 */
async function openTypingEarly(page: Page, urlPath: string, island: string, person: (typeof PEOPLE)[Locale]): Promise<void> {
  let held = 0;
  let release!: () => void;
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    if (new URL(route.request().url()).pathname.includes(island)) {
      held++;
      await typed;
    }
    await route.continue();
  });
  await page.goto(suite.server.url + urlPath);
  await field(page, 'name').pressSequentially(person.name);
  await field(page, 'email').pressSequentially(person.email);
  expect(await page.locator(`sitegen-island[data-island="${island}"]`).getAttribute('data-hydrated'), 'typed before the form hydrated').toBeNull();
  release();
  await hydrated(page, island);
  expect(held).toBeGreaterThan(0);
}

async function fillContact(page: Page, person: (typeof PEOPLE)[Locale]): Promise<void> {
  await field(page, 'company').fill(person.company);
  await field(page, 'phone').fill(person.phone);
  await field(page, 'message').fill(person.text);
  await field(page, 'privacy').check();
}

async function fillOffer(page: Page, person: (typeof PEOPLE)[Locale]): Promise<void> {
  await field(page, 'services').and(page.locator('[value="software-integrations"]')).check();
  await field(page, 'services').and(page.locator('[value="clickup-onboarding"]')).check();
  await field(page, 'budget').selectOption('15k-50k');
  await field(page, 'timeline').selectOption('3-6-months');
  await field(page, 'description').fill(person.text);
  await field(page, 'company').fill(person.company);
  await field(page, 'phone').fill(person.phone);
  await field(page, 'privacy').check();
}

/** Every record of a collection, oldest first, as a superuser reads it. */
async function records(collection: string): Promise<Array<Record<string, unknown>>> {
  const response = await backend.api(`/api/collections/${collection}/records?sort=created&perPage=100`, { superuser: true });
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: Array<Record<string, unknown>> }).items;
}

async function sendAndLand(page: Page, target: string): Promise<void> {
  await pastBotWindow(page);
  await Promise.all([page.waitForURL(suite.server.url + target), submit(page).click()]);
}

const contactRecord = (person: (typeof PEOPLE)[Locale], form: 'contact' | 'clickup', locale: Locale) => ({
  form,
  name: person.name,
  email: person.email,
  company: person.company,
  phone: person.phone,
  message: person.text,
  privacy: true,
  locale,
  path: PAGES[form][locale],
  website: '',
});

describe('the forms against a real PocketBase', () => {
  it.each(LOCALES)('contact and ClickUp forms (%s): the record holds what was typed, with locale and path, and the success page follows', async (locale) => {
    const person = PEOPLE[locale];
    for (const form of ['contact', 'clickup'] as const) {
      const before = (await records('contact_messages')).length;
      const { page, problems } = await freshPage();
      await openTypingEarly(page, PAGES[form][locale], 'ContactForm', person);
      await fillContact(page, person);
      await sendAndLand(page, SUCCESS[locale]);
      const stored = await records('contact_messages');
      expect(stored).toHaveLength(before + 1);
      expect(stored.at(-1), `${form} ${locale}`).toMatchObject(contactRecord(person, form, locale));
      expect(problems).toEqual([]);
    }
  });

  it.each(LOCALES)('offer form (%s): the record holds the choices and what was typed, and the success page follows', async (locale) => {
    const person = PEOPLE[locale];
    const { page, problems } = await freshPage();
    await openTypingEarly(page, PAGES.offer[locale], 'OfferForm', person);
    await fillOffer(page, person);
    await sendAndLand(page, SUCCESS[locale]);
    const stored = await records('offer_requests');
    expect(stored.at(-1)).toMatchObject({
      name: person.name,
      email: person.email,
      company: person.company,
      phone: person.phone,
      services: ['software-integrations', 'clickup-onboarding'],
      budget: '15k-50k',
      timeline: '3-6-months',
      description: person.text,
      privacy: true,
      locale,
      path: PAGES.offer[locale],
      website: '',
    });
    expect(problems).toEqual([]);
  });

  it.each(LOCALES)('the 4th send within a minute (%s) shows the localized rate-limit message and keeps the input', async (locale) => {
    const person = PEOPLE[locale];
    for (let i = 0; i < 3; i++) {
      const { page } = await freshPage();
      await openTypingEarly(page, PAGES.contact[locale], 'ContactForm', person);
      await fillContact(page, person);
      await sendAndLand(page, SUCCESS[locale]);
    }
    const { page, problems } = await freshPage();
    await openTypingEarly(page, PAGES.contact[locale], 'ContactForm', person);
    await fillContact(page, person);
    await pastBotWindow(page);
    await submit(page).click();
    const general = page.locator('#form .form__general[role="alert"]');
    await expect.poll(() => general.textContent()).toBe(FORM[locale].errors.tooMany);
    expect(new URL(page.url()).pathname).toBe(PAGES.contact[locale]);
    expect(await field(page, 'name').inputValue()).toBe(person.name);
    expect(await field(page, 'email').inputValue()).toBe(person.email);
    expect(await field(page, 'message').inputValue()).toBe(person.text);
    expect(await field(page, 'privacy').isChecked()).toBe(true);
    expect(await records('contact_messages').then((all) => all.filter((record) => record.email === person.email && record.path === PAGES.contact[locale]).length)).toBeGreaterThanOrEqual(3);
    expect(unexpected(problems)).toEqual([]);
  });

  it.each(LOCALES)('a stopped server (%s) gives the localized failure page, and "try again" brings the input back', async (locale) => {
    const person = PEOPLE[locale];
    const { page, problems } = await freshPage();
    await openTypingEarly(page, PAGES.offer[locale], 'OfferForm', person);
    await fillOffer(page, person);
    await backend.stop();
    try {
      await sendAndLand(page, FAILURE[locale]);
      await hydrated(page, 'RetryLink');
      const retry = page.getByRole('link', { name: FORM[locale].tryAgain });
      await Promise.all([page.waitForURL(`${suite.server.url}${PAGES.offer[locale]}#form`), retry.click()]);
      await hydrated(page, 'OfferForm');
      await expect.poll(() => field(page, 'description').inputValue()).toBe(person.text);
      expect(await field(page, 'name').inputValue()).toBe(person.name);
      expect(await field(page, 'email').inputValue()).toBe(person.email);
      expect(await field(page, 'budget').inputValue()).toBe('15k-50k');
    } finally {
      await backend.restart();
    }
    expect(unexpected(problems)).toEqual([]);
  });

  it("lets the page connect to the configured server and to no other", async () => {
    const { page } = await freshPage();
    const response = await page.goto(`${suite.server.url}${PAGES.contact.en}`);
    const policy = response!.headers()['content-security-policy'] ?? '';
    const connect = policy.split(';').map((directive) => directive.trim().split(/\s+/)).find(([name]) => name === 'connect-src')!.slice(1);
    expect(connect).toContain(backend.url);
    // Besides the site itself and the server, only the analytics hosts a consent may enable.
    expect(connect.filter((source) => source !== "'self'" && source !== backend.url && !/google|googletagmanager/.test(source))).toEqual([]);
    const reach = (url: string) => page.evaluate((target) => fetch(target).then((answer) => answer.status, (error: Error) => error.name), url);
    expect(await reach(`${backend.url}/api/health`)).toBe(200);
    // Another server on this machine, as another PocketBase would be: the policy blocks it.
    const other = await startServer({ version: NEWEST });
    try {
      expect(await reach(`${other.url}/api/health`)).toBe('TypeError');
    } finally {
      await other.close();
    }
  });
});
