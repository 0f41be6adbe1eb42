/**
 * The form backend's migrations (pocketbase/pb_migrations) on a real PocketBase, every pinned
 * version: `serve` applies them on a new server, `migrate down` undoes them exactly, `migrate up`
 * again gives the same server, and records are kept through the change of the e-mail field.
 * The hooks stay out (`hooksDir: null`): these are the schema's tests, and the records they seed
 * are made as a superuser, as an import would.
 */
import { readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../scripts/backend/server';
import { SERVERS, withServer, type RunningServer } from '../helpers/pocketbase';
import { collection, fieldOf, FORM_COLLECTIONS, migrate, migrationsFolder, readJson, serverState } from './server-state';

const FILES = readdirSync(MIGRATIONS_DIR)
  .filter((file) => file.endsWith('.js'))
  .sort();
const FIRST = FILES.find((file) => file.includes('_create_form_collections'))!;

/** A new server's state: PocketBase with none of these migrations. */
async function freshState(version: string) {
  const empty = await migrationsFolder([]);
  try {
    return await withServer(version, serverState, { migrationsDir: empty, hooksDir: null });
  } finally {
    await rm(empty, { recursive: true, force: true });
  }
}

async function emails(server: RunningServer, name: string): Promise<string[]> {
  const { items } = await readJson<{ items: Array<{ email: string }> }>(server, `/api/collections/${name}/records?perPage=500&sort=created`);
  return items.map((item) => item.email);
}

async function insert(server: RunningServer, name: string, record: Record<string, unknown>): Promise<void> {
  const response = await server.api(`/api/collections/${name}/records`, { method: 'POST', superuser: true, body: JSON.stringify(record) });
  if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
}

const visitor = { name: 'Person', privacy: true, locale: 'en', path: '/contact', website: '' };
const offer = { ...visitor, services: ['it-outsourcing'], budget: 'unsure', timeline: 'flexible', description: 'Twenty characters or more.' };

describe.each(SERVERS)('PocketBase $version ($name): the migrations', ({ version }) => {
  it('start with the first migration and the lock-down, in that order', () => {
    expect(FILES.slice(0, 2)).toEqual(['1732000000_create_form_collections.js', '1795600000_lock_down_forms.js']);
  });

  it('lock a new server down: public create with the honeypot empty, superusers read, limits for everyone, sign-up closed', async () => {
    const fresh = await freshState(version);
    expect(fresh.rateLimits.enabled).toBe(false);
    expect(fresh.collections.users!.createRule).toBe('');
    await withServer(version, async (server) => {
      const { collections, rateLimits } = await serverState(server);
      for (const name of FORM_COLLECTIONS) {
        expect(collections[name], name).toMatchObject({ type: 'base', createRule: '@request.body.website = ""', listRule: null, viewRule: null, updateRule: null, deleteRule: null });
        expect(rateLimits.rules).toContainEqual({ label: `${name}:create`, audience: '', maxRequests: 3, duration: 60 });
      }
      expect(rateLimits.enabled).toBe(true);
      // Every rule PocketBase had is kept, and no form rule is for guests only.
      for (const rule of fresh.rateLimits.rules) expect(rateLimits.rules).toContainEqual(rule);
      expect(rateLimits.rules.filter((rule) => rule.audience === '@guest' && rule.label.endsWith(':create') && rule.label !== '*:create')).toEqual([]);
      const { createRule, ...others } = collections.users!;
      const { createRule: _before, ...othersBefore } = fresh.collections.users!;
      expect(createRule).toBeNull();
      expect(others).toEqual(othersBefore);
    });
  });

  it('come undone with migrate down (all of them), and migrate up gives the same server again', async () => {
    const fresh = await freshState(version);
    const empty = await migrationsFolder([]);
    try {
      await withServer(version, async (server) => {
        const migrated = await serverState(server);
        await migrate(server, ['down', String(FILES.length)], { then: empty });
        expect(await serverState(server)).toEqual(fresh);
        await migrate(server, ['up'], { from: MIGRATIONS_DIR, then: empty });
        expect(await serverState(server)).toEqual(migrated);
      }, { hooksDir: null });
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it("put back an operator's limiter, rules and users create rule, and no more", async () => {
    const empty = await migrationsFolder([]);
    try {
      await withServer(
        version,
        async (server) => {
          const custom = { label: '/api/collections/', audience: '@auth', maxRequests: 50, duration: 10 };
          const { rateLimits } = await readJson<{ rateLimits: { rules: unknown[] } }>(server, '/api/settings');
          const patched = await server.api('/api/settings', { method: 'PATCH', superuser: true, body: JSON.stringify({ rateLimits: { enabled: true, rules: [...rateLimits.rules, custom] } }) });
          expect(patched.status).toBe(200);
          const users = await server.api('/api/collections/users', { method: 'PATCH', superuser: true, body: JSON.stringify({ createRule: '@request.body.email ~ "@kestrelbyte.example"' }) });
          expect(users.status).toBe(200);
          const before = await serverState(server);

          await migrate(server, ['up'], { from: MIGRATIONS_DIR, then: empty });
          const after = await serverState(server);
          expect(after.rateLimits.rules).toContainEqual(custom);
          expect(after.collections.users!.createRule).toBeNull();
          await migrate(server, ['down', String(FILES.length)], { from: MIGRATIONS_DIR, then: empty });
          expect(await serverState(server)).toEqual(before);
        },
        { migrationsDir: empty, hooksDir: null },
      );
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('keep every stored address through the lock-down, down and up again, on a server that already holds records', async () => {
    const firstOnly = await migrationsFolder([FIRST]);
    const addresses = ['ada@example.com', 'grace.hopper@navy.example', `${'x'.repeat(240)}@long.example`];
    try {
      // A server that ran only the first migration, with records.
      await withServer(
        version,
        async (server) => {
          for (const email of addresses) await insert(server, 'offer_requests', { ...offer, email });
          await insert(server, 'contact_messages', { ...visitor, form: 'contact', email: 'erika@example.de', message: 'Bitte rufen Sie mich an.' });
          expect(fieldOf(await collection(server, 'offer_requests'), 'email').type).toBe('email');

          await migrate(server, ['up'], { from: MIGRATIONS_DIR, then: firstOnly });
          const locked = await collection(server, 'offer_requests');
          expect(fieldOf(locked, 'email')).toMatchObject({ type: 'text', max: 254 });
          // Where the Dashboard shows it: after id and name, as before; the field set aside is gone.
          expect(locked.fields.map((field) => field.name).indexOf('email')).toBe(2);
          expect(locked.fields.map((field) => field.name)).not.toContain('email_replaced');
          expect(await emails(server, 'offer_requests')).toEqual(addresses);
          expect(await emails(server, 'contact_messages')).toEqual(['erika@example.de']);

          await migrate(server, ['down', String(FILES.length - 1)], { from: MIGRATIONS_DIR, then: firstOnly });
          expect(fieldOf(await collection(server, 'offer_requests'), 'email').type).toBe('email');
          expect(await emails(server, 'offer_requests')).toEqual(addresses);
          expect(await emails(server, 'contact_messages')).toEqual(['erika@example.de']);
        },
        { migrationsDir: firstOnly, hooksDir: null },
      );
    } finally {
      await rm(firstOnly, { recursive: true, force: true });
    }
  });

  it('leave the limiter on when the first migration is undone on a server that ran it before it kept the limiter state (off would lift every other rule)', async () => {
    // The first migration as an earlier release ran it: no record of whether the limiter was on.
    const forget = `migrate((app) => { app.db().newQuery("DELETE FROM {{_params}} WHERE [[id]] = 'sitegen_forms_rate_limiter'").execute(); }, () => {});\n`;
    const earlier = await migrationsFolder(FILES, { '1732000001_forget_limiter_state.js': forget });
    const empty = await migrationsFolder([]);
    try {
      const fresh = await freshState(version);
      await withServer(
        version,
        async (server) => {
          await migrate(server, ['down', String(FILES.length + 1)], { then: empty });
          const { rateLimits } = await serverState(server);
          expect(rateLimits.enabled).toBe(true);
          expect(rateLimits.rules).toEqual(fresh.rateLimits.rules);
        },
        { migrationsDir: earlier, hooksDir: null },
      );
    } finally {
      await rm(earlier, { recursive: true, force: true });
      await rm(empty, { recursive: true, force: true });
    }
  });
});
