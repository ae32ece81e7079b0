/**
 * The alerts of one row of the matcher's queue (alert_work): a car listed, its price changed,
 * or sold. Who is alerted, with what text and by which mail; writing them is alert-writes.ts's.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';
import { alertCar, type AlertCar } from './alert-car';
import { savedSoldText } from './alert-text';
import { writeAlerts, type NewAlert } from './alert-writes';
import { insertMatches, passingSearches, type MatchScope } from './candidates';
import { writeDropAlerts } from './price-drop-alerts';
import { textsListing } from './text-check';

/** A row of alert_work as the matcher claims it. */
export interface WorkRow {
  id: number;
  productId: string;
  kind: 'listed' | 'price' | 'sold';
  priceRowId: number | null;
  price: number | null;
  previousPrice: number | null;
  /** When the change was made (ISO). */
  at: string;
}

/**
 * Writes the match alerts of the car (for sale) to the saved searches it now matches, as GET
 * /products with each one's filters would list it, in `scope`; answers how many were new.
 */
async function writeMatches(
  db: Db,
  car: AlertCar,
  scope: MatchScope,
  beforeWrite?: (db: Db) => Promise<void>,
): Promise<number> {
  const passing = await passingSearches(db, car, scope);
  const listed = await textsListing(
    db,
    car.id,
    passing.flatMap((c) => (c.q ? [c.q] : [])),
  );
  await beforeWrite?.(db);
  return insertMatches(
    db,
    car,
    passing.filter((c) => !c.q || listed.has(c.q)).map((c) => c.id),
  );
}

/** How a saved car's alert (its owner's settings `a`) is mailed. */
const SAVED_CAR_MAIL = sql`case coalesce(a.saved_cars, 'instant') when 'instant' then 'now'
  when 'daily' then case when coalesce(a.digest, true) then 'digest' else 'none' end
  else 'none' end`;

/** Who saved the car with its alerts on (before `savedBefore`, if given), but its seller. */
function savers(db: Db, car: AlertCar, savedBefore?: string) {
  return rowsOf<{ userId: string; userEmail: string; mail: NewAlert['mail'] }>(
    db,
    sql`select c.user_id as "userId", u.email as "userEmail", ${SAVED_CAR_MAIL} as mail
      from saved_cars c
      join users u on u.id = c.user_id
      left join alert_settings a on a.user_id = c.user_id
      where c.product_id = ${car.id} and c.alerts
        and c.user_id is distinct from ${car.sellerId}
        ${savedBefore ? sql`and c.saved_at < ${savedBefore}::timestamptz` : sql``}`,
  );
}

/**
 * Writes the alerts of one queued change (none when the car is gone, or no longer for sale);
 * answers how many were new. `beforeWrite` runs just before (tests: a change made then).
 */
export async function writeAlertsOf(
  db: Db,
  work: WorkRow,
  beforeWrite?: (db: Db) => Promise<void>,
): Promise<number> {
  const car = await alertCar(db, work.productId);
  if (!car) return 0;
  if (work.kind === 'sold') {
    if (!car.sold) return 0;
    const alerts = (await savers(db, car)).map((s): NewAlert => ({
      ...s,
      kind: 'saved_sold',
      text: savedSoldText(car.name),
      productId: car.id,
      savedSearchId: null,
      alertKey: `sold:${s.userId}:${car.id}`,
    }));
    await beforeWrite?.(db);
    return writeAlerts(db, alerts);
  }
  // Out of sale: no match, no price drop (a hidden car that comes back is queued as listed).
  if (car.sold || car.hidden) return 0;
  if (work.kind === 'listed') {
    // A car back on sale (restored, approved) is new to the searches saved while it was away.
    const back = Date.parse(work.at) > Date.parse(car.listedAt);
    return writeMatches(db, car, { savedBefore: back ? work.at : car.listedAt }, beforeWrite);
  }
  const { price, previousPrice, priceRowId } = work;
  if (price === null || previousPrice === null || priceRowId === null) return 0;
  // Who saved it, read before the matches' write (as the queue's change found them).
  const mayHear = price < previousPrice ? await savers(db, car, work.at) : [];
  const scope = { savedBefore: work.at, notAtPrice: previousPrice };
  const matched = await writeMatches(db, car, scope, beforeWrite);
  const change = { priceRowId, price, at: work.at };
  return matched + (await writeDropAlerts(db, car, change, mayHear));
}
