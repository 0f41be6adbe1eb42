/// <reference path="../pb_data/types.d.ts" />

/*
 * Collections for the website's contact and offer forms (PocketBase 0.23+ JS migrations API).
 *
 * Up:
 *   1. `contact_messages`: the contact form (and the ClickUp enquiry form, told apart by `form`).
 *   2. `offer_requests`: the request-an-offer form.
 *   Both also record the page `locale` and `path` the form was sent from, and have `created` /
 *   `updated` autodate fields (collections created from a migration do not get them by default).
 *   3. Switches on PocketBase's rate limiter (off by default) with a strict guest limit on creating
 *      records in these two collections, keeping the existing (default) rules. Whether the limiter
 *      was on before is kept in PocketBase's `_params` table (id `sitegen_forms_rate_limiter`).
 * Down: deletes both collections, removes the two rate limit rules and puts the limiter back as
 *   it was before (on or off). A server that ran this migration before it kept that state (an
 *   earlier version of this file) keeps the limiter on: switching it off would lift every other
 *   rule of the server too.
 *
 * The next migration (1795600000_lock_down_forms.js) limits these creates for everyone, not only
 * guests, caps `email` and closes public sign-up; see pocketbase/README.md.
 *
 * Why:
 * - Honeypot: `website` is a field the real form keeps empty and hidden from people; simple bots fill
 *   every input. The create rule `@request.body.website = ""` makes PocketBase refuse (400) any
 *   create whose body has a non-empty `website`. An absent `website` also passes.
 * - No public read: list/view/update/delete rules are null, so only superusers can read or change
 *   what visitors sent. Anyone may create (subject to the honeypot and the field validation).
 * - Rate limit: without it a script could fill the collections. The rules below allow a guest
 *   (per client IP) 3 creates per 60 seconds in each collection; requests over it get 429.
 *   The labels are the collection tags `contact_messages:create` / `offer_requests:create`, not the
 *   paths `POST /api/collections/<name>/records`: for a record create PocketBase looks the labels up
 *   in the order `<collection>:create`, `*:create`, `POST <path>`, `<path>` and uses the first one
 *   that has a rule, so with the default `*:create` rule (20 per 5 s) a path rule would never apply.
 *   Behind a reverse proxy set the trusted proxy header (Settings > Application > User IP proxy
 *   headers), otherwise every visitor has the proxy's IP and shares one limit.
 */

const COLLECTIONS = ['contact_messages', 'offer_requests'];

const RATE_LIMIT_RULES = COLLECTIONS.map((name) => ({
  label: name + ':create',
  audience: '@guest',
  duration: 60, // seconds
  maxRequests: 3,
}));

const PUBLIC_CREATE_ONLY = {
  // public create, but only with the honeypot empty
  createRule: '@request.body.website = ""',
  // null = superusers only
  listRule: null,
  viewRule: null,
  updateRule: null,
  deleteRule: null,
};

/** The fields both forms send; a fresh array each call. */
function visitorFields() {
  return [
    { name: 'name', type: 'text', required: true, max: 100 },
    { name: 'email', type: 'email', required: true },
    { name: 'company', type: 'text', required: false, max: 150 },
    { name: 'phone', type: 'text', required: false, max: 40, pattern: '^[0-9+()\\/ .-]*$' },
  ];
}

/** Consent, where the form was sent from, and the honeypot; a fresh array each call. */
function contextFields() {
  return [
    // a required bool must be true: the privacy consent box has to be ticked
    { name: 'privacy', type: 'bool', required: true },
    { name: 'locale', type: 'select', required: true, maxSelect: 1, values: ['en', 'hu', 'de'] },
    { name: 'path', type: 'text', required: true, max: 300 },
    // honeypot: must stay empty (enforced by the create rule)
    { name: 'website', type: 'text', required: false, max: 200 },
    { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ];
}

/** Copies a rule (a Go struct in the JSVM) into a plain object. */
function plainRule(rule) {
  return {
    label: rule.label,
    audience: rule.audience,
    duration: rule.duration,
    maxRequests: rule.maxRequests,
  };
}

const LIMITER_STATE = 'sitegen_forms_rate_limiter';

/** Keeps a value in PocketBase's `_params` table (key/value rows; the settings are the row `settings`). */
function saveState(app, id, value) {
  dropState(app, id);
  app.db().newQuery('INSERT INTO {{_params}} ([[id]], [[value]]) VALUES ({:id}, {:value})').bind({ id: id, value: JSON.stringify(value) }).execute();
}

/** The value kept by saveState, or null when there is none. */
function readState(app, id) {
  const row = new DynamicModel({ value: '' });
  try {
    app.db().newQuery('SELECT [[value]] FROM {{_params}} WHERE [[id]] = {:id} LIMIT 1').bind({ id: id }).one(row);
  } catch (_) {
    return null; // no such row
  }
  return JSON.parse(row.value);
}

function dropState(app, id) {
  app.db().newQuery('DELETE FROM {{_params}} WHERE [[id]] = {:id}').bind({ id: id }).execute();
}

function isOwnRule(rule) {
  return RATE_LIMIT_RULES.some((own) => own.label === rule.label && own.audience === rule.audience);
}

/** The current rules without this migration's ones, as plain objects. */
function otherRules(settings) {
  const current = settings.rateLimits.rules || [];
  const kept = [];
  for (let i = 0; i < current.length; i++) {
    const rule = plainRule(current[i]);
    if (!isOwnRule(rule)) {
      kept.push(rule);
    }
  }
  return kept;
}

migrate(
  (app) => {
    const contactMessages = new Collection(Object.assign({}, PUBLIC_CREATE_ONLY, {
      type: 'base',
      name: 'contact_messages',
      fields: [
        { name: 'form', type: 'select', required: true, maxSelect: 1, values: ['contact', 'clickup'] },
        ...visitorFields(),
        { name: 'message', type: 'text', required: true, min: 10, max: 5000 },
        ...contextFields(),
      ],
    }));
    app.save(contactMessages);

    const offerRequests = new Collection(Object.assign({}, PUBLIC_CREATE_ONLY, {
      type: 'base',
      name: 'offer_requests',
      fields: [
        ...visitorFields(),
        {
          name: 'services',
          type: 'select',
          required: true,
          maxSelect: 4,
          values: ['it-outsourcing', 'clickup-onboarding', 'software-integrations', 'web-and-mobile-development'],
        },
        {
          name: 'budget',
          type: 'select',
          required: true,
          maxSelect: 1,
          values: ['under-5k', '5k-15k', '15k-50k', 'over-50k', 'unsure'],
        },
        {
          name: 'timeline',
          type: 'select',
          required: true,
          maxSelect: 1,
          values: ['asap', '1-3-months', '3-6-months', 'flexible'],
        },
        { name: 'description', type: 'text', required: true, min: 20, max: 5000 },
        ...contextFields(),
      ],
    }));
    app.save(offerRequests);

    const settings = app.settings();
    saveState(app, LIMITER_STATE, { enabled: settings.rateLimits.enabled });
    settings.rateLimits.enabled = true;
    settings.rateLimits.rules = otherRules(settings).concat(RATE_LIMIT_RULES.map((rule) => Object.assign({}, rule)));
    app.save(settings);
  },
  (app) => {
    for (const name of COLLECTIONS) {
      let collection = null;
      try {
        collection = app.findCollectionByNameOrId(name);
      } catch (_) {
        // already deleted
      }
      if (collection) {
        app.delete(collection);
      }
    }

    const settings = app.settings();
    settings.rateLimits.rules = otherRules(settings);
    const before = readState(app, LIMITER_STATE);
    if (before) {
      settings.rateLimits.enabled = before.enabled;
    }
    app.save(settings);
    dropState(app, LIMITER_STATE);
  },
);
