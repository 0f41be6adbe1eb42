/**
 * Issue 36, point 6: the retention job deletes enquiries, offer requests and applications older
 * than the periods in lead_options (with their files), spent challenges past their expiry and old
 * acknowledgement marks, and nothing younger. Records are aged by writing their dates in the
 * stopped server's database, as time would.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { python } from '../helpers/python';
import { json, setOptions, startServer, VERSIONS, type RunningServer } from '../helpers/lead-backend';
import { contactRecord, liftRateLimits, offerRecord, visitorCreate } from '../helpers/lead-visitor';

/** Sets a column of records in the server's SQLite database (the server stopped meanwhile). */
async function age(server: RunningServer, table: string, column: string, ids: Record<string, string>): Promise<void> {
  await server.stop();
  const script = [
    'import sqlite3, sys, json',
    'db = sqlite3.connect(sys.argv[1])',
    'for id, value in json.loads(sys.argv[4]).items():',
    '    db.execute("UPDATE " + sys.argv[2] + " SET " + sys.argv[3] + " = ? WHERE id = ?", (value, id))',
    'db.commit()',
  ].join('\n');
  await python(script, [path.join(server.dataDir, 'data.db'), table, column, JSON.stringify(ids)]);
  await server.restart();
}

function monthsAgo(months: number, days = 0): string {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - months);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().replace('T', ' ');
}

describe.each(VERSIONS)('retention on PocketBase %s', (version) => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer(version);
    await liftRateLimits(server);
    await setOptions(server, { pow_max_number: 5000 });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  const exists = async (collection: string, id: string) => (await server.api(`/api/collections/${collection}/records/${id}`, { superuser: true })).status === 200;

  test('deletes what is older than the configured periods, keeps the rest, and follows a changed period', async () => {
    const create = async (collection: string, record: Record<string, unknown>) => (await json<{ id: string }>(visitorCreate(server, collection, record))).id;
    const oldContact = await create('contact_messages', contactRecord({ name: 'Old' }));
    const youngContact = await create('contact_messages', contactRecord({ name: 'Young' }));
    const oldOffer = await create('offer_requests', offerRecord({ name: 'Old offer' }));
    const newContact = await create('contact_messages', contactRecord({ name: 'New' }));
    await age(server, 'contact_messages', 'created', { [oldContact]: monthsAgo(24, 1), [youngContact]: monthsAgo(23, 20) });
    await age(server, 'offer_requests', 'created', { [oldOffer]: monthsAgo(30) });
    const spent = (await json<{ items: Array<{ id: string }> }>(server.api('/api/collections/pow_used/records?perPage=100', { superuser: true }))).items;
    expect(spent.length).toBeGreaterThanOrEqual(4);
    await age(server, 'pow_used', 'expires', { [spent[0]!.id]: monthsAgo(0, 1) });

    const deleted = await json<Record<string, number>>(server.api('/api/sitegen/leads/retention', { method: 'POST', superuser: true }));
    expect(deleted).toMatchObject({ contact_messages: 1, offer_requests: 1, pow_used: 1 });
    expect(await exists('contact_messages', oldContact)).toBe(false);
    expect(await exists('offer_requests', oldOffer)).toBe(false);
    expect(await exists('contact_messages', youngContact)).toBe(true);
    expect(await exists('contact_messages', newContact)).toBe(true);
    expect(await exists('pow_used', spent[0]!.id)).toBe(false);
    expect(await exists('pow_used', spent[1]!.id)).toBe(true);

    // A shorter period, set in the Dashboard, applies at the next run.
    await setOptions(server, { enquiry_retention_months: 12 });
    const again = await json<Record<string, number>>(server.api('/api/sitegen/leads/retention', { method: 'POST', superuser: true }));
    expect(again.contact_messages).toBe(1);
    expect(await exists('contact_messages', youngContact)).toBe(false);
    expect(await exists('contact_messages', newContact)).toBe(true);
  });
});
