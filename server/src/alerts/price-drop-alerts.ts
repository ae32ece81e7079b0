/**
 * A saved car's price drops: at most one alert per car and saver a day. A new price is a drop
 * only when it is below every price the car had in the day before (dropFloor), so a price
 * changed back and forth tells nobody twice; a later drop within a day of the first one an alert
 * tells of joins that alert (its text then says how far below the first drop's floor the price
 * is now, and its key names both drops) instead of adding another.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { DROP_WINDOW_HOURS, dropFloor } from '../cars/price-history';
import { rowsOf } from '../platform/db/rows';
import type { AlertCar } from './alert-car';
import { priceDropText } from './alert-text';
import { writeAlerts, type NewAlert } from './alert-writes';

/**
 * A drop alert's key is `drop:<account>:<car>:<first row>` or, once a later drop joined it,
 * `drop:<account>:<car>:<first row>:<latest row>` (price_history ids): these read them back in
 * SQL from a notification `n`.
 */
export const FIRST_DROP_ROW = sql.raw(
  `substring(n.alert_key from '^drop:[^:]+:[^:]+:([0-9]{1,18})')::bigint`,
);
export const LATEST_DROP_ROW = sql.raw(`substring(n.alert_key from ':([0-9]{1,18})$')::bigint`);

/** Who may be alerted of the car's drop, and how it is mailed to them. */
export type Saver = Pick<NewAlert, 'userId' | 'userEmail' | 'mail'>;

/** The change the matcher handles: the price_history row, its price and when it was made. */
interface PriceChange {
  priceRowId: number;
  price: number;
  /** ISO date-time. */
  at: string;
}

interface OpenAlert {
  id: string;
  userId: string;
  firstRow: number | string;
  firstFloor: number | string;
}

const list = (values: string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * Tells the savers of the car's new price when it is a drop: joins each one's alert of a drop of
 * the day before, else writes a new one. Answers how many alerts were new.
 */
export async function writeDropAlerts(
  db: Db,
  car: AlertCar,
  change: PriceChange,
  savers: Saver[],
): Promise<number> {
  if (savers.length === 0) return 0;
  const [row] = await rowsOf<{ floor: number | string | null }>(
    db,
    sql`select ${dropFloor('h')} as floor from price_history h where h.id = ${change.priceRowId}`,
  );
  if (!row || row.floor === null || change.price >= Number(row.floor)) return 0;
  const window = sql.raw(`interval '${DROP_WINDOW_HOURS} hours'`);
  // Each saver's latest alert whose first drop was in the day before this one (a repeat run of
  // this change finds its own alert only once it was joined: its first row is an earlier one).
  const open = await rowsOf<OpenAlert>(
    db,
    sql`select distinct on (n.user_id) n.id, n.user_id as "userId", f.id as "firstRow",
        ${dropFloor('f')} as "firstFloor"
      from notifications n
      join price_history f on f.id = ${FIRST_DROP_ROW} and f.product_id = n.product_id
      where n.kind = 'price_drop' and n.product_id = ${car.id}
        and n.user_id in (${list(savers.map((s) => s.userId))})
        and f.id < ${change.priceRowId}
        and f.changed_at > ${change.at}::timestamptz - ${window}
      order by n.user_id, f.changed_at desc, f.id desc`,
  );
  if (open.length > 0) {
    const joined = open.map(
      (alert) =>
        sql`(${alert.id}, ${priceDropText(car.name, Number(alert.firstFloor), change.price)},
          ${`drop:${alert.userId}:${car.id}:${alert.firstRow}:${change.priceRowId}`})`,
    );
    // Their owners' live streams hear of it as of a new alert (the insert trigger's event).
    await db.execute(
      sql`with joined as (
          update notifications n set text = v.text, alert_key = v.key
          from (values ${sql.join(joined, sql`, `)}) as v(id, text, key) where n.id = v.id
          returning n.user_id, n.order_id, n.kind, n.product_id, n.saved_search_id)
        select pg_notify('cardealer_events', json_build_object(
          'type', 'notification', 'to', user_id, 'orderId', order_id, 'kind', kind,
          'productId', product_id, 'savedSearchId', saved_search_id)::text) from joined`,
    );
  }
  const told = new Set(open.map((alert) => alert.userId));
  const floor = Number(row.floor);
  return writeAlerts(
    db,
    savers
      .filter((saver) => !told.has(saver.userId))
      .map((saver): NewAlert => ({
        ...saver,
        kind: 'price_drop',
        text: priceDropText(car.name, floor, change.price),
        productId: car.id,
        savedSearchId: null,
        alertKey: `drop:${saver.userId}:${car.id}:${change.priceRowId}`,
      })),
  );
}
