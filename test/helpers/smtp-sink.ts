/**
 * A real SMTP server for the tests (npm `smtp-server`), bound to 127.0.0.1, that keeps every
 * message it accepts, parsed with `mailparser`. AUTH and STARTTLS are off: PocketBase's mailer
 * upgrades to STARTTLS whenever a server offers it and then verifies the certificate, which a
 * test server can't pass. `stop()` and `start()` again on the same port stand for an SMTP
 * server that goes down and comes back.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../scripts/backend/server';

export interface SinkMessage {
  /** The envelope: what the SMTP client said in MAIL FROM and RCPT TO. */
  from: string;
  to: string[];
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpSink {
  host: string;
  port: number;
  messages: SinkMessage[];
  /** Resolves when at least `count` messages have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<SinkMessage[]>;
  /** Refuses the next messages with a 550 (the server is up but says no) while set. */
  refuse: boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startSmtpSink(port?: number): Promise<SmtpSink> {
  const chosen = port ?? (await freePort());
  let server: SMTPServer | undefined;
  const waiters: Array<() => void> = [];
  const sink: SmtpSink = {
    host: '127.0.0.1',
    port: chosen,
    messages: [],
    refuse: false,
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (sink.messages.length < count) {
        if (Date.now() > deadline) throw new Error(`the SMTP sink got ${sink.messages.length} of ${count} messages within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return sink.messages;
    },
    async start() {
      server = new SMTPServer({
        disabledCommands: ['AUTH', 'STARTTLS'],
        authOptional: true,
        logger: false,
        size: 40 * 1024 * 1024,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            if (sink.refuse) {
              callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
              return;
            }
            const raw = Buffer.concat(chunks).toString('latin1');
            simpleParser(Buffer.concat(chunks)).then(
              (parsed) => {
                sink.messages.push({
                  from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                  to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
                  raw,
                  parsed,
                });
                waiters.splice(0).forEach((wake) => wake());
                callback();
              },
              (error: Error) => callback(error),
            );
          });
        },
      });
      const current = server;
      await new Promise<void>((resolve, reject) => {
        current.once('error', reject);
        current.listen(chosen, '127.0.0.1', () => resolve());
      });
    },
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
  await sink.start();
  return sink;
}
