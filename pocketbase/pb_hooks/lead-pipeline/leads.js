/*
 * The lead pipeline's logic, required by pb_hooks/leads.pb.js inside each handler (PocketBase
 * runs every handler in a VM of its own, so nothing defined at the top of a .pb.js file is seen
 * by a handler). Runs in PocketBase's JS engine (goja) on v0.23 and newer; no Node API.
 * Operator's guide: pocketbase/README.md, "The lead pipeline".
 */

/** The collections whose records notify; the form name comes from the record or the collection. */
const FORMS = {
  contact_messages: {
    label: 'enquiry',
    fields: [
      ['form', 'Form'],
      ['name', 'Name'],
      ['email', 'E-mail'],
      ['company', 'Company'],
      ['phone', 'Phone'],
      ['message', 'Message'],
    ],
  },
  offer_requests: {
    label: 'offer request',
    fields: [
      ['name', 'Name'],
      ['email', 'E-mail'],
      ['company', 'Company'],
      ['phone', 'Phone'],
      ['services', 'Services'],
      ['budget', 'Budget'],
      ['timeline', 'Timeline'],
      ['description', 'Description'],
    ],
  },
  job_applications: {
    label: 'job application',
    fields: [
      ['position_title', 'Position'],
      ['position', 'Position id'],
      ['name', 'Name'],
      ['email', 'E-mail'],
      ['phone', 'Phone'],
      ['message', 'Message'],
      ['portfolio', 'Portfolio'],
      ['github', 'GitHub'],
      ['linkedin', 'LinkedIn'],
      ['cv', 'CV (file)'],
    ],
  },
};

const FORM_NAMES = { contact: 'contact form', clickup: 'ClickUp onboarding form', offer: 'offer form', application: 'application form' };

const DEFAULT_OPTIONS = {
  site_url: '',
  pow_max_number: 100000,
  pow_expires_minutes: 30,
  enquiry_retention_months: 24,
  application_retention_months: 6,
};

/** Failures after which each further one is logged as an error. */
const LOUD_AFTER = 5;
/** The longest wait between two tries, in minutes. */
const MAX_DELAY_MINUTES = 360;
/** How long a new record waits for its first send before the retry job takes it (a crash). */
const FIRST_SEND_GRACE_MINUTES = 5;

// ---------------------------------------------------------------------------------------------
// small helpers

/** PocketBase's stored date format (UTC), comparable as text with the `date` fields. */
function dbDate(date) {
  return date.toISOString().replace('T', ' ');
}

function minutesFromNow(minutes) {
  return dbDate(new Date(Date.now() + minutes * 60000));
}

function escapeHtml(text) {
  return String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * One line of text that is safe in a header: no control characters (CR, LF, tabs and the rest
 * become spaces), no encoded-word opener `=?` (a mail reader would decode `=?utf-8?b?...?=`
 * written by a visitor into other text), at most `max` characters.
 */
function headerText(value, max) {
  let text = String(value == null ? '' : value)
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/=\?/g, '= ?')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(text);
  if (chars.length > max) text = chars.slice(0, max - 1).join('') + '…';
  return text;
}

/**
 * An address that can stand alone in an address header: one mailbox, ASCII, no comment, no
 * quoted part, no comma, no encoded word. Anything else is not used as Reply-To (the mail still
 * goes out, with the address shown in the body).
 */
function safeAddress(value) {
  const address = String(value == null ? '' : value).trim();
  if (address.length > 254) return '';
  if (!/^[A-Za-z0-9.!#$%&'*+\/^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/.test(address)) {
    return '';
  }
  if (address.indexOf('..') >= 0 || address.charAt(0) === '.' || address.indexOf('.@') >= 0) return '';
  return address;
}

/** The addresses of a recipients text: separated by commas, semicolons or white space. */
function parseRecipients(text) {
  const found = [];
  const refused = [];
  String(text || '')
    .split(/[,;\s]+/)
    .forEach((part) => {
      if (part === '') return;
      const address = safeAddress(part);
      if (address) found.push(address);
      else refused.push(part);
    });
  return { found: found, refused: refused };
}

function plainValue(value) {
  if (value == null) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') {
    try {
      const list = Array.from(value);
      if (list.length > 0 || typeof value.length === 'number') return list.join(', ');
    } catch (_) {
      // not a list
    }
    return String(value);
  }
  return String(value);
}

// ---------------------------------------------------------------------------------------------
// settings

/** The lead options record as plain values, the defaults where there is none. */
function options(app) {
  const result = Object.assign({}, DEFAULT_OPTIONS, { pow_secret: '' });
  let records = [];
  try {
    records = app.findRecordsByFilter('lead_options', '', 'created', 1, 0);
  } catch (_) {
    return result;
  }
  if (records.length === 0) return result;
  const record = records[0];
  Object.keys(DEFAULT_OPTIONS).forEach((key) => {
    const value = record.get(key);
    if (value !== '' && value !== 0 && value != null) result[key] = value;
  });
  result.pow_secret = record.getString('pow_secret');
  return result;
}

/** The form of a record: its `form` field (contact, clickup) or the collection's. */
function formOf(record) {
  const collection = record.collection().name;
  if (collection === 'contact_messages') return record.getString('form') || 'contact';
  if (collection === 'offer_requests') return 'offer';
  return 'application';
}

/** The `form_recipients` row for a form in a locale: the locale's own, else the one for all. */
function recipientsRow(app, form, locale) {
  const rows = app.findRecordsByFilter('form_recipients', 'form = {:form}', '', 10, 0, { form: form });
  let any = null;
  for (let i = 0; i < rows.length; i++) {
    const rowLocale = rows[i].getString('locale');
    if (rowLocale === locale) return rows[i];
    if (rowLocale === '') any = rows[i];
  }
  return any;
}

// ---------------------------------------------------------------------------------------------
// notification

/** The notification mail of a record: { to, replyTo, subject, text, html }. */
function composeNotification(app, record) {
  const collectionName = record.collection().name;
  const spec = FORMS[collectionName];
  const form = formOf(record);
  const locale = record.getString('locale');
  const row = recipientsRow(app, form, locale);
  if (!row) throw new Error('no recipients configured for the ' + form + ' form (collection form_recipients)');
  const recipients = parseRecipients(row.getString('recipients'));
  if (recipients.found.length === 0) {
    throw new Error('no usable address in form_recipients for the ' + form + ' form: ' + headerText(recipients.refused.join(' '), 200));
  }

  const opts = options(app);
  const name = headerText(record.getString('name'), 80) || '(no name)';
  const email = record.getString('email');
  const replyTo = safeAddress(email);
  const position = collectionName === 'job_applications' ? headerText(record.getString('position_title'), 100) : '';
  const subject = headerText(
    'New ' + spec.label + ' via the ' + (FORM_NAMES[form] || form) + (position ? ' for ' + position : '') + ' from ' + name + (replyTo ? ' <' + replyTo + '>' : ''),
    200,
  );

  const appUrl = String(app.settings().meta.appURL || '').replace(/\/+$/, '');
  const dashboard = appUrl + '/_/#/collections?collection=' + encodeURIComponent(record.collection().id) + '&recordId=' + encodeURIComponent(record.id);
  const siteUrl = String(opts.site_url || '').replace(/\/+$/, '');
  const page = siteUrl + record.getString('path');

  const rows = spec.fields.map((pair) => {
    let value = plainValue(record.get(pair[0]));
    if (pair[0] === 'cv' && value) value += ' (download it from the Dashboard link below)';
    return [pair[1], value];
  });
  rows.push(['Language', locale]);
  rows.push(['Page', page]);
  rows.push(['Received', record.getString('created')]);
  if (!replyTo) rows.push(['Note', 'The e-mail address is not a plain single address, so it is not set as Reply-To. Check it before answering.']);

  const text = [subject, ''].concat(rows.map((pair) => pair[0] + ':\n' + (pair[1] === '' ? '-' : pair[1]) + '\n')).concat(['Open it in the Dashboard:', dashboard, '']).join('\n');
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><title>' + escapeHtml(subject) + '</title></head><body>' +
    '<h1 style="font-size:1.2em">' + escapeHtml(subject) + '</h1><table cellpadding="6" style="border-collapse:collapse">' +
    rows
      .map((pair) => '<tr><th align="left" valign="top">' + escapeHtml(pair[0]) + '</th><td style="white-space:pre-wrap">' + escapeHtml(pair[1] === '' ? '-' : pair[1]) + '</td></tr>')
      .join('') +
    '</table><p><a href="' + escapeHtml(dashboard) + '">Open it in the Dashboard</a></p></body></html>';

  return { to: recipients.found, replyTo: replyTo, subject: subject, text: text, html: html, row: row };
}

function sendMail(app, mail) {
  const meta = app.settings().meta;
  const message = new MailerMessage({
    from: { address: meta.senderAddress, name: headerText(meta.senderName, 100) },
    to: mail.to.map((address) => ({ address: address })),
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: mail.replyTo ? { 'Reply-To': mail.replyTo } : {},
  });
  app.newMailClient().send(message);
}

/** How long a claimed record is left to the sender that claimed it. */
const LEASE_MINUTES = 10;

/**
 * Takes a record for sending, atomically: only if it is still as read (not notified, the same
 * `notify_next` and `notify_error`), its `notify_next` becomes a lease and its error is cleared.
 * Two jobs (the cron and the operator's route, or two runs of the cron) never both send it; a
 * server that stops mid-send leaves the lease, after which the job takes the record again.
 */
function claim(app, record) {
  const table = record.collection().name;
  const result = app
    .db()
    .newQuery('UPDATE {{' + table + '}} SET [[notify_next]] = {:lease}, [[notify_error]] = \'\' WHERE [[id]] = {:id} AND [[notified]] = \'\' AND [[notify_next]] = {:next} AND [[notify_error]] = {:error}')
    .bind({ lease: minutesFromNow(LEASE_MINUTES), id: record.id, next: record.getString('notify_next'), error: record.getString('notify_error') })
    .execute();
  return result.rowsAffected() === 1;
}

/**
 * Sends a record's notification and stores the outcome on the record: `notified` on success;
 * otherwise one more attempt, the error and when to try again (back-off doubling from one
 * minute up to six hours; from the fifth failure on each one is logged as an error). Never
 * throws for a mail failure: it must not fail the visitor's request or the retry job. Returns
 * true when sent, false when it failed, null when another sender has the record.
 */
function notify(app, record) {
  if (!claim(app, record)) return null;
  let error = null;
  let mail = null;
  try {
    mail = composeNotification(app, record);
    sendMail(app, mail);
  } catch (e) {
    error = e;
  }
  const fresh = app.findRecordById(record.collection().name, record.id);
  if (error === null) {
    fresh.set('notified', dbDate(new Date()));
    fresh.set('notify_next', '');
    fresh.set('notify_error', '');
    app.unsafeWithoutHooks().save(fresh);
    try {
      acknowledge(app, fresh, mail.row);
    } catch (e) {
      app.logger().warn('acknowledgement not sent', 'record', record.id, 'error', String(e));
    }
    return true;
  }
  const attempts = (fresh.getInt('notify_attempts') || 0) + 1;
  const delay = Math.min(Math.pow(2, attempts - 1), MAX_DELAY_MINUTES);
  const reason = headerText(String(error && error.message ? error.message : error), 1900) || 'unknown error';
  fresh.set('notify_attempts', attempts);
  fresh.set('notify_next', minutesFromNow(delay));
  fresh.set('notify_error', reason);
  app.unsafeWithoutHooks().save(fresh);
  const where = record.collection().name + '/' + record.id;
  if (attempts >= LOUD_AFTER) {
    app.logger().error('LEAD NOT NOTIFIED: the notification mail failed ' + attempts + ' times; the record is kept and retried', 'record', where, 'error', reason, 'nextTry', fresh.getString('notify_next'));
    console.error('LEAD NOT NOTIFIED after ' + attempts + ' attempts: ' + where + ': ' + reason);
  } else {
    app.logger().warn('lead notification failed, will retry', 'record', where, 'attempt', attempts, 'error', reason);
  }
  return false;
}

/**
 * Sends every due notification: records not notified whose next try has come; with `now`
 * also those that failed before and wait for their next try (not those being sent).
 */
function retryDue(app, now) {
  const stamp = dbDate(new Date());
  const filter = now ? 'notified = "" && (notify_error != "" || notify_next <= {:now})' : 'notified = "" && notify_next != "" && notify_next <= {:now}';
  let sent = 0;
  let failed = 0;
  Object.keys(FORMS).forEach((name) => {
    let records;
    try {
      records = app.findRecordsByFilter(name, filter, 'created', 200, 0, { now: stamp });
    } catch (_) {
      return; // the collection is not there (yet)
    }
    records.forEach((record) => {
      const outcome = notify(app, record);
      if (outcome === true) sent++;
      else if (outcome === false) failed++;
    });
  });
  return { sent: sent, failed: failed };
}

// ---------------------------------------------------------------------------------------------
// acknowledgement (optional, per form)

const ACK_TEXTS = (() => {
  try {
    return JSON.parse(toString($os.readFile(__hooks + '/lead-pipeline/acknowledgement-texts.json')));
  } catch (_) {
    return null;
  }
})();

/**
 * The visitor's acknowledgement, when the form's row asks for one: in the visitor's language,
 * none of the visitor's own words in it, at most one per address a day (kept hashed in
 * `acknowledgements`). Failures are logged, never retried.
 */
function acknowledge(app, record, row) {
  if (!row || !row.getBool('acknowledge') || !ACK_TEXTS) return;
  const address = safeAddress(record.getString('email'));
  if (!address) return;
  const hash = $security.sha256(address.toLowerCase());
  const since = dbDate(new Date(Date.now() - 24 * 3600 * 1000));
  const earlier = app.findRecordsByFilter('acknowledgements', 'address_hash = {:hash} && created >= {:since}', '', 1, 0, { hash: hash, since: since });
  if (earlier.length > 0) return;
  const texts = ACK_TEXTS[record.getString('locale')] || ACK_TEXTS.en;
  const meta = app.settings().meta;
  try {
    app.newMailClient().send(
      new MailerMessage({
        from: { address: meta.senderAddress, name: headerText(meta.senderName, 100) },
        to: [{ address: address }],
        subject: texts.subject,
        text: texts.body + '\n',
        html: '<!doctype html><html><head><meta charset="utf-8"></head><body>' + texts.body.split('\n\n').map((p) => '<p>' + escapeHtml(p) + '</p>').join('') + '</body></html>',
      }),
    );
    const ack = new Record(app.findCollectionByNameOrId('acknowledgements'));
    ack.set('address_hash', hash);
    app.save(ack);
  } catch (e) {
    app.logger().warn('acknowledgement not sent', 'record', record.id, 'error', String(e));
  }
}

// ---------------------------------------------------------------------------------------------
// proof of work (ALTCHA v1: SHA-256 of salt + number, the challenge signed with HMAC-SHA256)

/**
 * A new challenge, signed with the secret; the salt carries its expiry (`?expires=<unix s>&`,
 * as altcha-lib writes it: the closing `&` keeps digits of the number from being moved into the
 * salt to stretch the expiry).
 */
function createChallenge(app) {
  const opts = options(app);
  if (!opts.pow_secret) throw new Error('lead_options has no pow_secret');
  const max = opts.pow_max_number;
  const expires = Math.floor(Date.now() / 1000) + opts.pow_expires_minutes * 60;
  const salt = $security.randomStringWithAlphabet(24, 'abcdefghijklmnopqrstuvwxyz0123456789') + '?expires=' + expires + '&';
  const number = parseInt($security.randomStringWithAlphabet(9, '0123456789'), 10) % (max + 1);
  const challenge = $security.sha256(salt + number);
  return { algorithm: 'SHA-256', challenge: challenge, maxnumber: max, salt: salt, signature: $security.hs256(challenge, opts.pow_secret) };
}

function powError(code, message) {
  return new BadRequestError(message, { altcha: new ValidationError(code, message) });
}

/**
 * Checks the `altcha` value of a create (an object, or its JSON text in a multipart body, or
 * ALTCHA's base64 of that JSON is not accepted: the JS engine has no base64 decoder for it) and
 * spends it. Throws a 400 naming `altcha` when it is missing, wrong, expired or used before.
 */
function verifySolution(app, value) {
  let payload = value;
  if (typeof payload === 'string') {
    try {
      payload = JSON.parse(payload);
    } catch (_) {
      payload = null;
    }
  }
  if (!payload || typeof payload !== 'object' || !payload.challenge) {
    throw powError('pow_missing', 'The spam check is missing. Reload the page and send again.');
  }
  const algorithm = String(payload.algorithm || '');
  const challenge = String(payload.challenge || '');
  const salt = String(payload.salt || '');
  const signature = String(payload.signature || '');
  const number = Number(payload.number);
  if (algorithm !== 'SHA-256' || !/^[0-9a-f]{64}$/.test(challenge) || !/^[0-9a-f]{64}$/.test(signature) || !(number >= 0) || Math.floor(number) !== number) {
    throw powError('pow_invalid', 'The spam check is not valid. Send again.');
  }
  const opts = options(app);
  if (!opts.pow_secret || !$security.equal($security.hs256(challenge, opts.pow_secret), signature)) {
    throw powError('pow_invalid', 'The spam check is not valid. Send again.');
  }
  if (!$security.equal($security.sha256(salt + number), challenge)) {
    throw powError('pow_invalid', 'The spam check is not valid. Send again.');
  }
  const expiry = /[?&]expires=(\d+)&/.exec(salt);
  if (!expiry || salt.charAt(salt.length - 1) !== '&') {
    throw powError('pow_invalid', 'The spam check is not valid. Send again.');
  }
  if (Number(expiry[1]) * 1000 < Date.now()) {
    throw powError('pow_expired', 'The spam check has expired. Send again.');
  }
  const used = new Record(app.findCollectionByNameOrId('pow_used'));
  used.set('challenge', challenge);
  used.set('expires', dbDate(new Date(Number(expiry[1]) * 1000)));
  try {
    app.save(used);
  } catch (_) {
    throw powError('pow_replayed', 'This spam check was used before. Send again.');
  }
}

// ---------------------------------------------------------------------------------------------
// retention

function monthsAgo(months) {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - months);
  return dbDate(date);
}

/**
 * Deletes enquiries and offer requests created more than `enquiry_retention_months` ago,
 * applications last updated more than `application_retention_months` ago (PocketBase deletes
 * their files with them), spent challenges past their expiry and acknowledgement marks older
 * than two days. Returns the counts.
 */
function purgeOld(app) {
  const opts = options(app);
  const plan = [
    ['contact_messages', 'created < {:cut}', monthsAgo(opts.enquiry_retention_months)],
    ['offer_requests', 'created < {:cut}', monthsAgo(opts.enquiry_retention_months)],
    ['job_applications', 'updated < {:cut}', monthsAgo(opts.application_retention_months)],
    ['pow_used', 'expires < {:cut}', dbDate(new Date())],
    ['acknowledgements', 'created < {:cut}', dbDate(new Date(Date.now() - 2 * 24 * 3600 * 1000))],
  ];
  const counts = {};
  plan.forEach((step) => {
    counts[step[0]] = 0;
    for (;;) {
      let records;
      try {
        records = app.findRecordsByFilter(step[0], step[1], 'created', 200, 0, { cut: step[2] });
      } catch (_) {
        return; // no such collection
      }
      if (records.length === 0) return;
      records.forEach((record) => {
        app.delete(record);
        counts[step[0]]++;
      });
    }
  });
  app.logger().info('lead retention: deleted old records', 'counts', JSON.stringify(counts));
  return counts;
}

module.exports = {
  FORMS: FORMS,
  FIRST_SEND_GRACE_MINUTES: FIRST_SEND_GRACE_MINUTES,
  minutesFromNow: minutesFromNow,
  notify: notify,
  retryDue: retryDue,
  createChallenge: createChallenge,
  verifySolution: verifySolution,
  purgeOld: purgeOld,
  headerText: headerText,
  safeAddress: safeAddress,
};
