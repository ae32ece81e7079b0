/** What the outbox worker asks of the mail of each kind: the marketplace's domains write them. */
import type { Db } from '../db/client';
import type { MAIL_KINDS } from '../db/schema';

export type MailKind = (typeof MAIL_KINDS)[number];

/** What the worker knows of a row to compose its mail. */
export interface ComposableRow {
  kind: MailKind;
  /** The booking. */
  ref: string | null;
  /** A message mail's messages, as enqueued; an alert's or a digest's notifications. */
  message_ids: string[] | null;
  /** The recipient's account. */
  user_id: string;
}

export interface ComposedMail {
  subject: string;
  text: string;
  /**
   * The messages this mail quotes (a message mail), or the alerts it tells of (an alert mail):
   * the rest wait for the next one.
   */
  messageIds: string[];
  /** Header fields of its own: an alert mail's List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
}

/**
 * Writes the mail of each kind when it is sent (the composition root gives the marketplace's,
 * server/src/marketplace-mail.ts): `prefetch` reads what a whole batch needs at once (a day's
 * digests are many mails at once), `compose` one row's mail, or null when there is nothing left
 * to tell.
 */
export interface MailComposer<Prefetched = unknown> {
  prefetch(
    db: Db,
    rows: { kind: string | null; user_id: string | null; message_ids: string[] | null }[],
  ): Promise<Prefetched>;
  compose(
    db: Db,
    row: ComposableRow,
    origin: string,
    prefetched: Prefetched,
  ): Promise<ComposedMail | null>;
}
