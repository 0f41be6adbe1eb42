import PocketBase, { ClientResponseError } from 'pocketbase';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakePocketBase, type FakePocketBase } from './fake-pocketbase.js';

const RECORDS = '/api/collections/contact_messages/records';
const message = { name: 'Kovács Anna', email: 'anna@example.hu', message: 'Szia!' };

const servers: FakePocketBase[] = [];

async function start(options?: { collections?: string[] }): Promise<FakePocketBase> {
  const fake = await startFakePocketBase(options);
  servers.push(fake);
  return fake;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((fake) => fake.close()));
});

/** The error the promise rejects with (fails if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<ClientResponseError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ClientResponseError);
    return error as ClientResponseError;
  }
  throw new Error('expected the request to fail');
}

describe('fake PocketBase against the real SDK', () => {
  it('listens on a loopback port', async () => {
    const fake = await start();
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('creates a record and records the request', async () => {
    const fake = await start();
    const pb = new PocketBase(fake.url, undefined, 'hu-HU');

    const record = await pb.collection('contact_messages').create(message);

    expect(record).toMatchObject({ ...message, collectionName: 'contact_messages' });
    expect(record.id).toMatch(/^[a-z0-9]{15}$/);
    expect(record.collectionId).toMatch(/^pbc_\d+$/);
    expect(record.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(record.updated).toBe(record.created);

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: RECORDS, query: {}, body: message });
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['accept-language']).toBe('hu-HU');
  });

  it('keeps the collection id stable and ids unique', async () => {
    const fake = await start();
    const pb = new PocketBase(fake.url);
    const first = await pb.collection('contact_messages').create(message);
    const second = await pb.collection('contact_messages').create(message);
    const offer = await pb.collection('offer_requests').create({ company: 'Példa Kft.' });

    expect(second.collectionId).toBe(first.collectionId);
    expect(second.id).not.toBe(first.id);
    expect(offer.collectionId).not.toBe(first.collectionId);
    expect(offer).toMatchObject({ company: 'Példa Kft.', collectionName: 'offer_requests' });
  });

  it('answers validation failures like PocketBase', async () => {
    const fake = await start();
    const pb = new PocketBase(fake.url);
    fake.setOutcome('validation');

    const error = await rejection(pb.collection('contact_messages').create({ ...message, email: 'nope' }));
    expect(error.status).toBe(400);
    expect(error.response).toEqual({
      status: 400,
      message: 'Failed to create record.',
      data: { email: { code: 'validation_is_email', message: 'Must be a valid email address.' } },
    });
    expect(error.response.data.email.code).toBe('validation_is_email');
    expect(fake.requests[0]!.body).toEqual({ ...message, email: 'nope' });
  });

  it('returns custom field errors', async () => {
    const fake = await start();
    const pb = new PocketBase(fake.url);
    fake.setOutcome('validation', { message: { code: 'validation_required', message: 'Cannot be blank.' } });

    const error = await rejection(pb.collection('contact_messages').create({ ...message, message: '' }));
    expect(error.status).toBe(400);
    expect(error.response.data).toEqual({ message: { code: 'validation_required', message: 'Cannot be blank.' } });
  });

  it('answers 429 and 500', async () => {
    const fake = await start();
    const pb = new PocketBase(fake.url);

    fake.setOutcome('tooManyRequests');
    const tooMany = await rejection(pb.collection('contact_messages').create(message));
    expect(tooMany.status).toBe(429);
    expect(tooMany.response).toEqual({ status: 429, message: 'Too Many Requests.', data: {} });

    fake.setOutcome('serverError');
    const broken = await rejection(pb.collection('contact_messages').create(message));
    expect(broken.status).toBe(500);
    expect(broken.response).toEqual({
      status: 500,
      message: 'Something went wrong while processing your request.',
      data: {},
    });

    fake.setOutcome('ok');
    await expect(pb.collection('contact_messages').create(message)).resolves.toMatchObject(message);
    expect(fake.requests).toHaveLength(3);
  });

  it('answers 404 for an unknown collection and for other paths', async () => {
    const fake = await start({ collections: ['contact_messages'] });
    const pb = new PocketBase(fake.url);

    const unknown = await rejection(pb.collection('offer_requests').create(message));
    expect(unknown.status).toBe(404);
    expect(unknown.response).toEqual({ status: 404, message: 'Missing collection context.', data: {} });

    const other = await fetch(`${fake.url}/api/nothing?x=1`);
    expect(other.status).toBe(404);
    expect(other.headers.get('content-type')).toBe('application/json');
    expect(other.headers.get('access-control-allow-origin')).toBe('*');
    expect(await other.json()).toEqual({ status: 404, message: "The requested resource wasn't found.", data: {} });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/api/nothing', query: { x: '1' } });
  });

  it('sends JSON responses with the CORS origin header', async () => {
    const fake = await start();
    const response = await fetch(`${fake.url}${RECORDS}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:4321' },
      body: JSON.stringify(message),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('records a body that is not JSON as text', async () => {
    const fake = await start();
    const response = await fetch(`${fake.url}${RECORDS}`, { method: 'POST', body: 'not json' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: 400, message: 'Failed to read the submitted data.', data: {} });
    expect(fake.requests[0]!.body).toBe('not json');
  });

  it('answers CORS preflights without recording them', async () => {
    const fake = await start();
    const response = await fetch(`${fake.url}${RECORDS}`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:4321',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,accept-language',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET,HEAD,PUT,PATCH,POST,DELETE');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type,accept-language');
    expect(fake.requests).toHaveLength(0);
  });

  it('delays answers when asked', async () => {
    const fake = await start();
    const pb = new PocketBase(fake.url);
    fake.setDelay(150);
    const started = Date.now();
    await pb.collection('contact_messages').create(message);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("hangs until the SDK aborts ('hang')", async () => {
    const fake = await start();
    const pb = new PocketBase(fake.url);
    fake.setOutcome('hang');

    const pending = rejection(pb.collection('contact_messages').create(message));
    await expect.poll(() => fake.requests.length).toBe(1);
    pb.cancelAllRequests();

    const error = await pending;
    expect(error.isAbort).toBe(true);
  });

  it('closes while a request hangs', async () => {
    const fake = await start();
    const pb = new PocketBase(fake.url);
    fake.setOutcome('hang');

    const pending = pb.collection('contact_messages').create(message).catch((error: unknown) => error);
    await expect.poll(() => fake.requests.length).toBe(1);

    await fake.close();
    const error = await pending;
    expect(error).toBeInstanceOf(ClientResponseError);
    expect((error as ClientResponseError).isAbort).toBe(false);
    await fake.close(); // closing twice is harmless
  });
});
