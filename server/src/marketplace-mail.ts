/**
 * The marketplace's mail: each kind of outbox row written by the domain it tells of (a booking's
 * news, an alert, a digest, a moderation notice), and the outbox worker that sends them.
 */
import { sql } from 'drizzle-orm';
import { composeAlertMail } from './alerts/alert-mail';
import { prefetchAlerts, type PrefetchedAlerts } from './alerts/alert-rows';
import { composeDigestMail } from './alerts/digest-mail';
import { composeBookingMail } from './bookings/mail-compose';
import type { Db } from './platform/db/client';
import type { ComposableRow, ComposedMail, MailComposer } from './platform/mail/composer';
import { OutboxWorker, type MailWorkerOptions } from './platform/mail/mail-worker';
import type { MailTransport } from './platform/mail/mail-transports';
import { composeNoticeMail } from './trust/notice-mail';

/**
 * Whether the row's mail may go to its account's address: mail that is not about the account's
 * own bookings or a moderator's decision about it (alerts, digests, review and report notices)
 * goes only to a confirmed address; a booking's news and messages only while the account keeps
 * 'Booking and message e-mails' on. The bell has them either way.
 */
async function mayMail(db: Db, row: ComposableRow): Promise<boolean> {
  if (row.kind !== 'alert' && row.kind !== 'digest' && row.kind !== 'notice') {
    const result = await db.execute(sql`
      select coalesce((select booking_mails from users where id = ${row.user_id}), true) as may`);
    const [found] = (result as unknown as { rows: { may: boolean }[] }).rows;
    return found?.may ?? true;
  }
  const result = await db.execute(sql`
    select u.email_confirmed or coalesce(n.kind = 'moderation', false) as may
    from users u left join notifications n on ${row.kind === 'notice'} and n.id = ${row.ref}
    where u.id = ${row.user_id}`);
  const [found] = (result as unknown as { rows: { may: boolean }[] }).rows;
  return found?.may ?? false;
}

/** The mail of `row`, or null when there is nothing left to tell (its messages are gone). */
export async function composeMail(
  db: Db,
  row: ComposableRow,
  origin: string,
  /** The alerts of the worker's batch, read at once (alert and digest mails). */
  prefetched?: PrefetchedAlerts | null,
): Promise<ComposedMail | null> {
  // Not mailed to an unconfirmed address: sent as nothing (the notification stays in the bell).
  if (!(await mayMail(db, row))) return null;
  if (row.kind === 'alert' || row.kind === 'digest') {
    const compose = row.kind === 'alert' ? composeAlertMail : composeDigestMail;
    const mail = await compose(db, row, origin, prefetched);
    return mail && { ...mail, messageIds: row.message_ids ?? [] };
  }
  // A notice names its notification.
  if (row.kind === 'notice') return composeNoticeMail(db, row.ref, origin);
  return composeBookingMail(db, row, origin);
}

export const marketplaceMail: MailComposer<PrefetchedAlerts | null> = {
  prefetch: prefetchAlerts,
  compose: composeMail,
};

/** The outbox worker with the marketplace's mail. */
export class MailWorker extends OutboxWorker<PrefetchedAlerts | null> {
  constructor(db: Db, transport: MailTransport, options: MailWorkerOptions) {
    super(db, transport, options, marketplaceMail);
  }
}
