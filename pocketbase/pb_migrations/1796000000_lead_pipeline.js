/// <reference path="../pb_data/types.d.ts" />

/*
 * The lead pipeline (pocketbase/README.md, "The lead pipeline"): who is told about a new
 * enquiry, what is kept about telling them, and the proof-of-work check's state.
 *
 * Up:
 *   1. `form_recipients`: one row per form (and locale, where it differs) with the addresses the
 *      notification goes to, and whether the visitor gets an acknowledgement. Superusers only;
 *      edited in the Dashboard, read by the hooks on every send (no deploy to change them).
 *   2. `lead_options`: one record of settings (site address for the page link, proof-of-work
 *      difficulty and lifetime, retention periods) and the proof-of-work signing secret, made
 *      here with a random value (a hidden field: the API never returns it, the Dashboard shows
 *      it to superusers).
 *   3. `pow_used`: the proof-of-work challenges already spent (a replay is refused by the
 *      unique index); the retention job deletes the expired ones.
 *   4. `acknowledgements`: when an acknowledgement went to which address (hashed), so that one
 *      address gets at most one a day.
 *   5. `contact_messages` and `offer_requests` get the notification state: `notified` (when the
 *      mail was accepted by the SMTP server), `notify_attempts`, `notify_next` (when the retry
 *      job tries again) and `notify_error` (the last failure). A visitor's create cannot set
 *      them: the hook clears them (pb_hooks/leads.pb.js).
 * Down: removes all of that again (the records keep their form fields).
 */

const FORM_COLLECTIONS = ['contact_messages', 'offer_requests'];
const SUPERUSERS_ONLY = { listRule: null, viewRule: null, createRule: null, updateRule: null, deleteRule: null };
const STATE_FIELDS = ['notified', 'notify_attempts', 'notify_next', 'notify_error'];

function autodates() {
  return [
    { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
    { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
  ];
}

function stateFields() {
  return [
    { name: 'notified', type: 'date', required: false },
    { name: 'notify_attempts', type: 'number', required: false, min: 0, onlyInt: true },
    { name: 'notify_next', type: 'date', required: false },
    { name: 'notify_error', type: 'text', required: false, max: 2000 },
  ];
}

migrate(
  (app) => {
    const recipients = new Collection(Object.assign({}, SUPERUSERS_ONLY, {
      type: 'base',
      name: 'form_recipients',
      fields: [
        { name: 'form', type: 'select', required: true, maxSelect: 1, values: ['contact', 'clickup', 'offer', 'application'] },
        // empty: every locale without a row of its own
        { name: 'locale', type: 'select', required: false, maxSelect: 1, values: ['en', 'hu', 'de'] },
        // addresses separated by commas, semicolons or line breaks
        { name: 'recipients', type: 'text', required: true, max: 2000 },
        { name: 'acknowledge', type: 'bool', required: false },
        ...autodates(),
      ],
      indexes: ['CREATE UNIQUE INDEX `idx_form_recipients_form_locale` ON `form_recipients` (`form`, `locale`)'],
    }));
    app.save(recipients);

    const options = new Collection(Object.assign({}, SUPERUSERS_ONLY, {
      type: 'base',
      name: 'lead_options',
      fields: [
        { name: 'site_url', type: 'url', required: false },
        { name: 'pow_max_number', type: 'number', required: true, min: 1000, max: 10000000, onlyInt: true },
        { name: 'pow_expires_minutes', type: 'number', required: true, min: 1, max: 1440, onlyInt: true },
        { name: 'enquiry_retention_months', type: 'number', required: true, min: 1, max: 120, onlyInt: true },
        { name: 'application_retention_months', type: 'number', required: true, min: 1, max: 120, onlyInt: true },
        { name: 'pow_secret', type: 'text', required: true, min: 32, max: 200, hidden: true },
        ...autodates(),
      ],
    }));
    app.save(options);
    const defaults = new Record(options);
    defaults.set('site_url', 'https://www.kestrelbyte.example');
    defaults.set('pow_max_number', 100000);
    defaults.set('pow_expires_minutes', 30);
    defaults.set('enquiry_retention_months', 24);
    defaults.set('application_retention_months', 6);
    defaults.set('pow_secret', $security.randomString(48));
    app.save(defaults);

    app.save(new Collection(Object.assign({}, SUPERUSERS_ONLY, {
      type: 'base',
      name: 'pow_used',
      fields: [
        { name: 'challenge', type: 'text', required: true, min: 64, max: 64 },
        { name: 'expires', type: 'date', required: true },
        ...autodates(),
      ],
      indexes: ['CREATE UNIQUE INDEX `idx_pow_used_challenge` ON `pow_used` (`challenge`)'],
    })));

    app.save(new Collection(Object.assign({}, SUPERUSERS_ONLY, {
      type: 'base',
      name: 'acknowledgements',
      fields: [
        { name: 'address_hash', type: 'text', required: true, min: 64, max: 64 },
        ...autodates(),
      ],
      indexes: ['CREATE INDEX `idx_acknowledgements_address` ON `acknowledgements` (`address_hash`, `created`)'],
    })));

    for (const name of FORM_COLLECTIONS) {
      const collection = app.findCollectionByNameOrId(name);
      for (const field of stateFields()) {
        collection.fields.add(new Field(field));
      }
      app.save(collection);
    }
  },
  (app) => {
    for (const name of FORM_COLLECTIONS) {
      const collection = app.findCollectionByNameOrId(name);
      for (const field of STATE_FIELDS) {
        collection.fields.removeByName(field);
      }
      app.save(collection);
    }
    for (const name of ['acknowledgements', 'pow_used', 'lead_options', 'form_recipients']) {
      try {
        app.delete(app.findCollectionByNameOrId(name));
      } catch (_) {
        // already gone
      }
    }
  },
);
