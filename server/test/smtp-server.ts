import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string;
  subject: string;
  messageId: string;
  text: string;
}

/** A received mail as it came over the wire, for the tests that read its header lines. */
export interface ReceivedRaw {
  to: string;
  /** The message's header, unfolded: one entry per header field. */
  headers: string[];
  /** The whole message as sent. */
  source: string;
}

type Answer = 'accept' | 'busy' | 'reject';

/**
 * A real SMTP server on a port of its own (`port`, or one the system picks), keeping what it
 * accepts. It can answer 451 (try later) or 550 (refused) instead, and be stopped and started
 * again on the same port. The browser tests' mail sink (e2e/mail-sink.ts) is one too.
 */
export async function smtpServer(port = 0) {
  const received: Received[] = [];
  const raw: ReceivedRaw[] = [];
  /** Mails whose data has begun to arrive (a worker has one in hand until it is answered). */
  let arriving = 0;
  let answer: Answer = 'accept';
  let delayMs = 0;
  let server: SMTPServer | null = null;
  const listen = async () => {
    const next = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        arriving += 1;
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const source = Buffer.concat(chunks);
          simpleParser(source)
            .then(async (mail) => {
              if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
              if (answer === 'busy') {
                callback(Object.assign(new Error('mailbox busy'), { responseCode: 451 }));
              } else if (answer === 'reject') {
                callback(Object.assign(new Error('no such mailbox'), { responseCode: 550 }));
              } else {
                received.push({
                  to,
                  subject: mail.subject ?? '',
                  messageId: mail.messageId ?? '',
                  text: mail.text ?? '',
                });
                const text = source.toString('utf8');
                const head = text.slice(0, text.indexOf('\r\n\r\n'));
                raw.push({ to, headers: head.split(/\r\n(?![ \t])/), source: text });
                callback();
              }
            })
            .catch((error: Error) => callback(error));
        });
      },
    });
    await new Promise<void>((resolve) => next.listen(port, '127.0.0.1', resolve));
    port = (next.server.address() as AddressInfo).port;
    server = next;
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (server) server.close(() => resolve());
      else resolve();
      server = null;
    });
  await listen();
  return {
    received,
    raw,
    arriving: () => arriving,
    url: () => `smtp://127.0.0.1:${port}`,
    answer: (next: Answer) => (answer = next),
    delay: (ms: number) => (delayMs = ms),
    start: listen,
    stop,
  };
}

/** Polls `check` until it answers something truthy (or fails after `ms`). */
export async function eventually<T>(check: () => Promise<T>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
