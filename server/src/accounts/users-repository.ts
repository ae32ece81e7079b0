import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNull,
  notExists,
  or,
  sql,
  type AnyColumn,
} from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { deletedAccounts, messages, users, type Role } from '../platform/db/schema';
import { newId, normaliseEmail } from '../platform/db/ids';
import type { Page, PageRequest } from '../platform/db/paging';

/** The sorts the admin grids may ask for. */
export const USER_SORTS = ['createdAt', 'name', 'email', 'userVerify'] as const;
export type UserSort = (typeof USER_SORTS)[number];

export interface UserPageRequest extends Omit<PageRequest<UserSort>, 'cursor'> {
  role: Role;
  /** Part of the name or email (case-insensitive). */
  q?: string;
}

const USER_SORT_COLUMNS: Record<UserSort, AnyColumn> = {
  createdAt: users.createdAt,
  name: users.name,
  email: users.email,
  userVerify: users.userVerify,
};

/** `%`, `_` and `\` are literal in a search. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const userColumns = {
  _id: users._id,
  name: users.name,
  email: users.email,
  userRole: users.userRole,
  userImg: users.userImg,
  userVerify: users.userVerify,
};

export interface UpsertInput {
  email: string;
  name: string;
  userImg: string;
  /** Used only when the account is new. */
  userRole: 'Seller' | 'Buyer';
  /** The sign-in account's uid: kept when the account is new, or filled when it had none. */
  authUid?: string;
}

/** What the database knows of a sign-in account (the access checks read it on every call). */
export interface SignInRecord {
  /** The record made for this sign-in account, or else the record with its e-mail. */
  user: (typeof users.$inferSelect & { authUid: string | null }) | null;
  /** Whether an admin deleted the record made for this sign-in account. */
  deleted: boolean;
}

export interface UpsertOutcome {
  matchedCount: number;
  modifiedCount: number;
  upsertedCount: number;
  upsertedId: string | null;
}

/** What an account may change of itself (account settings); absent: unchanged, null: cleared. */
export interface ProfileChanges {
  name?: string;
  userImg?: string;
  phone?: string | null;
  zip?: string | null;
  /** Booking and message e-mails: false turns them off. */
  bookingMails?: boolean;
}

/** The lookups of sign-in: a record by e-mail or by sign-in account, linked or deleted. */
function signInLookups(db: Db) {
  return {
    async findByEmail(email: string) {
      const [row] = await db
        .select(userColumns)
        .from(users)
        .where(eq(users.email, normaliseEmail(email)))
        .limit(1);
      return row ?? null;
    },

    /**
     * The record of a sign-in account: the one made for its uid, else the one with its e-mail
     * (whose `authUid` then tells whether it is another account's), and whether that account's
     * record was deleted.
     */
    async findForSignIn(uid: string, email: string): Promise<SignInRecord> {
      const rows = await db
        .select()
        .from(users)
        .where(or(eq(users.authUid, uid), eq(users.email, normaliseEmail(email))))
        .limit(2);
      const user = rows.find((row) => row.authUid === uid) ?? rows[0] ?? null;
      if (user) return { user, deleted: false };
      const [tombstone] = await db
        .select({ uid: deletedAccounts.authUid })
        .from(deletedAccounts)
        .where(eq(deletedAccounts.authUid, uid));
      return { user: null, deleted: Boolean(tombstone) };
    },

    /**
     * Links a record made before sign-in accounts were kept to the account signing in now,
     * unless that account has a record already (it changed its e-mail to this record's).
     */
    async linkSignIn(email: string, uid: string): Promise<void> {
      const own = db
        .select({ one: sql`1` })
        .from(users)
        .where(eq(users.authUid, uid));
      await db
        .update(users)
        .set({ authUid: uid })
        .where(and(eq(users.email, normaliseEmail(email)), isNull(users.authUid), notExists(own)));
    },

    /** Remembers a sign-in account whose record is deleted (its tokens are refused from now). */
    async rememberDeleted(uid: string): Promise<void> {
      await db.insert(deletedAccounts).values({ authUid: uid }).onConflictDoNothing();
    },
  };
}

/** The reads of users: one by id, a role's users, a page of them for the admins. */
function userReads(db: Db) {
  return {
    /** A record with its sign-in account's uid (null when made before uids were kept). */
    async findById(id: string) {
      const [row] = await db
        .select({ ...userColumns, authUid: users.authUid })
        .from(users)
        .where(eq(users._id, id))
        .limit(1);
      return row ?? null;
    },

    async listByRole(role: Role) {
      return db
        .select(userColumns)
        .from(users)
        .where(eq(users.userRole, role))
        .orderBy(asc(users.createdAt), asc(users._id));
    },

    /** One page of a role's users, sorted and filtered, with the total matching the filter. */
    async page(request: UserPageRequest) {
      const { role, q, limit, offset, sort, order } = request;
      const text = q?.trim();
      const filter = and(
        eq(users.userRole, role),
        text
          ? or(ilike(users.name, likePattern(text)), ilike(users.email, likePattern(text)))
          : undefined,
      );
      const direction = (c: AnyColumn) => (order === 'desc' ? desc(c) : asc(c));
      let query = db
        .select(userColumns)
        .from(users)
        .where(filter)
        .orderBy(direction(USER_SORT_COLUMNS[sort]), direction(users._id))
        .$dynamic();
      if (limit !== undefined) query = query.limit(limit);
      if (offset) query = query.offset(offset);
      const paged = limit !== undefined || Boolean(offset);
      const [rows, total] = await Promise.all([
        query,
        paged
          ? db
              .select({ n: count() })
              .from(users)
              .where(filter)
              .then(([row]) => Number(row?.n ?? 0))
          : Promise.resolve(-1),
      ]);
      const page = { rows, total: total < 0 ? rows.length : total, nextCursor: null };
      return page satisfies Page<unknown>;
    },
  };
}

/** The account's own settings: read, and changed by the account itself. */
function ownAccount(db: Db) {
  return {
    /** The account as its settings page shows it; null: no such record. */
    async findOwn(id: string) {
      const [row] = await db
        .select({
          ...userColumns,
          phone: users.phone,
          zip: users.zip,
          bookingMails: users.bookingMails,
        })
        .from(users)
        .where(eq(users._id, id))
        .limit(1);
      return row ?? null;
    },

    /**
     * Changes what the account gives of itself. A new name also renames the messages it wrote
     * (conversations show each message's copied sender name); the bookings' names and each
     * car's seller name stay as they were typed. False: the record is gone.
     */
    async changeOwn(id: string, changes: ProfileChanges): Promise<boolean> {
      return db.transaction(async (tx) => {
        const changed = await tx
          .update(users)
          .set(changes)
          .where(eq(users._id, id))
          .returning({ _id: users._id });
        if (changed.length === 0) return false;
        if (changes.name !== undefined) {
          await tx
            .update(messages)
            .set({ senderName: changes.name })
            .where(eq(messages.senderId, id));
        }
        return true;
      });
    },
  };
}

/** The writes of users: an account made or updated, a seller verified, a role set, a deletion. */
function userWrites(db: Db) {
  return {
    /**
     * Creates the account with the given role, or updates name and photo of an existing one
     * (its role and verification never change here).
     */
    async upsert(input: UpsertInput): Promise<UpsertOutcome> {
      const email = normaliseEmail(input.email);
      const id = newId();
      const inserted = await db
        .insert(users)
        .values({
          _id: id,
          name: input.name,
          email,
          userRole: input.userRole,
          userImg: input.userImg,
          userVerify: 'false',
          authUid: input.authUid ?? null,
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ _id: users._id });
      if (inserted.length > 0) {
        return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1, upsertedId: id };
      }
      const [existing] = await db
        .select({ name: users.name, userImg: users.userImg })
        .from(users)
        .where(eq(users.email, email));
      if (!existing) throw new Error('user vanished during upsert');
      if (input.authUid) {
        await db
          .update(users)
          .set({ authUid: input.authUid })
          .where(and(eq(users.email, email), isNull(users.authUid)));
      }
      if (existing.name === input.name && existing.userImg === input.userImg) {
        return { matchedCount: 1, modifiedCount: 0, upsertedCount: 0, upsertedId: null };
      }
      await db
        .update(users)
        .set({ name: input.name, userImg: input.userImg })
        .where(eq(users.email, email));
      return { matchedCount: 1, modifiedCount: 1, upsertedCount: 0, upsertedId: null };
    },

    /** Marks a seller verified; answers how many rows changed (0 when already verified). */
    async verifySeller(id: string): Promise<number> {
      const changed = await db
        .update(users)
        .set({ userVerify: 'true' })
        .where(and(eq(users._id, id), eq(users.userVerify, 'false')))
        .returning({ _id: users._id });
      return changed.length;
    },

    async setRole(email: string, role: Role): Promise<boolean> {
      const changed = await db
        .update(users)
        .set({ userRole: role })
        .where(eq(users.email, normaliseEmail(email)))
        .returning({ _id: users._id });
      return changed.length > 0;
    },

    /**
     * Deletes the user and their cars. Bookings and messages stay, for the other party: the
     * database cancels the user's open bookings as a buyer, declines those on their cars, shows
     * them as 'Deleted user' without phone and meeting place, remembers their sign-in account as
     * deleted and tells every replica (the trigger `users_delete_orders`). `signInUids`: sign-in
     * accounts to remember as deleted besides the record's own (one found by its e-mail).
     */
    async deleteWithDependants(id: string, signInUids: string[] = []): Promise<number> {
      return db.transaction(async (tx) => {
        for (const uid of signInUids) {
          await tx.insert(deletedAccounts).values({ authUid: uid }).onConflictDoNothing();
        }
        const removed = await tx
          .delete(users)
          .where(eq(users._id, id))
          .returning({ _id: users._id });
        return removed.length;
      });
    },
  };
}

export function usersRepository(db: Db) {
  return { ...signInLookups(db), ...userReads(db), ...ownAccount(db), ...userWrites(db) };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
