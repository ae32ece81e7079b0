/**
 * The browser tests' mail sink: a real SMTP server (server/test/smtp-server.ts) that keeps every
 * mail the app server sends, and an HTTP endpoint listing them as JSON, each with its envelope
 * recipient, decoded subject and text, and its header fields as sent (unfolded). Started by
 * e2e/playwright.config.ts as one of its web servers: `node --import tsx e2e/mail-sink.ts`.
 */
import { createServer } from 'node:http';
import { smtpServer } from '../server/test/smtp-server';
import { MAIL_SINK_HTTP_PORT, MAIL_SINK_SMTP_PORT } from './mail-ports';

/** One received mail, as `GET /mails` lists it. */
export interface SunkMail {
  to: string;
  subject: string;
  text: string;
  /** Header fields by lower-case name (a repeated field: its values joined with ', '). */
  headers: Record<string, string>;
}

/** A header's lines (`Name: value`, unfolded) as a record by lower-case name. */
function headerRecord(lines: string[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line
      .slice(colon + 1)
      .replace(/\r\n[ \t]+/g, ' ')
      .trim();
    record[name] = record[name] ? `${record[name]}, ${value}` : value;
  }
  return record;
}

async function main(): Promise<void> {
  const smtp = await smtpServer(MAIL_SINK_SMTP_PORT);
  const http = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/mails') {
      response.writeHead(404).end();
      return;
    }
    const mails: SunkMail[] = smtp.received.map((mail, i) => ({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      headers: headerRecord(smtp.raw[i]?.headers ?? []),
    }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
  });
  await new Promise<void>((resolve) => http.listen(MAIL_SINK_HTTP_PORT, '127.0.0.1', resolve));
  console.log(
    `mail sink: SMTP ${smtp.url()}, mails at http://127.0.0.1:${MAIL_SINK_HTTP_PORT}/mails`,
  );
  const stop = () => {
    http.close();
    void smtp.stop().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
