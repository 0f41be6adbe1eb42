/// <reference path="../pb_data/types.d.ts" />

/*
 * The lead pipeline's hooks (pocketbase/README.md, "The lead pipeline"). Each handler requires
 * lead-pipeline/leads.js itself: PocketBase runs handlers in separate VMs, so top-level code here is not
 * visible to them.
 */

const LEAD_COLLECTIONS = ['contact_messages', 'offer_requests', 'job_applications'];

// A visitor's create: the proof-of-work check (superusers, e.g. in the Dashboard, are exempt),
// and the notification state starts empty whatever the request said.
onRecordCreateRequest((e) => {
  const leads = require(`${__hooks}/lead-pipeline/leads.js`);
  if (!e.hasSuperuserAuth()) {
    leads.verifySolution(e.app, e.requestInfo().body['altcha']);
  }
  e.record.set('notified', '');
  e.record.set('notify_attempts', 0);
  e.record.set('notify_error', '');
  // If the server stops before the first send, the retry job takes the record after this.
  e.record.set('notify_next', leads.minutesFromNow(leads.FIRST_SEND_GRACE_MINUTES));
  e.next();
}, ...LEAD_COLLECTIONS);

// After the record is stored (never for a refused one): the notification, once.
onRecordAfterCreateSuccess((e) => {
  const leads = require(`${__hooks}/lead-pipeline/leads.js`);
  leads.notify(e.app, e.record);
  e.next();
}, ...LEAD_COLLECTIONS);

// The proof-of-work challenge for a form. No cookie, nothing stored until a solution is spent.
routerAdd('GET', '/api/sitegen/challenge', (e) => {
  const leads = require(`${__hooks}/lead-pipeline/leads.js`);
  e.response.header().set('Cache-Control', 'no-store');
  return e.json(200, leads.createChallenge(e.app));
});

// Retries the notifications that are due (back-off in lead-pipeline/leads.js), every minute.
cronAdd('sitegen_leads_notify', '* * * * *', () => {
  const leads = require(`${__hooks}/lead-pipeline/leads.js`);
  leads.retryDue($app, false);
});

// Deletes what is older than the retention periods in lead_options, every night.
cronAdd('sitegen_leads_retention', '17 3 * * *', () => {
  const leads = require(`${__hooks}/lead-pipeline/leads.js`);
  leads.purgeOld($app);
});

// For the operator (superusers only): send now every notification that failed, whatever the
// back-off says; with `?due=1`, only the due ones, as the cron job does (PocketBase before v0.24
// has no API to run a cron job). Answers the counts.
routerAdd(
  'POST',
  '/api/sitegen/leads/retry',
  (e) => {
    const leads = require(`${__hooks}/lead-pipeline/leads.js`);
    return e.json(200, leads.retryDue(e.app, e.request.url.query().get('due') !== '1'));
  },
  $apis.requireSuperuserAuth(),
);

// For the operator (superusers only): run the retention job now. Answers what it deleted.
routerAdd(
  'POST',
  '/api/sitegen/leads/retention',
  (e) => {
    const leads = require(`${__hooks}/lead-pipeline/leads.js`);
    return e.json(200, leads.purgeOld(e.app));
  },
  $apis.requireSuperuserAuth(),
);
