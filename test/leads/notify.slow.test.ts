/**
 * Issue 36, points 1 and 2: a notification mail for every stored enquiry, sent by the hooks
 * through PocketBase's mailer to a real SMTP server on 127.0.0.1; and a mail failure that loses
 * nothing (the retry job sends it once the SMTP server is back). Both pinned versions.
 */
import { describe, expect, test } from 'vitest';
import { configureMail, json, setOptions, setRecipients, leadSuite, VERSIONS, type RunningServer } from '../helpers/lead-backend';
import { contactRecord, liftRateLimits, offerRecord, readRecord, sleep, solution, visitorCreate } from '../helpers/lead-visitor';
import type { SmtpSink } from '../helpers/smtp-sink';

describe.each(VERSIONS)('notifications on PocketBase %s', (version) => {
  let server: RunningServer;
  let sink: SmtpSink;

  leadSuite(version, async (started, startedSink) => {
    server = started;
    sink = startedSink;
    await configureMail(server, sink);
    await liftRateLimits(server);
    // Quicker solutions: these tests are about the mail (the difficulty is tested in proof-of-work).
    await setOptions(server, { pow_max_number: 5000 });
    await setRecipients(server, 'contact', '', 'sales@kestrelbyte.example');
    await setRecipients(server, 'contact', 'de', 'vertrieb@kestrelbyte.example, dach@kestrelbyte.example');
    await setRecipients(server, 'offer', '', 'offers@kestrelbyte.example;\nsales@kestrelbyte.example');
    await setRecipients(server, 'clickup', '', 'clickup@kestrelbyte.example, not an address');
  });


  /** Sends, expects it stored, and returns the mail that arrived for it. */
  async function sendAndReceive(collection: string, record: Record<string, unknown>) {
    const before = sink.messages.length;
    const created = await json<{ id: string }>(visitorCreate(server, collection, record));
    const messages = await sink.waitFor(before + 1);
    await sleep(300); // a second mail would have arrived by now
    expect(sink.messages.length).toBe(before + 1);
    return { id: created.id, mail: messages[before]! };
  }

  test('a Hungarian enquiry arrives once, UTF-8 intact, Reply-To the visitor, every field, page and Dashboard link', async () => {
    const { id, mail } = await sendAndReceive(
      'contact_messages',
      contactRecord({
        name: 'Árvíztűrő Tükörfúrógép',
        email: 'tukor@pelda.hu',
        company: 'Őszibarack Kft. <b>&co</b>',
        phone: '+36 30 123 4567',
        message: 'Szeretnénk egy ügyfélportált.\nMásodik sor: „idézet” – ő, ű, ä, ß, 😀',
        locale: 'hu',
        path: '/hu/kapcsolat',
      }),
    );
    expect(mail.to).toEqual(['sales@kestrelbyte.example']);
    expect(mail.from).toBe('website@kestrelbyte.example');
    const parsed = mail.parsed;
    expect(parsed.replyTo?.value.map((a) => a.address)).toEqual(['tukor@pelda.hu']);
    expect(parsed.subject).toBe('New enquiry via the contact form from Árvíztűrő Tükörfúrógép <tukor@pelda.hu>');
    expect(parsed.text).toContain('Szeretnénk egy ügyfélportált.\nMásodik sor: „idézet” – ő, ű, ä, ß, 😀');
    expect(parsed.text).toContain('Őszibarack Kft. <b>&co</b>');
    expect(parsed.text).toContain('+36 30 123 4567');
    expect(parsed.text).toContain('Language:\nhu');
    expect(parsed.text).toContain('Page:\nhttps://www.kestrelbyte.example/hu/kapcsolat');
    const collectionId = ((await json(server.api('/api/collections/contact_messages', { superuser: true }))) as { id: string }).id;
    const dashboard = `https://forms.kestrelbyte.example/_/#/collections?collection=${collectionId}&recordId=${id}`;
    expect(parsed.text).toContain(dashboard);
    // The HTML part: the visitor's markup escaped, the link there.
    const html = String(parsed.html);
    expect(html).toContain('Őszibarack Kft. &lt;b&gt;&amp;co&lt;/b&gt;');
    expect(html).not.toContain('<b>&co</b>');
    expect(html).toContain(`href="${dashboard.replace(/&/g, '&amp;')}"`);
    expect(html).toContain('„idézet” – ő, ű, ä, ß, 😀');
    // Stored as notified.
    const stored = await readRecord(server, 'contact_messages', id);
    expect(stored.notified).not.toBe('');
    expect(stored.notify_error).toBe('');
    expect(stored.notify_next).toBe('');
  });

  test('recipients follow the form and the locale; a locale without a row of its own uses the form-wide row', async () => {
    const german = await sendAndReceive('contact_messages', contactRecord({ locale: 'de', path: '/de/kontakt', name: 'Jürgen Groß' }));
    expect(german.mail.to).toEqual(['vertrieb@kestrelbyte.example', 'dach@kestrelbyte.example']);
    expect(german.mail.parsed.subject).toBe('New enquiry via the contact form from Jürgen Groß <ada@example.org>');
    const offer = await sendAndReceive('offer_requests', offerRecord({ locale: 'de', path: '/de/angebot', services: ['it-outsourcing', 'clickup-onboarding'] }));
    expect(offer.mail.to).toEqual(['offers@kestrelbyte.example', 'sales@kestrelbyte.example']);
    expect(offer.mail.parsed.subject).toBe('New offer request via the offer form from Bea Buyer <bea@example.org>');
    expect(offer.mail.parsed.text).toContain('Services:\nit-outsourcing, clickup-onboarding');
    expect(offer.mail.parsed.text).toContain('Budget:\n5k-15k');
    // A line of the recipients that is no address is left out, the others still get the mail.
    const clickup = await sendAndReceive('contact_messages', contactRecord({ form: 'clickup', path: '/clickup-onboarding/contact' }));
    expect(clickup.mail.to).toEqual(['clickup@kestrelbyte.example']);
    expect(clickup.mail.parsed.subject).toContain('via the ClickUp onboarding form');
  });

  test('no field adds a header or a recipient: CR/LF, commas and encoded words stay text', async () => {
    const { mail } = await sendAndReceive(
      'contact_messages',
      contactRecord({
        name: 'Eve\r\nBcc: victim@example.com\r\nX-Evil: 1',
        email: 'eve,victim@evil.example',
        company: 'Evil\nCc: other@example.com',
        message: 'Hello\r\n.\r\nRCPT TO:<victim2@example.com>\r\nBcc: victim3@example.com',
      }),
    );
    expect(mail.to).toEqual(['sales@kestrelbyte.example']);
    const headers = mail.raw.split(/\r\n\r\n/)[0]!;
    expect(headers).not.toMatch(/^(Bcc|Cc|X-Evil):/im);
    expect(mail.parsed.replyTo).toBeUndefined(); // not one plain address: not used as Reply-To
    expect(mail.parsed.text).toContain('not set as Reply-To');
    expect(mail.parsed.subject).toBe('New enquiry via the contact form from Eve Bcc: victim@example.com X-Evil: 1');

    const encoded = await sendAndReceive(
      'contact_messages',
      contactRecord({ name: '=?utf-8?b?U2FsZXMgdGVhbQ==?= <boss@kestrelbyte.example>', email: '=?utf-8?q?boss?=@evil.example' }),
    );
    expect(encoded.mail.parsed.subject).not.toContain('Sales team');
    expect(encoded.mail.parsed.subject).toContain('= ?utf-8?b?U2FsZXMgdGVhbQ== ?= <boss@kestrelbyte.example>');
    expect(encoded.mail.parsed.replyTo).toBeUndefined();
    expect(encoded.mail.to).toEqual(['sales@kestrelbyte.example']);
  });

  test('a refused record sends no mail; a visitor cannot set the notification state', async () => {
    const before = sink.messages.length;
    const honeypot = await visitorCreate(server, 'contact_messages', contactRecord({ website: 'http://spam.example' }));
    expect(honeypot.status).toBe(400);
    const invalid = await visitorCreate(server, 'contact_messages', contactRecord({ message: 'short' }));
    expect(invalid.status).toBe(400);
    const unsolved = await server.api('/api/collections/contact_messages/records', { method: 'POST', body: JSON.stringify(contactRecord()) });
    expect(unsolved.status).toBe(400);
    await sleep(1000);
    expect(sink.messages.length).toBe(before);

    const forged = await json<{ id: string }>(
      visitorCreate(server, 'contact_messages', contactRecord({ notified: '2020-01-01 00:00:00.000Z', notify_attempts: 99, notify_error: 'x', notify_next: '2099-01-01 00:00:00.000Z' })),
    );
    await sink.waitFor(before + 1);
    const stored = await readRecord(server, 'contact_messages', forged.id);
    expect(stored.notify_attempts).toBe(0);
    expect(stored.notify_error).toBe('');
    expect(String(stored.notified) > '2026').toBe(true);
  });

  test('SMTP down: the visitor is answered, the record keeps the error, the retry job sends exactly one mail per record once it is back', async () => {
    await sink.stop();
    const before = sink.messages.length;
    const first = await json<{ id: string }>(visitorCreate(server, 'contact_messages', contactRecord({ name: 'During outage one' })));
    const second = await json<{ id: string }>(visitorCreate(server, 'offer_requests', offerRecord({ name: 'During outage two' })));
    for (const [collection, id] of [['contact_messages', first.id], ['offer_requests', second.id]] as const) {
      const stored = await readRecord(server, collection, id);
      expect(stored.notified).toBe('');
      expect(stored.notify_attempts).toBe(1);
      expect(String(stored.notify_error)).toMatch(/connect|refused/i);
      // back-off: the first retry a minute later
      const wait = Date.parse(String(stored.notify_next).replace(' ', 'T')) - Date.now();
      expect(wait).toBeGreaterThan(30_000);
      expect(wait).toBeLessThanOrEqual(61_000);
    }

    // The job while the server is still down: a second failure, the wait doubles.
    await server.api(`/api/collections/contact_messages/records/${first.id}`, { method: 'PATCH', superuser: true, body: JSON.stringify({ notify_next: '2000-01-01 00:00:00.000Z' }) });
    await runDueJob(server);
    await waitUntil(async () => (await readRecord(server, 'contact_messages', first.id)).notify_attempts === 2);
    const twice = await readRecord(server, 'contact_messages', first.id);
    const wait = Date.parse(String(twice.notify_next).replace(' ', 'T')) - Date.now();
    expect(wait).toBeGreaterThan(90_000);
    expect(wait).toBeLessThanOrEqual(121_000);

    // Back up: the job sends each due record once; running it again sends nothing more.
    await sink.start();
    for (const [collection, id] of [['contact_messages', first.id], ['offer_requests', second.id]] as const) {
      await server.api(`/api/collections/${collection}/records/${id}`, { method: 'PATCH', superuser: true, body: JSON.stringify({ notify_next: '2000-01-01 00:00:00.000Z' }) });
    }
    await runDueJob(server);
    await sink.waitFor(before + 2);
    await runDueJob(server);
    await json(server.api('/api/sitegen/leads/retry', { method: 'POST', superuser: true }));
    await sleep(1000);
    const arrived = sink.messages.slice(before).map((m) => m.parsed.subject).sort();
    expect(arrived).toEqual([
      'New enquiry via the contact form from During outage one <ada@example.org>',
      'New offer request via the offer form from During outage two <bea@example.org>',
    ]);
    const sent = await readRecord(server, 'contact_messages', first.id);
    expect(sent.notified).not.toBe('');
    expect(sent.notify_error).toBe('');
  });

  test('an SMTP server that refuses counts as a failure; repeated failures are logged loudly and the record is kept', async () => {
    sink.refuse = true;
    try {
      const before = sink.messages.length;
      const record = await json<{ id: string }>(visitorCreate(server, 'contact_messages', contactRecord({ name: 'Refused' })));
      let stored = await readRecord(server, 'contact_messages', record.id);
      expect(stored.notify_attempts).toBe(1);
      expect(String(stored.notify_error)).toMatch(/550/);
      await server.api(`/api/collections/contact_messages/records/${record.id}`, {
        method: 'PATCH',
        superuser: true,
        body: JSON.stringify({ notify_attempts: 4, notify_next: '2000-01-01 00:00:00.000Z' }),
      });
      await runDueJob(server);
      await waitUntil(async () => (await readRecord(server, 'contact_messages', record.id)).notify_attempts === 5);
      await waitUntil(async () => server.output().includes(`LEAD NOT NOTIFIED after 5 attempts: contact_messages/${record.id}`));
      stored = await readRecord(server, 'contact_messages', record.id);
      expect(stored.notified).toBe('');
      expect(sink.messages.length).toBe(before);
      // Still retried after that: the record is sent once the server accepts again.
      sink.refuse = false;
      await json(server.api('/api/sitegen/leads/retry', { method: 'POST', superuser: true }));
      await sink.waitFor(before + 1);
    } finally {
      sink.refuse = false;
    }
  });

  test('the cron job itself is registered and sends a due record (crons API, v0.24 and newer)', async () => {
    const crons = await server.api('/api/crons', { superuser: true });
    if (version === 'v0.23.12') {
      expect(crons.status).toBe(404); // no crons API: the route above runs the same job
      return;
    }
    const jobs = (await crons.json()) as Array<{ id: string; expression: string }>;
    expect(jobs).toEqual(expect.arrayContaining([
      { id: 'sitegen_leads_notify', expression: '* * * * *' },
      { id: 'sitegen_leads_retention', expression: '17 3 * * *' },
    ]));
    await sink.stop();
    const before = sink.messages.length;
    const record = await json<{ id: string }>(visitorCreate(server, 'contact_messages', contactRecord({ name: 'Cron' })));
    await sink.start();
    await server.api(`/api/collections/contact_messages/records/${record.id}`, { method: 'PATCH', superuser: true, body: JSON.stringify({ notify_next: '2000-01-01 00:00:00.000Z' }) });
    expect((await server.api('/api/crons/sitegen_leads_notify', { method: 'POST', superuser: true })).status).toBe(204);
    await sink.waitFor(before + 1);
    await sleep(500);
    expect(sink.messages.length).toBe(before + 1);
  });

  test('the solution travels in the create body only: the challenge route sets no cookie', async () => {
    const response = await server.api('/api/sitegen/challenge');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await solution(server)).toHaveProperty('number');
  });
});

/** Runs the retry job's due pass now, as the cron does every minute. */
async function runDueJob(server: RunningServer): Promise<void> {
  await json(server.api('/api/sitegen/leads/retry?due=1', { method: 'POST', superuser: true }));
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(100);
  }
}
