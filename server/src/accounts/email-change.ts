/**
 * A change of e-mail. The account asks for it (signed in within the last 5 minutes); the new
 * address gets a link to confirm it and the old one a notice with a link that undoes it for 7
 * days. Nothing changes until the new address confirms: then the sign-in account's e-mail, the
 * record's and every copy of it (the seller's cars, the bookings, messages, notifications and
 * mail waiting to go) move together, the database's in one transaction. When the new address
 * belongs to another account, it is told so instead, and nothing changes; the caller's answer is
 * the same either way (the work happens after it).
 */
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { codeHash, LINK_EXPIRED, type CodeOwner } from './account-codes';
import type { AccountMailDeps } from './account-mail';
import { mailAddressTaken, mailChangeConfirmation, mailChangeNotice } from './email-change-mail';
import { signOutEverywhere } from './sign-out-everywhere';
import type { Db } from '../platform/db/client';
import { isUniqueViolation } from '../platform/db/db-errors';
import { newId } from '../platform/db/ids';
import { rowsOf } from '../platform/db/rows';
import { httpError } from '../platform/http/errors';

/** Requests of a change of e-mail per account, and per new address, in an hour. */
export const EMAIL_CHANGES_PER_HOUR = 3;

export const CHANGE_SIGN_IN_AGAIN =
  'Sign in again: changing your e-mail needs a sign-in within the last 5 minutes';
export const ADDRESS_TAKEN =
  'That address belongs to another account now: your e-mail stays as it was';
export const SAME_ADDRESS = 'email: that is your e-mail already';

/** The answer to every request of a change, whoever has the new address. */
export const changeAnswer = (email: string) =>
  `We sent a link to ${email}: your e-mail changes when you open it (within an hour). ` +
  'Your current address got a notice.';

/** The account asking, as the request knows it. */
export interface ChangingAccount {
  _id: string;
  email: string;
  name: string;
  /** Its sign-in account (Firebase uid). */
  uid: string;
}

/** A new code of the server's own: 43 URL-safe characters. */
const newCode = () => randomBytes(32).toString('base64url');

/**
 * Records the two codes of a change (the new address's confirmation and the old address's undo
 * link), unless the account, or the new address, had EMAIL_CHANGES_PER_HOUR requests in the last
 * hour: null then. An earlier change still waiting is called off (its link stops working).
 */
async function recordChange(db: Db, account: ChangingAccount, address: string) {
  const codes = { change: newCode(), undo: newCode() };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`account-mail:${account._id}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-change:${address}`}))`);
    const counts = await rowsOf<{ mine: number; theirs: number }>(
      tx,
      sql`select
        (select count(*)::int from account_codes where user_id = ${account._id}
           and purpose = 'email_change' and created_at > now() - interval '1 hour') as mine,
        (select count(*)::int from account_codes where address = ${address}
           and purpose = 'email_change' and created_at > now() - interval '1 hour') as theirs`,
    );
    const { mine = 0, theirs = 0 } = counts[0] ?? {};
    if (mine >= EMAIL_CHANGES_PER_HOUR || theirs >= EMAIL_CHANGES_PER_HOUR) return null;
    await tx.execute(sql`
      update account_codes set used_at = now()
      where user_id = ${account._id} and purpose = 'email_change' and used_at is null`);
    await tx.execute(sql`
      insert into account_codes (id, user_id, purpose, code_hash, address) values
        (${newId()}, ${account._id}, 'email_change', ${codeHash(codes.change)}, ${address}),
        (${newId()}, ${account._id}, 'email_undo', ${codeHash(codes.undo)}, ${account.email})`);
    return codes;
  });
}

/** Whether `address` is another account's: a record's, or a sign-in account's (an admin's too). */
async function takenByAnother(
  deps: AccountMailDeps,
  address: string,
  uid: string | null,
): Promise<boolean> {
  const [record] = await rowsOf<{ authUid: string | null }>(
    deps.db,
    sql`select auth_uid as "authUid" from users where email = ${address}`,
  );
  if (record && (record.authUid === null || record.authUid !== uid)) return true;
  const signInAccount = await deps.signIn
    .getUserByEmail(address)
    .catch((error: { code?: string }) => {
      if (error.code === 'auth/user-not-found') return null;
      throw error;
    });
  return signInAccount !== null && signInAccount.uid !== uid;
}

/**
 * What the server does after answering a request of a change: the codes recorded, the new
 * address mailed a confirmation link (or, when it is another account's, the notice that it
 * is), the old address the notice with its undo link. Nothing over the hourly limits.
 */
export async function requestEmailChange(
  deps: AccountMailDeps,
  account: ChangingAccount,
  address: string,
): Promise<void> {
  const codes = await recordChange(deps.db, account, address);
  if (!codes) return;
  if (await takenByAnother(deps, address, account.uid)) {
    await deps.codes.use(codes.change, 'email_change');
    await mailAddressTaken(deps, account, address);
  } else {
    await mailChangeConfirmation(deps, account, address, codes.change);
  }
  await mailChangeNotice(deps, account, address, codes.undo);
}

/**
 * Moves the record and every copy of its e-mail to `to`, in one transaction: the seller's cars
 * (their key follows), the bookings of either side, the messages written, the notifications and
 * the mail still waiting. The address counts as confirmed: its owner opened the link mailed to
 * it. False when the record no longer has the e-mail `from`.
 */
async function moveRecords(db: Db, userId: string, from: string, to: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const moved = await rowsOf<{ id: string }>(
      tx,
      sql`update users set email = ${to}, email_confirmed = true
          where id = ${userId} and email = ${from} returning id`,
    );
    if (moved.length === 0) return false;
    await tx.execute(sql`update orders set buyer_email = ${to} where buyer_id = ${userId}`);
    await tx.execute(sql`update orders set seller_email = ${to} where seller_id = ${userId}`);
    await tx.execute(sql`update messages set sender_email = ${to} where sender_id = ${userId}`);
    await tx.execute(sql`update notifications set user_email = ${to} where user_id = ${userId}`);
    await tx.execute(sql`
      update outbox set to_email = ${to}
      where user_id = ${userId} and to_email = ${from} and sent_at is null`);
    return true;
  });
}

/**
 * Moves the account to the address `to`: the sign-in account first (the provider refuses an
 * address it has already), then the database; should the database refuse, the sign-in account
 * goes back. 409 when the address is another account's.
 */
async function moveAccount(deps: AccountMailDeps, owner: CodeOwner, to: string): Promise<void> {
  const uid = owner.authUid;
  if (!uid) throw httpError(400, LINK_EXPIRED);
  if (owner.email === to) return;
  if (await takenByAnother(deps, to, uid)) throw httpError(409, ADDRESS_TAKEN);
  await deps.signIn.updateUser(uid, { email: to, emailVerified: true }).catch((error) => {
    const code = (error as { code?: string }).code;
    if (code === 'auth/email-already-exists') throw httpError(409, ADDRESS_TAKEN);
    throw error;
  });
  let moved = false;
  try {
    moved = await moveRecords(deps.db, owner.userId, owner.email, to);
  } catch (error) {
    await deps.signIn.updateUser(uid, { email: owner.email });
    if (isUniqueViolation(error)) throw httpError(409, ADDRESS_TAKEN);
    throw error;
  }
  if (!moved) {
    await deps.signIn.updateUser(uid, { email: owner.email });
    throw httpError(400, LINK_EXPIRED);
  }
}

/** The new address's link opened: the change takes effect. Answers the account's new e-mail. */
export async function confirmEmailChange(deps: AccountMailDeps, code: string): Promise<string> {
  const owner = await deps.codes.use(code, 'email_change');
  if (!owner?.address) throw httpError(400, LINK_EXPIRED);
  try {
    await moveAccount(deps, owner, owner.address);
  } catch (error) {
    // Refused for now (the address taken, the provider down): the link is not spent.
    await deps.codes.release(owner.codeId);
    throw error;
  }
  return owner.address;
}

/**
 * The old address's link opened (within 7 days): the account has that address again, a change
 * still waiting is called off, and every session of the account ends. Answers the address.
 */
export async function undoEmailChange(deps: AccountMailDeps, code: string): Promise<string> {
  const owner = await deps.codes.use(code, 'email_undo');
  if (!owner?.address) throw httpError(400, LINK_EXPIRED);
  await deps.codes.useAll(owner.userId, 'email_change');
  try {
    await moveAccount(deps, owner, owner.address);
  } catch (error) {
    await deps.codes.release(owner.codeId);
    throw error;
  }
  await signOutEverywhere(deps, { userId: owner.userId, uid: owner.authUid });
  return owner.address;
}
