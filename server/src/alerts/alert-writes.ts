/**
 * Writes alerts as notifications, each once ever: its key (`alert_key`, unique) makes a second
 * write of the same alert, by a repeat run or another replica, write nothing. The notifications'
 * trigger (`notifications_insert`) queues its mail by `mail` and tells the owner's live streams.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { newId } from '../platform/db/ids';
import { rowsOf } from '../platform/db/rows';

export interface NewAlert {
  userId: string;
  userEmail: string;
  kind: 'match' | 'price_drop' | 'saved_sold';
  text: string;
  productId: string;
  savedSearchId: string | null;
  alertKey: string;
  mail: 'now' | 'digest' | 'none';
}

/** A new notification's id in SQL: 24 hex digits, as newId's (a random UUID's, cut). */
export const NEW_ID = sql`substr(replace(gen_random_uuid()::text, '-', ''), 1, 24)`;

/** Alerts per statement. */
const PER_STATEMENT = 500;

/**
 * Writes the alerts not written before; answers how many were new. An alert whose saved search
 * or account was deleted meanwhile (after the matcher read it) is left out, not an error. In
 * the order of their keys, so two matchers writing the same alerts wait for each other in turn
 * instead of each holding a key the other wants.
 */
export async function writeAlerts(db: Db, alerts: NewAlert[]): Promise<number> {
  const sorted = [...alerts].sort((a, b) => (a.alertKey < b.alertKey ? -1 : 1));
  let written = 0;
  for (let first = 0; first < sorted.length; first += PER_STATEMENT) {
    const rows = sorted.slice(first, first + PER_STATEMENT).map(
      (a) => sql`(${newId()}, ${a.userId}, ${a.userEmail}, ${a.kind}, ${a.text}, ${a.productId},
        ${a.savedSearchId}, ${a.alertKey}, ${a.mail})`,
    );
    const inserted = await rowsOf<{ id: string }>(
      db,
      sql`insert into notifications (id, user_id, user_email, kind, text, product_id,
          saved_search_id, alert_key, mail)
        select v.* from (values ${sql.join(rows, sql`, `)})
          as v(id, user_id, user_email, kind, text, product_id, saved_search_id, alert_key, mail)
        where exists (select 1 from users u where u.id = v.user_id)
          and (v.saved_search_id is null
            or exists (select 1 from saved_searches s where s.id = v.saved_search_id))
        order by v.alert_key
        on conflict (alert_key) where alert_key is not null do nothing
        returning id`,
    );
    written += inserted.length;
  }
  return written;
}
