/**
 * The codes the server mails for an account: a password reset, an e-mail confirmation (the sign-in
 * provider's `oobCode`, of which only a hash is kept), the notice that an account signs in
 * with Google (no code), and a change of e-mail's two links (codes of the server's own). The
 * provider's emulator never expires its codes: a link works only while its row here says so, for
 * an hour (a change of e-mail's undo link: 7 days) and once.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db } from '../platform/db/client';
import { newId } from '../platform/db/ids';
import { accountCodes, users } from '../platform/db/schema';

export type AccountCodePurpose = (typeof accountCodes.$inferSelect)['purpose'];

/** How long a mailed link works. */
export const CODE_LIFETIME_SECONDS = 3600;
/** How long the link that undoes a change of e-mail works (the old address's). */
export const UNDO_LIFETIME_SECONDS = 7 * 24 * 3600;

const lifetimeOf = (purpose: AccountCodePurpose) =>
  purpose === 'email_undo' ? UNDO_LIFETIME_SECONDS : CODE_LIFETIME_SECONDS;

/** What a used, expired, altered or unknown link answers, wherever it is opened. */
export const LINK_EXPIRED = 'This link has expired or was already used: ask for a new one';

/** The hash a code is kept by. */
export const codeHash = (code: string) => createHash('sha256').update(code).digest('hex');

/** The `oobCode` of a link the sign-in provider made. */
export function oobCodeOf(link: string): string {
  const code = new URL(link).searchParams.get('oobCode');
  if (!code) throw new Error('the sign-in provider made a link without a code');
  return code;
}

/** The account a working code belongs to. */
export interface CodeOwner {
  codeId: string;
  userId: string;
  authUid: string | null;
  email: string;
  /** A change of e-mail's code: the address it is about. */
  address: string | null;
}

const fresh = (purpose: AccountCodePurpose) =>
  gt(accountCodes.createdAt, sql`now() - make_interval(secs => ${lifetimeOf(purpose)})`);

export function accountCodesRepository(db: Db) {
  /** The working code's row and its owner, or null. */
  const owner = async (code: string, purpose: AccountCodePurpose): Promise<CodeOwner | null> => {
    const [row] = await db
      .select({
        codeId: accountCodes._id,
        userId: accountCodes.userId,
        authUid: users.authUid,
        email: users.email,
        address: accountCodes.address,
      })
      .from(accountCodes)
      .innerJoin(users, eq(users._id, accountCodes.userId))
      .where(
        and(
          eq(accountCodes.codeHash, codeHash(code)),
          eq(accountCodes.purpose, purpose),
          isNull(accountCodes.usedAt),
          fresh(purpose),
        ),
      )
      .limit(1);
    return row ?? null;
  };

  return {
    /**
     * Reserves the record of a mail about to be sent, unless the account was sent `max` mails of
     * `counted` purposes in the last `seconds`: its id, or null. Requests at once for one account
     * wait for each other (a lock on the account), so none goes past the limit.
     */
    async reserve(
      userId: string,
      purpose: AccountCodePurpose,
      limit: { counted: AccountCodePurpose[]; max: number; seconds: number },
    ): Promise<string | null> {
      const id = newId();
      const purposes = sql.join(
        limit.counted.map((counted) => sql`${counted}`),
        sql`, `,
      );
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`account-mail:${userId}`}))`);
        const result = await tx.execute(sql`
          insert into account_codes (id, user_id, purpose)
          select ${id}, ${userId}, ${purpose}
          where (select count(*) from account_codes
                 where user_id = ${userId} and purpose in (${purposes})
                   and created_at > now() - make_interval(secs => ${limit.seconds})) < ${limit.max}
          returning id`);
        return (result as unknown as { rows: unknown[] }).rows.length > 0 ? id : null;
      });
    },

    /** Keeps the hash of the code a reserved record mailed. */
    async setCode(id: string, code: string): Promise<void> {
      await db
        .update(accountCodes)
        .set({ codeHash: codeHash(code) })
        .where(eq(accountCodes._id, id));
    },

    /** The owner of a code that still works (unused, under an hour old), else null. */
    owner,

    /**
     * Uses a working code: once only, even when two calls come at once. Null when it does not
     * work (used, expired, altered, of another purpose).
     */
    async use(code: string, purpose: AccountCodePurpose): Promise<CodeOwner | null> {
      const found = await owner(code, purpose);
      if (!found) return null;
      const used = await db
        .update(accountCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(accountCodes._id, found.codeId), isNull(accountCodes.usedAt)))
        .returning({ id: accountCodes._id });
      return used.length > 0 ? found : null;
    },

    /** Uses up the account's working codes of `purpose` (a change of e-mail called off). */
    async useAll(userId: string, purpose: AccountCodePurpose): Promise<void> {
      await db
        .update(accountCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(accountCodes.userId, userId),
            eq(accountCodes.purpose, purpose),
            isNull(accountCodes.usedAt),
          ),
        );
    },

    /** Gives a used code back (the provider refused what it was used for). */
    async release(codeId: string): Promise<void> {
      await db.update(accountCodes).set({ usedAt: null }).where(eq(accountCodes._id, codeId));
    },

    /** Whether the account's address is confirmed. */
    async isConfirmed(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ confirmed: users.emailConfirmed })
        .from(users)
        .where(eq(users._id, userId));
      return row?.confirmed ?? false;
    },

    /** Marks the account's address confirmed. */
    async confirm(userId: string): Promise<void> {
      await db.update(users).set({ emailConfirmed: true }).where(eq(users._id, userId));
    },
  };
}

export type AccountCodesRepository = ReturnType<typeof accountCodesRepository>;
