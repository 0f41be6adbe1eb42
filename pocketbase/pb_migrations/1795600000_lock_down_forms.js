/// <reference path="../pb_data/types.d.ts" />

/*
 * Locks the form backend down (PocketBase 0.23+ JS migrations API; written against the v0.28
 * sources, see pocketbase/README.md). For a new server and for one that already ran
 * 1732000000_create_form_collections.js with its records.
 *
 * Up:
 *   1. `email` of both form collections becomes a text field of at most 254 characters with the
 *      form's own e-mail pattern. PocketBase's `email` field type has no length option at all,
 *      and a field's type cannot change in place: the old field is renamed, the new one added at
 *      its position, the addresses copied over, and the old field removed. No record is lost.
 *   2. The create rate limits apply to everyone, not only guests: the rules
 *      `contact_messages:create` and `offer_requests:create` with audience "" (guests and signed-in
 *      users), 3 per 60 s per client IP, replace the `@guest` ones of the first migration. A
 *      signed-in request skipped a `@guest` rule and fell through to `*:create` (20 per 5 s, 80
 *      times more). The limiter is switched on (it is off on a new server).
 *   3. Public sign-up is closed: the `users` collection (created by PocketBase for every new
 *      server, with a create rule of "" so anyone can register) gets a null create rule
 *      (superusers only); OAuth2 sign-up goes through the same rule. The site signs nobody in;
 *      the collection is kept, not deleted, so a server that uses it for something else keeps
 *      its users. The forms' own create rules never depended on who is signed in.
 *   What was there before (the rules with these labels, whether the limiter was on, the users
 *   create rule, which fields were converted) is kept in PocketBase's `_params` table
 *   (id `sitegen_forms_lock_down`).
 * Down: puts all of it back as it was before, with the addresses copied back into an `email`
 *   field.
 */

const FORM_COLLECTIONS = ['contact_messages', 'offer_requests'];
const STATE = 'sitegen_forms_lock_down';

/** The form's e-mail rule (src/widgets/forms/rules.ts, EMAIL) and limit; Go's regexp syntax accepts it as it is. */
const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
const EMAIL_MAX = 254;

const CREATE_LIMIT = { duration: 60, maxRequests: 3 }; // per client IP, seconds

function ownLabels() {
  return FORM_COLLECTIONS.map((name) => name + ':create');
}

/** A Go value (settings, collection) as the plain JSON object PocketBase serializes it to. */
function plain(value) {
  return JSON.parse(JSON.stringify(value));
}

function saveState(app, id, value) {
  dropState(app, id);
  app.db().newQuery('INSERT INTO {{_params}} ([[id]], [[value]]) VALUES ({:id}, {:value})').bind({ id: id, value: JSON.stringify(value) }).execute();
}

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

function findCollection(app, name) {
  try {
    return app.findCollectionByNameOrId(name);
  } catch (_) {
    return null; // no such collection
  }
}

function indexOfField(collection, name) {
  const names = collection.fields.fieldNames();
  for (let i = 0; i < names.length; i++) {
    if (names[i] === name) return i;
  }
  return -1;
}

/**
 * Replaces the field `name` of a collection with `make()` (a field of another type, same name) in
 * four saves that keep every record's value: rename, add, copy, remove. Returns false when the
 * field already has the new type.
 */
function replaceField(app, collectionName, name, type, make) {
  let collection = app.findCollectionByNameOrId(collectionName);
  const old = collection.fields.getByName(name);
  if (!old || old.type() === type) return false;
  const aside = name + '_replaced';
  old.name = aside;
  app.save(collection);

  collection = app.findCollectionByNameOrId(collectionName);
  collection.fields.addAt(indexOfField(collection, aside), make());
  app.save(collection);

  app.db().newQuery('UPDATE {{' + collectionName + '}} SET [[' + name + ']] = [[' + aside + ']]').execute();

  collection = app.findCollectionByNameOrId(collectionName);
  collection.fields.removeByName(aside);
  app.save(collection);
  return true;
}

migrate(
  (app) => {
    const settings = app.settings();
    const limits = plain(settings).rateLimits;
    const labels = ownLabels();
    const users = findCollection(app, 'users');
    const before = {
      enabled: limits.enabled,
      rules: limits.rules.filter((rule) => labels.indexOf(rule.label) !== -1),
      users: users ? { createRule: plain(users).createRule } : null,
      converted: [],
    };

    for (const name of FORM_COLLECTIONS) {
      const converted = replaceField(app, name, 'email', 'text', () =>
        new TextField({ name: 'email', required: true, max: EMAIL_MAX, pattern: EMAIL_PATTERN }),
      );
      if (converted) before.converted.push(name);
    }

    unmarshal(
      {
        rateLimits: {
          enabled: true,
          rules: limits.rules
            .filter((rule) => labels.indexOf(rule.label) === -1)
            .concat(labels.map((label) => ({ label: label, audience: '', duration: CREATE_LIMIT.duration, maxRequests: CREATE_LIMIT.maxRequests }))),
        },
      },
      settings,
    );
    app.save(settings);

    if (users) {
      unmarshal({ createRule: null }, users);
      app.save(users);
    }

    saveState(app, STATE, before);
  },
  (app) => {
    const before = readState(app, STATE);
    if (!before) {
      throw new Error('sitegen: the state before 1795600000_lock_down_forms.js is missing from _params (' + STATE + '); nothing was changed');
    }

    if (before.users) {
      const users = findCollection(app, 'users');
      if (users) {
        unmarshal({ createRule: before.users.createRule }, users);
        app.save(users);
      }
    }

    const settings = app.settings();
    const labels = ownLabels();
    unmarshal(
      {
        rateLimits: {
          enabled: before.enabled,
          rules: plain(settings)
            .rateLimits.rules.filter((rule) => labels.indexOf(rule.label) === -1)
            .concat(before.rules),
        },
      },
      settings,
    );
    app.save(settings);

    for (const name of before.converted) {
      replaceField(app, name, 'email', 'email', () => new EmailField({ name: 'email', required: true }));
    }

    dropState(app, STATE);
  },
);
