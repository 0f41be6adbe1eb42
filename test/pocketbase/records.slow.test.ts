/**
 * What a visitor's request meets on a real PocketBase with this repo's migrations, on every
 * pinned version: the rate limit for guests and signed-in users, closed sign-up, the e-mail
 * field's limits, the batch API. Each client IP is its own (a trusted proxy header names it, as
 * behind the recommended proxy), so the limits of one test don't reach another.
 */
import PocketBase, { ClientResponseError } from 'pocketbase';
import { beforeAll, describe, expect, it } from 'vitest';
import sdk from '../../node_modules/pocketbase/package.json' with { type: 'json' };
import { pocketBaseSuite, post, SERVERS, type RunningServer } from '../helpers/pocketbase';
import { solution } from '../helpers/proof-of-work';

const CONTACT = '/api/collections/contact_messages/records';
const OFFER = '/api/collections/offer_requests/records';

function contactMessage(overrides: Record<string, unknown> = {}) {
  return {
    form: 'contact',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    company: 'Analytical Engines Kft.',
    phone: '+36 1 234 5678',
    message: 'We would like to talk about outsourcing our IT operations.',
    privacy: true,
    locale: 'en',
    path: '/contact',
    website: '',
    ...overrides,
  };
}

function offerRequest(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Grace Hopper',
    email: 'grace@example.com',
    services: ['it-outsourcing', 'software-integrations'],
    budget: '15k-50k',
    timeline: '1-3-months',
    description: 'An integration of our ERP with ClickUp, within three months.',
    privacy: true,
    locale: 'de',
    path: '/de/angebot',
    website: '',
    ...overrides,
  };
}

const FORMS = [
  { path: CONTACT, record: contactMessage },
  { path: OFFER, record: offerRequest },
];

interface ApiError {
  status: number;
  message: string;
  data: Record<string, { code: string; message: string }>;
}

describe.each(SERVERS)('PocketBase $version ($name): the forms API', ({ version }) => {
  const suite = pocketBaseSuite(version);
  let clients = 0;
  /** A new client IP, from the documentation range. */
  const client = () => ({ 'x-real-ip': `203.0.113.${++clients}` });
  let server: RunningServer;

  beforeAll(async () => {
    server = suite.server;
    const settings = await server.api('/api/settings', { method: 'PATCH', superuser: true, body: JSON.stringify({ trustedProxy: { headers: ['X-Real-IP'] } }) });
    expect(settings.status).toBe(200);
  });

  it('stores what a visitor sends, readable by superusers only', async () => {
    const created = await post(server, CONTACT, contactMessage({ message: 'Árvíztűrő tükörfúrógép — Größe 😀' }), client());
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    expect((await server.api(`${CONTACT}/${id}`)).status).toBe(403);
    const stored = (await (await server.api(`${CONTACT}/${id}`, { superuser: true })).json()) as Record<string, unknown>;
    expect(stored).toMatchObject({ ...contactMessage({ message: 'Árvíztűrő tükörfúrógép — Größe 😀' }), website: '' });
    expect((await server.api(CONTACT)).status).toBe(403);
  });

  it(`speaks with the SDK the forms bundle (pocketbase ${sdk.version}): a create, and its field and rate-limit errors`, async () => {
    const ip = client();
    const pb = new PocketBase(server.url);
    pb.beforeSend = (url, options) => ({ url, options: { ...options, headers: { ...options.headers, ...ip } } });
    // Each create with a solved spam check, as the forms send (pb_hooks).
    const created = await pb.collection('contact_messages').create({ ...contactMessage(), altcha: await solution(server) });
    expect(created).toMatchObject({ collectionName: 'contact_messages', email: 'ada@example.com' });
    const refused = await pb.collection('contact_messages').create({ ...contactMessage({ email: 'no-at-sign' }), altcha: await solution(server) }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ClientResponseError);
    expect((refused as ClientResponseError).status).toBe(400);
    expect(Object.keys((refused as ClientResponseError).response.data)).toEqual(['email']);
    await pb.collection('contact_messages').create({ ...contactMessage(), altcha: await solution(server) });
    const limited = await pb.collection('contact_messages').create({ ...contactMessage(), altcha: await solution(server) }).catch((error: unknown) => error);
    expect((limited as ClientResponseError).status).toBe(429);
  });

  it('refuses a record with the honeypot filled', async () => {
    const response = await post(server, CONTACT, contactMessage({ website: 'https://spam.example' }), client());
    expect(response.status).toBe(400);
  });

  it.each(FORMS)('answers the 4th create within a minute with 429, for a guest ($path)', async ({ path, record }) => {
    const ip = client();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(server, path, record(), ip)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another visitor is not held back.
    expect((await post(server, path, record(), client())).status).toBe(200);
  });

  it.each(FORMS)('answers the 4th create within a minute with 429, for a signed-in user too ($path)', async ({ path, record }) => {
    const email = `user${clients}@example.com`;
    const made = await server.api('/api/collections/users/records', {
      method: 'POST',
      superuser: true,
      body: JSON.stringify({ email, password: 'correct horse battery', passwordConfirm: 'correct horse battery' }),
    });
    expect(made.status).toBe(200);
    const auth = await post(server, '/api/collections/users/auth-with-password', { identity: email, password: 'correct horse battery' }, client());
    expect(auth.status).toBe(200);
    const { token } = (await auth.json()) as { token: string };
    const ip = { ...client(), authorization: token };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(server, path, record(), ip)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('refuses guest sign-up with 403', async () => {
    const response = await post(server, '/api/collections/users/records', { email: 'mallory@example.com', password: 'x'.repeat(12), passwordConfirm: 'x'.repeat(12) }, client());
    expect(response.status).toBe(403);
  });

  it.each(FORMS)('stores an address of 254 characters, and refuses 255 or one without @ naming email ($path)', async ({ path, record }) => {
    const domain = '@example.com';
    const longest = `${'a'.repeat(254 - domain.length)}${domain}`;
    expect((await post(server, path, record({ email: longest }), client())).status).toBe(200);
    for (const [email, code] of [
      [`a${longest}`, 'validation_max_text_constraint'],
      ['ada.example.com', 'validation_invalid_format'],
    ] as const) {
      const response = await post(server, path, record({ email }), client());
      expect(response.status, email).toBe(400);
      const error = (await response.json()) as ApiError;
      expect(Object.keys(error.data)).toEqual(['email']);
      expect(error.data.email!.code).toBe(code);
    }
  });

  it('keeps the batch API off', async () => {
    const response = await post(server, '/api/batch', { requests: [{ method: 'POST', url: CONTACT, body: contactMessage() }] }, client());
    expect(response.status).toBe(403);
    const settings = (await (await server.api('/api/settings', { superuser: true })).json()) as { batch: { enabled: boolean } };
    expect(settings.batch.enabled).toBe(false);
  });

  it('applies the create limit inside a batch too, should an operator switch the batch API on: the 4th create fails the whole batch', async () => {
    const on = await server.api('/api/settings', { method: 'PATCH', superuser: true, body: JSON.stringify({ batch: { enabled: true, maxRequests: 50, timeout: 3 } }) });
    expect(on.status).toBe(200);
    try {
      const email = `batch${clients}@example.com`;
      const requests = Array.from({ length: 4 }, () => ({ method: 'POST', url: CONTACT, body: contactMessage({ email }) }));
      const batch = await post(server, '/api/batch', { requests }, client());
      expect(batch.status).toBe(400);
      const answer = (await batch.json()) as { data: { requests: Record<string, { response: { status: number } }> } };
      expect(Object.keys(answer.data.requests)).toEqual(['3']);
      expect(answer.data.requests['3']!.response.status).toBe(429);
      // One transaction: none of the four is stored.
      const stored = await server.api(`${CONTACT}?filter=${encodeURIComponent(`email = "${email}"`)}`, { superuser: true });
      expect(((await stored.json()) as { totalItems: number }).totalItems).toBe(0);
    } finally {
      await server.api('/api/settings', { method: 'PATCH', superuser: true, body: JSON.stringify({ batch: { enabled: false } }) });
    }
  });
});
