/**
 * The alerts an e-mail tells of, as they are when it is sent: each notification with its car (as
 * listed now), its saved search, and for a price drop the change it tells of. Left out: what is
 * gone (a deleted notification; a car its seller deleted: its page would be empty) and what its
 * owner no longer wants mailed (a search set to 'Never', a saved car unsaved or with its alerts
 * off, saved cars' mail set to 'Never'), so an unsubscribe stops a mail already waiting too.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { dropFloor } from '../cars/price-history';
import { dollars } from './alert-text';
import { FIRST_DROP_ROW, LATEST_DROP_ROW } from './price-drop-alerts';

export interface AlertRow {
  id: string;
  kind: 'match' | 'price_drop' | 'saved_sold';
  productId: string;
  savedSearchId: string | null;
  carName: string;
  /** The car's price now. */
  price: number;
  /** Sold since (a match or a drop of a car sold meanwhile). */
  sold: boolean;
  searchName: string | null;
  /** The saved search's query string (what /cars opens). */
  searchQuery: string | null;
  /**
   * A price drop: the lowest price of the day before its first drop, and the price its latest
   * drop set (several drops of a day are one alert).
   */
  dropFrom: number | null;
  dropTo: number | null;
  /** The account's digest is on (alert_settings). */
  digestOn: boolean;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The alerts of a batch of mails, read in one query (the worker reads a batch's at once). */
export type PrefetchedAlerts = Map<string, AlertRow & { userId: string; order: number }>;

/** These alerts that still stand, of these accounts, oldest first. */
async function readAlerts(db: Db, ids: string[], userIds: string[]): Promise<PrefetchedAlerts> {
  const found: PrefetchedAlerts = new Map();
  if (ids.length === 0) return found;
  const list = (values: string[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
  const rows = rowsOf<AlertRow & { userId: string }>(
    await db.execute(sql`
      select n.id, n.kind, n.user_id as "userId", n.product_id as "productId",
        n.saved_search_id as "savedSearchId",
        p.car_name as "carName", p.resale_price::float8 as price, p.sold_at is not null as sold,
        s.name as "searchName", s.query as "searchQuery",
        ${dropFloor('f')}::float8 as "dropFrom", h.price::float8 as "dropTo",
        coalesce(a.digest, true) as "digestOn"
      from notifications n
      join products p on p.id = n.product_id
      left join saved_searches s on s.id = n.saved_search_id
      left join price_history h on n.kind = 'price_drop' and h.id = ${LATEST_DROP_ROW}
      left join price_history f on n.kind = 'price_drop' and f.id = ${FIRST_DROP_ROW}
      left join saved_cars c on c.user_id = n.user_id and c.product_id = n.product_id
      left join alert_settings a on a.user_id = n.user_id
      where n.id in (${list(ids)}) and n.user_id in (${list(userIds)})
        and n.alert_key is not null and p.hidden is null
        and case when n.kind = 'match' then s.notify is distinct from 'never'
                 else c.alerts and coalesce(a.saved_cars, 'instant') <> 'never' end
      -- Alerts written in the same instant: a car's price drops in the order of its prices.
      order by n.created_at, h.id nulls first, n.id`),
  );
  rows.forEach((row, order) => found.set(row.id, { ...row, order }));
  return found;
}

/** What a batch's alert and digest mails tell of, read at once; null when it has none. */
export async function prefetchAlerts(
  db: Db,
  rows: { kind: string | null; user_id: string | null; message_ids: string[] | null }[],
): Promise<PrefetchedAlerts | null> {
  const mails = rows.filter(
    (row) => (row.kind === 'alert' || row.kind === 'digest') && row.user_id,
  );
  if (mails.length === 0) return null;
  return readAlerts(
    db,
    mails.flatMap((row) => row.message_ids ?? []),
    [...new Set(mails.map((row) => row.user_id!))],
  );
}

/** `ids`' alerts of `userId` that still stand, oldest first (from `prefetched` if given). */
export async function alertRows(
  db: Db,
  userId: string,
  ids: string[],
  prefetched?: PrefetchedAlerts | null,
): Promise<AlertRow[]> {
  const found = prefetched ?? (await readAlerts(db, ids, [userId]));
  return ids
    .map((id) => found.get(id))
    .filter((row): row is AlertRow & { userId: string; order: number } => row?.userId === userId)
    .sort((a, b) => a.order - b.order);
}

/** A drop's size and new price, e.g. { less: '$2,000', now: '$33,000' }, over several drops. */
export function dropOf(drops: AlertRow[]): { less: string; now: string } | null {
  const known = drops.filter((d) => d.dropFrom !== null && d.dropTo !== null);
  if (known.length === 0) return null;
  const from = Math.max(...known.map((d) => d.dropFrom!));
  const to = known[known.length - 1]!.dropTo!;
  return from > to ? { less: dollars(from - to), now: dollars(to) } : null;
}
