/**
 * 'Sign out everywhere': every session of an account ends, on every device and every replica.
 * The sign-in provider revokes the account's refresh tokens (no browser gets a new ID token from
 * an old sign-in), the record's `tokens_valid_after` refuses every API access token issued before
 * now (the access check reads the record on every call, on whichever replica: nothing is cached),
 * and every replica ends the account's live event streams. A password reset and a password
 * change call it too.
 */
import { sql } from 'drizzle-orm';
import type { SignInProvider } from '../platform/caller/access';
import type { Db } from '../platform/db/client';
import { httpError } from '../platform/http/errors';

export interface SignOutTarget {
  /** The account's record. */
  userId: string;
  /** Its sign-in account (Firebase uid); null for a record made before uids were kept. */
  uid: string | null;
}

/**
 * Signs the account out everywhere. The provider goes first: should it fail, nothing has
 * changed and the caller may try again. Answers the time from which tokens are valid again.
 */
export async function signOutEverywhere(
  deps: { db: Db; signIn: Pick<SignInProvider, 'revokeRefreshTokens'> },
  target: SignOutTarget,
): Promise<Date> {
  if (target.uid) {
    const revoke = deps.signIn.revokeRefreshTokens?.bind(deps.signIn);
    if (!revoke) throw httpError(503, 'The sign-in provider cannot sign out its sessions');
    await revoke(target.uid).catch((error: { code?: string }) => {
      // A sign-in account already gone has nothing left to revoke.
      if (error.code !== 'auth/user-not-found') throw error;
    });
  }
  // The server's own clock, the one that stamps the access tokens it issues.
  const validAfter = new Date();
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`
      update users set tokens_valid_after = ${validAfter.toISOString()}::timestamptz
      where id = ${target.userId}`);
    // Every replica ends the account's streams once this commits (as for a deleted account).
    await tx.execute(sql`
      select pg_notify('cardealer_events', json_build_object(
        'type', 'account-signed-out', 'userId', id, 'uid', auth_uid)::text)
      from users where id = ${target.userId}`);
  });
  return validAfter;
}
