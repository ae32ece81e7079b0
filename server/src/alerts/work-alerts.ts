/**
 * The alerts of one row of the matcher's queue (alert_work): a car listed, its price changed,
 * or sold. Who is alerted, with what text and by which mail; writing them is alert-writes.ts's.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../catalogue/search-rows';
import { alertCar, type AlertCar } from './alert-car';
import { matchText, priceDropText, savedSoldText } from './alert-text';
import type { NewAlert } from './alert-writes';
import { candidateSearches } from './candidates';
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
 * The saved searches the car (for sale) now matches, as GET /products with each one's filters
 * would list it: saved before `savedBefore`, not its seller's, and (`notAtPrice`) not matching
 * it at that earlier price.
 */
async function matches(
  db: Db,
  car: AlertCar,
  savedBefore: string,
  notAtPrice?: number,
): Promise<NewAlert[]> {
  const candidates = await candidateSearches(db, car, savedBefore, notAtPrice);
  const texts = candidates.flatMap((c) => (c.q ? [c.q] : []));
  const listed = await textsListing(db, car.id, texts);
  return candidates
    .filter((c) => !c.q || listed.has(c.q))
    .map((c) => ({
      userId: c.userId,
      userEmail: c.userEmail,
      kind: 'match',
      text: matchText(c.name, car.name, car.price),
      productId: car.id,
      savedSearchId: c.id,
      alertKey: `match:${c.id}:${car.id}`,
      mail: c.mail,
    }));
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

/** The alerts of one queued change (none when the car is gone, or no longer for sale). */
export async function alertsOf(db: Db, work: WorkRow): Promise<NewAlert[]> {
  const car = await alertCar(db, work.productId);
  if (!car) return [];
  if (work.kind === 'sold') {
    if (!car.sold) return [];
    return (await savers(db, car)).map((s) => ({
      ...s,
      kind: 'saved_sold',
      text: savedSoldText(car.name),
      productId: car.id,
      savedSearchId: null,
      alertKey: `sold:${s.userId}:${car.id}`,
    }));
  }
  if (car.sold) return [];
  if (work.kind === 'listed') return matches(db, car, car.listedAt);
  const { price, previousPrice, priceRowId } = work;
  if (price === null || previousPrice === null) return [];
  const alerts = await matches(db, car, work.at, previousPrice);
  if (price < previousPrice) {
    for (const s of await savers(db, car, work.at)) {
      alerts.push({
        ...s,
        kind: 'price_drop',
        text: priceDropText(car.name, previousPrice, price),
        productId: car.id,
        savedSearchId: null,
        alertKey: `drop:${s.userId}:${car.id}:${priceRowId}`,
      });
    }
  }
  return alerts;
}
