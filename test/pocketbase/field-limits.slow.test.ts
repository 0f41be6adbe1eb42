/**
 * The form collections on a real PocketBase check what the forms check (src/widgets/forms/rules.ts
 * and the islands' rules): the same fields, limits, choices and patterns, counted the same way.
 * PocketBase is asked, not read: records that the form would accept or refuse are sent to it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkField, PHONE, type Rule } from '../../src/widgets/forms/rules';
import { CONTACT_RULES } from '../../src/widgets/islands/ContactForm';
import { BUDGETS, OFFER_RULES, TIMELINES } from '../../src/widgets/islands/OfferForm';
import { pocketBaseSuite, post, SERVERS, type RunningServer } from '../helpers/pocketbase';
import { REPO } from '../helpers/site';
import { collection, fieldOf, FORM_COLLECTIONS, type CollectionData } from './server-state';

/** The record values each form sends besides its rules' fields (use-record-form.ts). */
const EXTRA = { contact_messages: ['form', 'locale', 'path', 'website'], offer_requests: ['locale', 'path', 'website'] };
const RULES: Record<(typeof FORM_COLLECTIONS)[number], Record<string, Rule>> = { contact_messages: CONTACT_RULES, offer_requests: OFFER_RULES };

/** The services the offer page offers (src/templates/pages/OfferPage.tsx, SERVICES). */
function offeredServices(): string[] {
  const source = readFileSync(path.join(REPO, 'src/templates/pages/OfferPage.tsx'), 'utf8');
  return [...source.matchAll(/\['service-[\w-]+', '([\w-]+)'\]/g)].map((match) => match[1]!);
}

const contact = (overrides: Record<string, unknown> = {}) => ({
  form: 'contact',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'We would like to talk about outsourcing.',
  privacy: true,
  locale: 'en',
  path: '/contact',
  website: '',
  ...overrides,
});

describe.each(SERVERS)('PocketBase $version ($name): the form collections check what the forms check', ({ version }) => {
  const suite = pocketBaseSuite(version);
  const stored = {} as Record<(typeof FORM_COLLECTIONS)[number], CollectionData>;
  let clients = 0;
  let server: RunningServer;
  /** Sends a contact message as a new client (its own rate limit) and says whether it was stored. */
  const accepted = async (overrides: Record<string, unknown>) => {
    const response = await post(server, '/api/collections/contact_messages/records', contact(overrides), { 'x-real-ip': `198.51.100.${++clients}` });
    if (response.status !== 200 && response.status !== 400) throw new Error(`unexpected ${response.status}: ${await response.text()}`);
    return response.status === 200;
  };

  beforeAll(async () => {
    server = suite.server;
    await server.api('/api/settings', { method: 'PATCH', superuser: true, body: JSON.stringify({ trustedProxy: { headers: ['X-Real-IP'] } }) });
    for (const name of FORM_COLLECTIONS) stored[name] = await collection(server, name);
  });

  it.each(FORM_COLLECTIONS)('%s has a field for everything its form sends, and nothing else a visitor fills', (name) => {
    const fields = stored[name].fields.map((candidate) => candidate.name);
    const sent = [...Object.keys(RULES[name]), ...EXTRA[name]];
    // The notification state is the hooks' (pb_hooks): a visitor's values for it are cleared.
    const kept = ['id', 'created', 'updated', 'notified', 'notify_attempts', 'notify_next', 'notify_error'];
    expect([...sent].sort()).toEqual(fields.filter((candidate) => !kept.includes(candidate)).sort());
  });

  it.each(FORM_COLLECTIONS)("%s: each field's required, min and max are the form's rule", (name) => {
    for (const [fieldName, rule] of Object.entries(RULES[name])) {
      const field = fieldOf(stored[name], fieldName);
      const required = Boolean(rule.required || rule.accepted);
      expect(Boolean(field.required), `${name}.${fieldName} required`).toBe(required);
      if (field.type === 'text') {
        expect(field.max, `${name}.${fieldName} max`).toBe(rule.max);
        expect(Number(field.min ?? 0), `${name}.${fieldName} min`).toBe(rule.min ?? 0);
      } else if (field.type === 'bool') {
        expect(rule.accepted, `${name}.${fieldName}`).toBe(true);
      } else {
        expect(field.type, `${name}.${fieldName}`).toBe('select');
      }
    }
  });

  it('offers the services, budgets and timelines the offer form offers', () => {
    const services = fieldOf(stored.offer_requests, 'services');
    expect(services.values).toEqual(offeredServices());
    expect(services.maxSelect).toBe(offeredServices().length);
    expect(fieldOf(stored.offer_requests, 'budget')).toMatchObject({ values: [...BUDGETS], maxSelect: 1, required: true });
    expect(fieldOf(stored.offer_requests, 'timeline')).toMatchObject({ values: [...TIMELINES], maxSelect: 1, required: true });
    expect(fieldOf(stored.contact_messages, 'form').values).toEqual(['contact', 'clickup']);
  });

  it('accepts the phone numbers the form accepts, and refuses the others (Go regexp against JavaScript)', async () => {
    for (const phone of ['', '+36 1 234 5678', '(06) 30/123-4567', '0.1', 'call me', '123a', '+36\n1', '١٢٣']) {
      expect(await accepted({ phone }), JSON.stringify(phone)).toBe(PHONE.test(phone));
    }
  });

  it('counts characters as the form does: code points, so an emoji is one', async () => {
    for (const message of ['😀'.repeat(9), '😀'.repeat(10), 'a'.repeat(5000), `${'a'.repeat(4999)}😀`, 'a'.repeat(5001)]) {
      expect(await accepted({ message }), `${[...message].length} characters`).toBe(checkField(message, CONTACT_RULES.message!) === undefined);
    }
    for (const name of ['😀'.repeat(100), '😀'.repeat(101)]) {
      expect(await accepted({ name }), `name of ${[...name].length}`).toBe(checkField(name, CONTACT_RULES.name!) === undefined);
    }
  });

  it('keeps every form page path within the 300 characters of `path`', () => {
    const routes = parse(readFileSync(path.join(REPO, 'content/routes.yaml'), 'utf8')) as { routes: Array<{ template: string; paths: Record<string, string> }> };
    const formPages = routes.routes.filter((route) => route.template === 'contact' || route.template === 'offer');
    expect(formPages.length).toBeGreaterThan(0);
    expect(fieldOf(stored.contact_messages, 'path').max).toBe(300);
    for (const route of formPages) {
      for (const [locale, urlPath] of Object.entries(route.paths)) {
        // location.pathname: percent-encoded, with the locale prefix.
        expect(encodeURI(`/${locale}${urlPath}`).length).toBeLessThanOrEqual(300);
      }
    }
  });

  it('lets the largest body a form can send through the 64 KB the proxy configuration allows', () => {
    const proxy = readFileSync(path.join(REPO, 'pocketbase/deploy/nginx.conf'), 'utf8');
    expect(proxy).toContain('client_max_body_size 64k;');
    for (const name of FORM_COLLECTIONS) {
      // Each text at its limit in characters that JSON writes as 6 bytes (\u0001), each choice at its longest.
      const body: Record<string, unknown> = { website: '', locale: 'en' };
      for (const field of stored[name].fields) {
        if (field.type === 'text' && field.name !== 'id') body[field.name] = '\u0001'.repeat(Number(field.max));
        if (field.type === 'select') body[field.name] = Number(field.maxSelect) > 1 ? field.values : [...(field.values ?? [])].sort((a, b) => b.length - a.length)[0];
        if (field.type === 'bool') body[field.name] = true;
      }
      body.website = '';
      const bytes = Buffer.byteLength(JSON.stringify(body));
      expect(bytes, name).toBeGreaterThan(30_000);
      expect(bytes, name).toBeLessThan(64 * 1024);
    }
  });
});
