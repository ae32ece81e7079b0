/**
 * Writes an outbox row's mail when it is sent, from its kind and the booking and messages as they
 * are then (the trigger `notifications_insert` only enqueues). The platform's words and links stand
 * on lines of their own; everything a user wrote (names, the car's name, a reason, messages) is
 * quoted ('> '), and a subject holds names on one line only (see mail-text.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import type { ComposableRow, ComposedMail, MailKind } from '../platform/mail/composer';
import { oneLine, quoted, quotedLine } from '../platform/mail/mail-text';
import { moveText } from './order-states';

/** The kinds that tell of a booking's new state. */
type StateKind = Exclude<MailKind, 'message' | 'alert' | 'digest' | 'notice'>;

interface Booking {
  product_name: string;
  buyer_name: string;
  seller_name: string;
  reason: string | null;
}

interface MessageRow {
  id: string;
  sender_name: string;
  text: string;
  at: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const FOOTER = [
  '--',
  'Lines starting with ">" are quoted from CarDealer users; everything else is from CarDealer.',
];

/** A booking's mail: its new state, or its new messages (null: they are gone). */
export async function composeBookingMail(
  db: Db,
  row: ComposableRow,
  origin: string,
): Promise<ComposedMail | null> {
  const [booking] = row.ref
    ? rowsOf<Booking>(
        await db.execute(sql`
          select product_name, buyer_name, seller_name, reason from orders where id = ${row.ref}`),
      )
    : [];
  const link = row.ref
    ? `Open the booking: ${origin}/dashboad/orders/${encodeURIComponent(row.ref)}`
    : `Open your bookings: ${origin}/dashboad`;

  if (row.kind === 'message') {
    const ids = row.message_ids ?? [];
    const found = ids.length
      ? rowsOf<MessageRow>(
          await db.execute(sql`
            select id, sender_name, text,
              to_char(created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as at
            from messages where id in ${ids} order by created_at, id`),
        )
      : [];
    if (found.length === 0) return null;
    return { ...messagesMail(found, booking, link), messageIds: ids };
  }
  // The marketplace's composer hands this function a booking's kinds only.
  return { ...stateMail(row.kind as StateKind, booking, link), messageIds: [] };
}

function messagesMail(found: MessageRow[], booking: Booking | undefined, link: string) {
  const n = found.length;
  const count = n === 1 ? '1 new message' : `${n} new messages`;
  const sender = found[found.length - 1]!.sender_name;
  const car = booking ? ` about ${oneLine(booking.product_name)}` : '';
  const lines = [
    `You have ${count} about a booking.`,
    '',
    'From:',
    quotedLine(sender),
    ...(booking ? ['', 'Car:', quotedLine(booking.product_name)] : []),
  ];
  found.forEach((message, index) => {
    lines.push(
      '',
      n === 1 ? `Message, ${message.at} UTC:` : `Message ${index + 1} of ${n}, ${message.at} UTC:`,
    );
    lines.push(...quoted(message.text));
  });
  lines.push('', link, '', ...FOOTER);
  return {
    subject: `CarDealer: ${count} from ${oneLine(sender)}${car}`,
    text: `${lines.join('\n')}\n`,
  };
}

/** The platform's sentence for each move, and who the recipient hears of. */
const STATES: Record<StateKind, { sentence: string; party: 'Buyer' | 'Seller' | null }> = {
  requested: { sentence: 'A buyer booked your car.', party: 'Buyer' },
  accepted: { sentence: 'The seller accepted your booking.', party: 'Seller' },
  declined: { sentence: 'Your booking was declined.', party: 'Seller' },
  cancelled: { sentence: 'The buyer cancelled the booking.', party: 'Buyer' },
  sold: { sentence: 'The seller marked the car as sold to you.', party: 'Seller' },
  status: { sentence: 'One of your bookings changed.', party: null },
};

function stateMail(kind: StateKind, booking: Booking | undefined, link: string) {
  const { sentence, party } = STATES[kind];
  const lines = [sentence];
  let subject = 'A booking of yours changed';
  if (booking) {
    const names = {
      productName: oneLine(booking.product_name),
      buyerName: oneLine(booking.buyer_name),
    };
    subject =
      kind === 'requested'
        ? `${names.buyerName} booked ${names.productName}`
        : kind === 'status'
          ? `A booking of ${names.productName} changed`
          : moveText(kind, names);
    lines.push('', 'Car:', quotedLine(booking.product_name));
    if (party) {
      lines.push('', `${party}:`);
      lines.push(quotedLine(party === 'Buyer' ? booking.buyer_name : booking.seller_name));
    }
    if (kind === 'declined' && booking.reason) {
      lines.push('', 'Reason given:', ...quoted(booking.reason));
    }
  }
  lines.push('', link, '', ...FOOTER);
  return { subject: `CarDealer: ${subject}`, text: `${lines.join('\n')}\n` };
}
