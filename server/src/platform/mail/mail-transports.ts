/** Where the outbox's mail goes: an SMTP server, or (demo mode) `.eml` files in a folder. */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId: string;
  /** Header fields of its own (an alert mail's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/** Where mail goes: an SMTP server, or (demo mode) `.eml` files in a folder. */
export interface MailTransport {
  send(mail: Mail): Promise<void>;
  close?(): void;
}

/**
 * Through SMTP (`SMTP_URL`, e.g. smtp://user:pass@host:587). Timeouts are short, so a silent
 * server costs a batch seconds, not minutes (the URL's query may set others, e.g. `?socketTimeout=`).
 */
export function smtpTransport(url: string): MailTransport {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
}

/** Each mail as an RFC 822 `<id>.eml` file (demo mode: nothing leaves the machine). */
export function folderTransport(folder: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const { message } = await builder.sendMail(mail);
      await mkdir(folder, { recursive: true });
      // Written whole, then renamed: a reader never sees half a file.
      const temporary = join(folder, `.${mail.id}.eml.tmp`);
      await writeFile(temporary, message);
      await rename(temporary, join(folder, `${mail.id}.eml`));
    },
  };
}
