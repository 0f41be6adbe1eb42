/**
 * The form backend's migrations (pocketbase/pb_migrations), run as PocketBase runs them against
 * a stand-in written from PocketBase's sources (./jsvm.ts): no PocketBase binary installs here.
 * What only a real server can confirm is listed in pocketbase/README.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkField, EMAIL, PHONE, type Rule } from '../../src/widgets/forms/rules';
import { CONTACT_RULES } from '../../src/widgets/islands/ContactForm';
import { BUDGETS, OFFER_RULES, TIMELINES } from '../../src/widgets/islands/OfferForm';
import { REPO } from '../helpers/site';
import { Collection, DEFAULT_RATE_LIMITS, Field, isGoRegexp, PocketBase, type FieldData } from './jsvm';

const DIR = path.join(REPO, 'pocketbase/pb_migrations');
const FILES = readdirSync(DIR)
  .filter((file) => file.endsWith('.js'))
  .sort()
  .map((file) => path.join(DIR, file));
const FIRST = FILES.find((file) => file.includes('_create_form_collections'))!;
const FORMS = ['contact_messages', 'offer_requests'] as const;

function up(server: PocketBase, files = FILES): PocketBase {
  for (const file of files) server.migrate(file, 'up');
  return server;
}
function down(server: PocketBase, files = FILES): PocketBase {
  for (const file of [...files].reverse()) server.migrate(file, 'down');
  return server;
}

const field = (server: PocketBase, collection: string, name: string): FieldData => {
  const found = server.collection(collection)?.fields.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`${collection} has no field ${name}`);
  return found;
};

describe('the migrations as PocketBase runs them', () => {
  it('are the first migration and the lock-down, in that order', () => {
    expect(FILES.map((file) => path.basename(file))).toEqual(['1732000000_create_form_collections.js', '1795600000_lock_down_forms.js']);
  });

  it('create both collections: anyone may create (with the honeypot empty), only superusers read or change', () => {
    const server = up(new PocketBase());
    for (const name of FORMS) {
      expect(server.collection(name), name).toMatchObject({
        type: 'base',
        createRule: '@request.body.website = ""',
        listRule: null,
        viewRule: null,
        updateRule: null,
        deleteRule: null,
      });
    }
  });
});

describe('rate limits', () => {
  it('limit each form create to 3 a minute per client IP, for guests and signed-in users alike', () => {
    const server = up(new PocketBase());
    expect(server.state().settings.rateLimits.enabled).toBe(true);
    for (const name of FORMS) {
      for (const client of ['guest', 'signed-in'] as const) {
        expect(server.createLimit(name, client), `${name}, ${client}`).toEqual({ label: `${name}:create`, audience: '', maxRequests: 3, duration: 60 });
      }
    }
  });

  it('(the first migration alone let a signed-in client create 80 times as many: its rules were for guests only)', () => {
    const server = up(new PocketBase(), [FIRST]);
    const guest = server.createLimit('contact_messages', 'guest')!;
    const signedIn = server.createLimit('contact_messages', 'signed-in')!;
    expect(guest).toMatchObject({ label: 'contact_messages:create', audience: '@guest', maxRequests: 3, duration: 60 });
    expect(signedIn).toMatchObject({ label: '*:create', maxRequests: 20, duration: 5 });
    expect(signedIn.maxRequests / signedIn.duration / (guest.maxRequests / guest.duration)).toBe(80);
  });

  it("keep the server's other rules, and creates in other collections keep the default limit", () => {
    const server = up(new PocketBase());
    const rules = server.state().settings.rateLimits.rules;
    for (const rule of DEFAULT_RATE_LIMITS.rules) expect(rules).toContainEqual(rule);
    expect(server.createLimit('users', 'guest')).toMatchObject({ label: '*:create', maxRequests: 20, duration: 5 });
  });
});

describe('sign-up', () => {
  it('is closed: the users collection PocketBase creates for a new server takes no public creates', () => {
    const fresh = new PocketBase();
    expect(fresh.collection('users')!.createRule).toBe('');
    const server = up(new PocketBase());
    expect(server.collection('users')).toMatchObject({
      createRule: null,
      // The rest as PocketBase made it: a user sees and changes only their own record.
      listRule: 'id = @request.auth.id',
      viewRule: 'id = @request.auth.id',
      updateRule: 'id = @request.auth.id',
      deleteRule: 'id = @request.auth.id',
    });
  });

  it('is left alone on a server without a users collection', () => {
    const server = new PocketBase();
    server.delete(server.findCollectionByNameOrId('users'));
    up(server);
    expect(server.collection('users')).toBeUndefined();
    down(server);
    expect(server.collection('users')).toBeUndefined();
  });
});

/** The record values each form sends besides its rules' fields (use-record-form.ts). */
const EXTRA = { contact_messages: ['form', 'locale', 'path', 'website'], offer_requests: ['locale', 'path', 'website'] };
const RULES: Record<(typeof FORMS)[number], Record<string, Rule>> = { contact_messages: CONTACT_RULES, offer_requests: OFFER_RULES };

/** The services the offer page offers (src/templates/pages/OfferPage.tsx, SERVICES). */
function offeredServices(): string[] {
  const source = readFileSync(path.join(REPO, 'src/templates/pages/OfferPage.tsx'), 'utf8');
  return [...source.matchAll(/\['service-[\w-]+', '([\w-]+)'\]/g)].map((match) => match[1]!);
}

/** Two patterns accept the same of these texts. */
function sameVerdicts(a: RegExp, b: RegExp, samples: string[]): void {
  for (const sample of samples) expect(a.test(sample), JSON.stringify(sample)).toBe(b.test(sample));
}

describe('field limits', () => {
  const server = up(new PocketBase());

  it.each(FORMS)('%s has a field for everything its form sends, and nothing else a visitor fills', (name) => {
    const fields = server.collection(name)!.fields.map((candidate) => candidate.name);
    const sent = [...Object.keys(RULES[name]), ...EXTRA[name]];
    expect([...sent].sort()).toEqual(fields.filter((candidate) => !['id', 'created', 'updated'].includes(candidate)).sort());
  });

  it.each(FORMS)("%s: each field's required, min and max are the form's rule", (name) => {
    for (const [fieldName, rule] of Object.entries(RULES[name])) {
      const stored = field(server, name, fieldName);
      const required = Boolean(rule.required || rule.accepted);
      expect(Boolean(stored.required), `${name}.${fieldName} required`).toBe(required);
      if (stored.type === 'text') {
        // PocketBase's text field allows 5000 characters when max is 0: every limit is written out.
        expect(stored.max, `${name}.${fieldName} max`).toBe(rule.max);
        expect(Number(stored.min ?? 0), `${name}.${fieldName} min`).toBe(rule.min ?? 0);
      } else if (stored.type === 'bool') {
        // A required bool must be true: the form's "accepted".
        expect(rule.accepted, `${name}.${fieldName}`).toBe(true);
      } else {
        expect(stored.type, `${name}.${fieldName}`).toBe('select');
      }
    }
  });

  it('caps the e-mail address at 254 characters with the pattern the form checks', () => {
    for (const name of FORMS) {
      const email = field(server, name, 'email');
      expect(email).toMatchObject({ type: 'text', required: true, max: 254 });
      expect(isGoRegexp(String(email.pattern))).toBe(true);
      expect(email.pattern).toBe(EMAIL.source);
      expect(CONTACT_RULES.email).toMatchObject({ email: true, max: 254 });
    }
  });

  it('checks the phone number with the pattern the form checks', () => {
    for (const name of FORMS) {
      const phone = new RegExp(String(field(server, name, 'phone').pattern));
      sameVerdicts(phone, PHONE, ['', '+36 1 234 5678', '(06) 30/123-4567', '0.1', 'call me', '123a', '+36\n1', '١٢٣']);
    }
  });

  it('offers the services, budgets and timelines the offer form offers', () => {
    const services = field(server, 'offer_requests', 'services');
    expect(services.values).toEqual(offeredServices());
    expect(services.maxSelect).toBe(offeredServices().length);
    expect(field(server, 'offer_requests', 'budget')).toMatchObject({ values: [...BUDGETS], maxSelect: 1, required: true });
    expect(field(server, 'offer_requests', 'timeline')).toMatchObject({ values: [...TIMELINES], maxSelect: 1, required: true });
    expect(field(server, 'contact_messages', 'form').values).toEqual(['contact', 'clickup']);
  });

  it('keeps every form page path within the 300 characters of `path`', () => {
    const routes = parse(readFileSync(path.join(REPO, 'content/routes.yaml'), 'utf8')) as { routes: Array<{ template: string; paths: Record<string, string> }> };
    const formPages = routes.routes.filter((route) => route.template === 'contact' || route.template === 'offer');
    expect(formPages.length).toBeGreaterThan(0);
    expect(field(server, 'contact_messages', 'path').max).toBe(300);
    for (const route of formPages) {
      for (const [locale, urlPath] of Object.entries(route.paths)) {
        // location.pathname: percent-encoded, with the locale prefix.
        expect(encodeURI(`/${locale}${urlPath}`).length).toBeLessThanOrEqual(300);
      }
    }
  });

  it('lets the largest body a form can send through the 64 KB the README gives the proxy', () => {
    const readme = readFileSync(path.join(REPO, 'pocketbase/README.md'), 'utf8');
    expect(readme).toContain('client_max_body_size 64k;');
    for (const name of FORMS) {
      // Each text at its limit in characters that JSON writes as 6 bytes (\u0001), each choice at its longest.
      const body: Record<string, unknown> = { website: '', locale: 'en' };
      for (const stored of server.collection(name)!.fields) {
        if (stored.type === 'text' && stored.name !== 'id') body[stored.name] = '\u0001'.repeat(Number(stored.max));
        if (stored.type === 'select') body[stored.name] = Number(stored.maxSelect) > 1 ? stored.values : [...(stored.values as string[])].sort((a, b) => b.length - a.length)[0];
        if (stored.type === 'bool') body[stored.name] = true;
      }
      body.website = '';
      const bytes = Buffer.byteLength(JSON.stringify(body));
      expect(bytes, name).toBeGreaterThan(30_000);
      expect(bytes, name).toBeLessThan(64 * 1024);
    }
  });

  it('counts characters as PocketBase does: code points, so an emoji is one', () => {
    // 6 emoji are 12 UTF-16 units but 6 characters, fewer than the message's minimum of 10.
    expect(checkField('😀'.repeat(6), CONTACT_RULES.message!)).toEqual({ key: 'tooShort', values: { min: 10 } });
    expect(checkField('😀'.repeat(10), CONTACT_RULES.message!)).toBeUndefined();
    expect(checkField('😀'.repeat(100), CONTACT_RULES.name!)).toBeUndefined();
    expect(checkField('😀'.repeat(101), CONTACT_RULES.name!)).toEqual({ key: 'tooLong', values: { max: 100 } });
  });
});

describe('down', () => {
  it('puts a new server back exactly as it was: limiter off, default rules, open sign-up, no collections', () => {
    const fresh = new PocketBase().state();
    const server = down(up(new PocketBase()));
    expect(server.state()).toEqual(fresh);
  });

  it("puts back an operator's limiter, rules and users create rule, and no more", () => {
    const custom = {
      rateLimits: {
        enabled: true,
        rules: [...DEFAULT_RATE_LIMITS.rules, { label: '/api/collections/', audience: '@auth' as const, maxRequests: 50, duration: 10 }],
      },
    };
    const server = new PocketBase(custom);
    const users = server.findCollectionByNameOrId('users');
    users.createRule = '@request.body.email ~ "@kestrelbyte.example"';
    server.save(users);
    const before = server.state();

    up(server);
    expect(server.state().settings.rateLimits.rules).toContainEqual(custom.rateLimits.rules[4]);
    down(server);
    expect(server.state()).toEqual(before);
  });

  it('undoes the lock-down alone: the first migration as it was, records kept', () => {
    const server = up(new PocketBase(), [FIRST]);
    server.insertRow('contact_messages', { id: 'a1', email: 'ada@example.com', name: 'Ada' });
    const first = server.state();
    up(server, FILES.slice(1));
    down(server, FILES.slice(1));
    expect(server.state()).toEqual(first);
  });
});

describe('a server that ran the first migration before this release', () => {
  /** The first migration as it was: it kept no record of the limiter's state. */
  function earlierServer(): PocketBase {
    const server = up(new PocketBase(), [FIRST]);
    server.db().newQuery('DELETE FROM {{_params}} WHERE [[id]] = {:id}').bind({ id: 'sitegen_forms_rate_limiter' }).execute();
    return server;
  }

  it('keeps every address through the change of the e-mail field, both ways', () => {
    const server = earlierServer();
    const addresses = ['ada@example.com', 'grace.hopper@navy.example', `${'x'.repeat(300)}@long.example`];
    addresses.forEach((email, i) => server.insertRow('offer_requests', { id: `r${i}`, email, name: `Person ${i}` }));
    server.insertRow('contact_messages', { id: 'c1', email: 'erika@example.de', message: 'Bitte rufen Sie mich an.' });

    up(server, FILES.slice(1));
    expect(field(server, 'offer_requests', 'email').type).toBe('text');
    expect(server.rows('offer_requests').map((row) => row.email)).toEqual(addresses);
    expect(server.rows('contact_messages')).toEqual([expect.objectContaining({ id: 'c1', email: 'erika@example.de', message: 'Bitte rufen Sie mich an.' })]);
    expect(Object.keys(server.rows('offer_requests')[0]!)).not.toContain('email_replaced');
    // Where the dashboard shows it: after name, as before.
    expect(server.collection('offer_requests')!.fields.map((candidate) => candidate.name).indexOf('email')).toBe(2);

    down(server, FILES.slice(1));
    expect(field(server, 'offer_requests', 'email').type).toBe('email');
    expect(server.rows('offer_requests').map((row) => row.email)).toEqual(addresses);
  });

  it("leaves the limiter on when the first migration is undone: it cannot know whether it was on before, and off would lift every other rule", () => {
    const server = earlierServer();
    down(up(server, FILES.slice(1)), FILES.slice(1));
    server.migrate(FIRST, 'down');
    const { rateLimits } = server.state().settings;
    expect(rateLimits.enabled).toBe(true);
    expect(rateLimits.rules).toEqual(DEFAULT_RATE_LIMITS.rules);
  });
});

describe('the stand-in fails where PocketBase would not do what a migration says', () => {
  it('rejects an option a field type does not have (PocketBase would drop it without a word)', () => {
    expect(() => new Field('email', { name: 'email', required: true, max: 254 })).toThrow(/silently ignore "max" on the email field/);
  });

  it('rejects a field type change in place, conflicting rate limit rules, and unknown SQL', () => {
    const server = up(new PocketBase());
    const contact = server.findCollectionByNameOrId('contact_messages');
    const { id } = contact.fields.getByName('email')!;
    contact.fields.removeByName('email');
    contact.fields.add(new Field('email', { id, name: 'email', required: true }));
    expect(() => server.save(contact)).toThrow(/validation_field_type_change/);

    const settings = server.settings();
    settings.rateLimits.rules.push({ label: 'contact_messages:create', audience: '@guest', maxRequests: 3, duration: 60 });
    expect(() => server.save(settings)).toThrow(/conflicting_rate_limit_rule/);

    expect(() => server.db().newQuery('DROP TABLE users').execute()).toThrow(/does not know this SQL/);
  });

  it('undoes a migration that throws, as its transaction would', () => {
    const server = new PocketBase();
    server.save(new Collection({ name: 'contact_messages', type: 'base', fields: [] }));
    const before = server.state();
    expect(() => server.migrate(FIRST, 'up')).toThrow(/validation_collection_name_exists/);
    expect(server.state()).toEqual(before);
  });
});
