/**
 * The alert matcher: takes a batch of the queue (alert_work, written by the database's triggers
 * whenever a car is listed, repriced or sold), writes the batch's alerts and deletes its rows,
 * in one transaction. One batch at a time, on every replica (an advisory lock), and the rows are
 * claimed `for update skip locked` besides, so two replicas never take the same row; a matcher
 * killed mid-way commits nothing, and its rows wait for the next run;
 * an alert written twice (a run repeated after a crash, say) is written once (its unique key).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';
import { writeAlertsOf, type WorkRow } from './work-alerts';

/**
 * The advisory lock a batch holds (its bytes spell "CarDalrt"): one batch writes alerts at a
 * time, on every replica. Two at once could each hold what the other waits for (the waiting
 * mail a saved search's alerts fold into, an alert both write) and deadlock.
 */
export const ALERT_MATCH_LOCK = 0x43617244616c7274n;

/** Queued changes per transaction: small, so PGlite (one connection) is not held for long. */
export const MATCH_BATCH = 20;

export interface MatcherOptions {
  /** Queued changes per transaction (default MATCH_BATCH). */
  batch?: number;
  /** Called in the transaction before each change's alerts are written (tests: a change then). */
  beforeWrite?: (tx: Db) => Promise<void>;
  /** Called in the transaction after the batch's alerts are written (tests: a crash mid-way). */
  afterWrite?: (tx: Db) => Promise<void>;
}

/** What one batch did: the queued changes handled, and the alerts written. */
export interface MatchBatch {
  changes: number;
  alerts: number;
}

interface RawWork extends Omit<WorkRow, 'id' | 'priceRowId' | 'price' | 'previousPrice'> {
  id: number | string;
  priceRowId: number | string | null;
  price: number | string | null;
  previousPrice: number | string | null;
}

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

export function alertMatcher(db: Db, options: MatcherOptions = {}) {
  const batch = options.batch ?? MATCH_BATCH;

  /** Handles one batch of the queue (oldest first); none handled: the queue is empty. */
  async function matchBatch(): Promise<MatchBatch> {
    return db.transaction(async (tx) => {
      const inTx = tx as unknown as Db;
      await inTx.execute(sql`select pg_advisory_xact_lock(${ALERT_MATCH_LOCK.toString()})`);
      const claimed = await rowsOf<RawWork>(
        inTx,
        sql`select id, product_id as "productId", kind, price_row_id as "priceRowId", price,
            previous_price as "previousPrice",
            to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
          from alert_work order by id limit ${batch} for update skip locked`,
      );
      if (claimed.length === 0) return { changes: 0, alerts: 0 };
      let alerts = 0;
      for (const raw of claimed) {
        const work: WorkRow = {
          ...raw,
          id: Number(raw.id),
          priceRowId: numberOrNull(raw.priceRowId),
          price: numberOrNull(raw.price),
          previousPrice: numberOrNull(raw.previousPrice),
        };
        alerts += await writeAlertsOf(inTx, work, options.beforeWrite);
      }
      await options.afterWrite?.(inTx);
      const ids = sql.join(
        claimed.map((row) => sql`${Number(row.id)}`),
        sql`, `,
      );
      await inTx.execute(sql`delete from alert_work where id in (${ids})`);
      return { changes: claimed.length, alerts };
    });
  }

  /** Whether anything waits in the queue (a cheap look). */
  async function pending(): Promise<boolean> {
    const [row] = await rowsOf<{ any: boolean }>(
      db,
      sql`select exists (select 1 from alert_work) as any`,
    );
    return row?.any === true;
  }

  return { matchBatch, pending };
}

export type AlertMatcher = ReturnType<typeof alertMatcher>;
