/**
 * The mail of a notice: a notification that is neither a booking's news nor an alert
 * (a seller's new review, the seller's reply, a moderator's decision, a report decided). Its
 * outbox row names the notification (`ref`); the mail says what kind of news it is in the
 * platform's words and quotes the notification's text, which may carry what people wrote (a
 * review, a moderator's reason).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { oneLine, quoted } from '../platform/mail/mail-text';

interface NoticeRow {
  kind: string;
  text: string;
  order_id: string | null;
  product_id: string | null;
}

/** Each notice's subject and first sentence. */
const NOTICES: Record<string, { subject: string; sentence: string }> = {
  review: { subject: 'A buyer reviewed you', sentence: 'A buyer reviewed you.' },
  review_reply: {
    subject: 'The seller replied to your review',
    sentence: 'The seller replied to your review.',
  },
  moderation: {
    subject: 'A moderator decided about your account or listing',
    sentence: 'A CarDealer moderator made a decision that concerns you.',
  },
  report_decided: {
    subject: 'Your report was decided',
    sentence: 'A moderator looked at what you reported.',
  },
};

const FOOTER = [
  '--',
  'Lines starting with ">" are quoted from CarDealer users; everything else is from CarDealer.',
];

/** The mail of notification `id`, or null once it is gone (its account was deleted). */
export async function composeNoticeMail(db: Db, id: string | null, origin: string) {
  if (!id) return null;
  const result = await db.execute(sql`
    select kind, text, order_id, product_id from notifications where id = ${id}`);
  const [row] = (result as unknown as { rows: NoticeRow[] }).rows;
  if (!row) return null;
  const notice = NOTICES[row.kind] ?? NOTICES.moderation!;
  const link = row.order_id
    ? `Open the booking: ${origin}/dashboad/orders/${encodeURIComponent(row.order_id)}`
    : row.product_id
      ? `Open the car: ${origin}/cars/${encodeURIComponent(row.product_id)}`
      : `Open CarDealer: ${origin}/`;
  const lines = [notice.sentence, '', ...quoted(row.text), '', link, '', ...FOOTER];
  return {
    subject: `CarDealer: ${oneLine(notice.subject)}`,
    text: `${lines.join('\n')}\n`,
    messageIds: [],
  };
}
