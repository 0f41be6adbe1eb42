// `npm run backend:check -- [--mail ADDRESS]`: checks a live PocketBase before a release
// (pocketbase/README.md, "Before a release"). The server's address comes from
// SITEGEN_POCKETBASE_URL, a superuser's token from SITEGEN_SUPERUSER_TOKEN (Dashboard >
// Settings > superusers > "Impersonate", or the auth-with-password answer). Prints one line per
// check and what is wrong; exits 1 when anything is, 2 when it can't start.

const REQUIRED_COLLECTIONS = ['contact_messages', 'offer_requests', 'job_applications', 'form_recipients', 'lead_options', 'pow_used', 'acknowledgements'];
const LIMITED = ['contact_messages:create', 'offer_requests:create', 'job_applications:create'];
const FORMS = ['contact', 'clickup', 'offer', 'application'];
const JOBS = ['sitegen_leads_notify', 'sitegen_leads_retention'];

const args = process.argv.slice(2);
const mailAt = args.indexOf('--mail');
const testMail = mailAt >= 0 ? args[mailAt + 1] : undefined;
const base = (process.env.SITEGEN_POCKETBASE_URL ?? '').replace(/\/+$/, '');
const token = process.env.SITEGEN_SUPERUSER_TOKEN ?? '';
if (!base || !token || (mailAt >= 0 && !testMail)) {
  console.error('backend:check: set SITEGEN_POCKETBASE_URL and SITEGEN_SUPERUSER_TOKEN (and give --mail an address)');
  process.exit(2);
}

const problems = [];
const ok = (line) => console.log(`ok    ${line}`);
const wrong = (line) => {
  problems.push(line);
  console.log(`WRONG ${line}`);
};

async function api(path, init = {}) {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { authorization: token, 'content-type': 'application/json', ...init.headers },
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let body;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: response.status, body };
}

async function main() {
  try {
    const health = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(15_000) });
    if (!health.ok) throw new Error(`answers ${health.status}`);
    ok(`reachable: ${base}`);
  } catch (error) {
    wrong(`not reachable: ${base}/api/health (${error.cause?.code ?? error.message})`);
    return;
  }

  const settings = await api('/api/settings');
  if (settings.status !== 200) {
    wrong(`the superuser token is refused (${settings.status}): sign in again and set SITEGEN_SUPERUSER_TOKEN`);
    return;
  }
  ok('superuser token accepted');
  const s = settings.body;

  const collections = await api('/api/collections?perPage=500');
  const byName = new Map((collections.body?.items ?? []).map((collection) => [collection.name, collection]));
  const missing = REQUIRED_COLLECTIONS.filter((name) => !byName.has(name));
  const stateless = ['contact_messages', 'offer_requests'].filter((name) => byName.has(name) && !byName.get(name).fields.some((field) => field.name === 'notify_error'));
  const cv = byName.get('job_applications')?.fields.find((field) => field.name === 'cv');
  if (missing.length > 0 || stateless.length > 0) wrong(`migrations not applied: missing ${[...missing, ...stateless.map((name) => `${name}.notify_error`)].join(', ')} (run the server with this repo's pb_migrations)`);
  else if (!cv?.protected) wrong('job_applications.cv is not a protected file field: CVs would be public');
  else ok('migrations applied (form collections, lead pipeline, job applications with a protected CV)');

  const challenge = await api('/api/sitegen/challenge');
  const crons = await api('/api/crons');
  const jobsMissing = crons.status === 200 ? JOBS.filter((id) => !crons.body.some((job) => job.id === id)) : [];
  if (challenge.status !== 200 || challenge.body?.algorithm !== 'SHA-256' || !challenge.body?.signature) wrong(`hooks not loaded: /api/sitegen/challenge answers ${challenge.status} (start the server with --hooksDir pointing at pb_hooks)`);
  else if (jobsMissing.length > 0) wrong(`hooks loaded, but cron jobs missing: ${jobsMissing.join(', ')}`);
  else ok(`hooks loaded (challenge route${crons.status === 200 ? ', cron jobs' : ''})`);

  const rules = s.rateLimits?.rules ?? [];
  const unlimited = LIMITED.filter((label) => !rules.some((rule) => rule.label === label && rule.audience === ''));
  if (!s.rateLimits?.enabled) wrong('the rate limiter is off (Settings > Application > Rate limiting)');
  else if (unlimited.length > 0) wrong(`no create limit for everyone on ${unlimited.join(', ')}`);
  else ok(`rate limiter on, with ${LIMITED.join(', ')}`);

  const users = byName.get('users');
  if (users && users.createRule !== null) wrong(`sign-up is open: users' create rule is ${JSON.stringify(users.createRule)} (set it to superusers only)`);
  else ok('sign-up closed');

  if (!s.smtp?.enabled || !s.smtp?.host) wrong('SMTP is not configured: PocketBase would fall back to the sendmail command (Settings > Mail settings)');
  else if (!s.meta?.senderAddress) wrong('no sender address (Settings > Mail settings)');
  else ok(`SMTP configured: ${s.smtp.host}:${s.smtp.port}, from ${s.meta.senderAddress}`);
  if (!/^https:\/\//.test(s.meta?.appURL ?? '')) wrong(`the application URL is ${JSON.stringify(s.meta?.appURL ?? '')}: the notifications' Dashboard links need the public https address (Settings > Application)`);
  else ok(`Dashboard links point at ${s.meta.appURL}`);

  if (byName.has('form_recipients')) {
    const rows = (await api('/api/collections/form_recipients/records?perPage=200')).body?.items ?? [];
    const unset = FORMS.filter((form) => !rows.some((row) => row.form === form && String(row.recipients).includes('@')));
    if (unset.length > 0) wrong(`no recipients for the ${unset.join(', ')} form(s) (collection form_recipients)`);
    else ok('recipients set for every form');
  }

  let waiting = 0;
  for (const name of ['contact_messages', 'offer_requests', 'job_applications']) {
    if (!byName.has(name)) continue;
    const list = await api(`/api/collections/${name}/records?perPage=1&filter=${encodeURIComponent('notified = "" && notify_error != ""')}`);
    waiting += list.body?.totalItems ?? 0;
  }
  if (waiting > 0) wrong(`${waiting} record(s) whose notification failed and waits for a retry: see notify_error in the Dashboard`);
  else ok('no notification waiting after a failure');

  if (testMail) {
    const sent = await api('/api/settings/test/email', { method: 'POST', body: JSON.stringify({ email: testMail, template: 'verification' }) });
    if (sent.status === 204 || sent.status === 200) ok(`test mail accepted by the SMTP server for ${testMail}: check that it arrived`);
    else wrong(`test mail to ${testMail} failed (${sent.status}): ${sent.body?.message ?? ''}`);
  }
}

await main();
if (problems.length > 0) {
  console.log(`backend:check: ${problems.length} thing(s) wrong`);
  process.exit(1);
}
console.log('backend:check: ready for a release');
