/**
 * The lead pipeline's tests on a real PocketBase: the pinned servers as the project's helper
 * starts them (scripts/backend/server.ts: 127.0.0.1, a free port, a fresh data folder, this
 * repo's migrations and hooks, a superuser), plus what these tests set on them: the SMTP
 * settings pointed at a test SMTP sink, the form recipients and the lead options.
 */
import { afterAll, beforeAll } from 'vitest';
import { freePort, startServer as startPinned, type RunningServer } from '../../scripts/backend/server';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { SERVERS } from './pocketbase';

export type { RunningServer } from '../../scripts/backend/server';
export { freePort };

/** The pinned versions, oldest first: the oldest the migrations support and the newest release. */
export const VERSIONS: string[] = SERVERS.map((server) => server.version).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));

export function startServer(version: string): Promise<RunningServer> {
  return startPinned({ version });
}

/** A JSON answer, or an error naming the status and body. */
export async function json<T = Record<string, unknown>>(response: Response | Promise<Response>): Promise<T> {
  const answer = await response;
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${answer.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Points the server's mailer at an SMTP server on 127.0.0.1 and names the sender and Dashboard. */
export async function configureMail(server: RunningServer, smtp: { host: string; port: number }): Promise<void> {
  await json(
    server.api('/api/settings', {
      method: 'PATCH',
      superuser: true,
      body: JSON.stringify({
        meta: { appName: 'Kestrelbyte forms', appURL: 'https://forms.kestrelbyte.example', senderName: 'Kestrelbyte website', senderAddress: 'website@kestrelbyte.example' },
        smtp: { enabled: true, host: smtp.host, port: smtp.port, tls: false, username: '', password: '' },
      }),
    }),
  );
}

/** Sets who gets the notifications of a form (in a locale, or every locale with ''). */
export async function setRecipients(server: RunningServer, form: string, locale: string, recipients: string, acknowledge = false): Promise<void> {
  await json(
    server.api('/api/collections/form_recipients/records', {
      method: 'POST',
      superuser: true,
      body: JSON.stringify({ form, locale, recipients, acknowledge }),
    }),
  );
}

/** Changes the lead options record. */
export async function setOptions(server: RunningServer, values: Record<string, unknown>): Promise<void> {
  const list = await json<{ items: Array<{ id: string }> }>(server.api('/api/collections/lead_options/records', { superuser: true }));
  await json(server.api(`/api/collections/lead_options/records/${list.items[0]!.id}`, { method: 'PATCH', superuser: true, body: JSON.stringify(values) }));
}

/**
 * A suite's server and SMTP sink: started before its tests (then `setup`), stopped after them,
 * pass or fail. Read `.server` and `.sink` inside tests.
 */
export function leadSuite(version: string, setup: (server: RunningServer, sink: SmtpSink) => Promise<void> = async () => {}): { server: RunningServer; sink: SmtpSink } {
  const suite = {} as { server: RunningServer; sink: SmtpSink };
  beforeAll(async () => {
    suite.sink = await startSmtpSink();
    suite.server = await startServer(version);
    await setup(suite.server, suite.sink);
  }, 120_000);
  afterAll(async () => {
    await suite.server?.close();
    await suite.sink?.stop();
  });
  return suite;
}
