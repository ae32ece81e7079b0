import { index, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema-accounts';

/**
 * The answers of writes sent with an `Idempotency-Key` (platform/db/idempotency.ts): one row per
 * account, route (`POST /api/orders`) and key, written in the transaction of the write it
 * answers. `fingerprint` is a hash of the request (its path's parameters and body), `status` and
 * `body` the answer (null only inside that transaction). Forgotten after 24 hours; the account's
 * go with it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users._id, { onDelete: 'cascade' }),
    route: text('route').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: smallint('status'),
    body: jsonb('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.userId, t.route, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
