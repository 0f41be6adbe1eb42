/**
 * Issue 36, point 3: the optional acknowledgement to the visitor, on both pinned versions. Off
 * unless a form's recipients row asks for it; in the visitor's language with the texts of
 * locales/; none of the visitor's words in it; at most one per address a day.
 */
import { describe, expect, test } from 'vitest';
import { configureMail, json, leadSuite, setOptions, setRecipients, VERSIONS } from '../helpers/lead-backend';
import { contactRecord, liftRateLimits, offerRecord, sleep, visitorCreate } from '../helpers/lead-visitor';
import hu from '../../locales/hu.json' with { type: 'json' };

describe.each(VERSIONS)('acknowledgements on PocketBase %s', (version) => {
  const suite = leadSuite(version, async (server, sink) => {
    await configureMail(server, sink);
    await liftRateLimits(server);
    await setOptions(server, { pow_max_number: 5000 });
    await setRecipients(server, 'contact', '', 'sales@kestrelbyte.example', true);
    await setRecipients(server, 'offer', '', 'offers@kestrelbyte.example');
  });

  test('one acknowledgement in the visitor\'s language, without their words, once a day per address; none where it is off', async () => {
    const { server, sink } = suite;
    const before = sink.messages.length;
    await json(
      visitorCreate(server, 'contact_messages', contactRecord({ name: 'Buy cheap pills at spam.example', email: 'Stranger@Example.org', message: 'Visit https://spam.example now!', locale: 'hu', path: '/hu/kapcsolat' })),
    );
    const mails = (await sink.waitFor(before + 2)).slice(before);
    const ack = mails.find((mail) => mail.to[0] === 'Stranger@Example.org')!;
    expect(mails.find((mail) => mail.to[0] === 'sales@kestrelbyte.example')).toBeDefined();
    expect(ack.parsed.subject).toBe(hu.mail.acknowledgement.subject);
    expect(ack.parsed.text?.trim()).toBe(hu.mail.acknowledgement.body);
    expect(ack.raw).not.toMatch(/spam\.example|pills/i);
    expect(ack.parsed.replyTo).toBeUndefined();

    // The same address again (in other letters' case) the same day: the team is told, the visitor isn't.
    await json(visitorCreate(server, 'contact_messages', contactRecord({ email: 'stranger@example.org' })));
    await sink.waitFor(before + 3);
    // Off for the offer form (its row does not ask for it).
    await json(visitorCreate(server, 'offer_requests', offerRecord({ email: 'other@example.org' })));
    await sink.waitFor(before + 4);
    await sleep(1000);
    expect(sink.messages.slice(before).map((mail) => mail.to[0]).sort()).toEqual(['Stranger@Example.org', 'offers@kestrelbyte.example', 'sales@kestrelbyte.example', 'sales@kestrelbyte.example']);
  });
});
