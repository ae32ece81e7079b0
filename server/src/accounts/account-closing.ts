/**
 * An account closing itself ('Delete my account'). It is deleted as an admin's delete does (the
 * sign-in account, the record and its cars; the other party keeps each past booking, showing
 * 'Deleted user'; reviews stay, signed 'Deleted user': the trigger `users_delete_orders`), after
 * the checks only the account's own delete has: a recent sign-in, the typed confirmation, no open
 * booking. Its mail (sent or waiting) is dropped and a last mail confirms, written in the same
 * transaction as the deletion, so of two deletes at once only the one that deletes mails.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { newId } from '../platform/db/ids';
import { rowsOf } from '../platform/db/rows';

/** What the person types to delete their account. */
export const DELETE_CONFIRMATION = 'delete my account';
/** How recent the sign-in must be to delete the account. */
export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;
export const SIGN_IN_AGAIN =
  'Sign in again: deleting your account needs a sign-in within the last 5 minutes';
export const OPEN_BOOKINGS = 'Cancel or finish these first';

/** An open booking (requested or accepted) that keeps the account from closing. */
export interface OpenBooking {
  _id: string;
  productName: string;
  status: 'requested' | 'accepted';
  /** The account's side of it. */
  role: 'buyer' | 'seller';
  /** The booking's page in the web app. */
  link: string;
}

/** The account's open bookings, as buyer or seller (on its cars), newest first (at most 50). */
export async function openBookingsOf(
  db: Db,
  account: { id: string; email: string },
): Promise<OpenBooking[]> {
  const found = await rowsOf<Omit<OpenBooking, 'link'>>(
    db,
    sql`
    select id as "_id", product_name as "productName", status,
           case when buyer_id = ${account.id} then 'buyer' else 'seller' end as role
    from orders
    where status in ('requested', 'accepted')
      and (buyer_id = ${account.id} or seller_id = ${account.id}
           or product_id in (select id from products where email = ${account.email}))
    order by created_at desc, id desc
    limit 50`,
  );
  return found.map((row) => ({ ...row, link: `/dashboad/orders/${row._id}` }));
}

const FAREWELL_SUBJECT = 'Your CarDealer account is deleted';

function farewellText(name: string): string {
  return [
    `Hello ${name},`,
    '',
    'your CarDealer account is deleted, as you asked: your sign-in, your details and your cars',
    'are gone. The other party of each past booking keeps it, showing "Deleted user", and your',
    'reviews stay, signed "Deleted user".',
    '',
    'If you did not ask for this, reply to this mail.',
    '',
    'CarDealer',
  ].join('\n');
}

/**
 * Deletes the record `id` with its cars, drops the mail waiting for it and enqueues the last one,
 * in one transaction; the record locked first, so a second delete at once waits and finds it
 * gone. Answers whether this call deleted it. `signInUid`: the sign-in account to remember as
 * deleted (its tokens are refused from then on).
 */
export async function deleteOwnRecord(db: Db, id: string, signInUid: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = (await tx.execute(sql`
      select name, email from users where id = ${id} for update`)) as unknown as {
      rows: { name: string; email: string }[];
    };
    const record = locked.rows[0];
    if (!record) return false;
    await tx.execute(sql`
      insert into deleted_accounts (auth_uid) values (${signInUid}) on conflict do nothing`);
    // Its mail, sent or not: nothing more goes to it, and the outbox keeps no log of its address.
    await tx.execute(sql`
      delete from outbox where user_id = ${id} or to_email = ${record.email}`);
    // A finished mail (no kind): it needs no account to be composed for.
    await tx.execute(sql`
      insert into outbox (id, to_email, subject, body)
      values (${newId()}, ${record.email}, ${FAREWELL_SUBJECT}, ${farewellText(record.name)})`);
    await tx.execute(sql`delete from users where id = ${id}`);
    return true;
  });
}
