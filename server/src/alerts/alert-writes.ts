/**
 * Writes alerts as notifications, each once ever: its key (`alert_key`, unique) makes a second
 * write of the same alert, by a repeat run or another replica, write nothing. The notifications'
 * trigger (migration 0025) queues its mail by `mail` and tells the owner's live streams.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { newId } from '../db/repositories/ids';
import { rowsOf } from '../catalogue/search-rows';

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

/** Alerts per statement. */
const PER_STATEMENT = 500;

/** Writes the alerts not written before; answers how many were new. */
export async function writeAlerts(db: Db, alerts: NewAlert[]): Promise<number> {
  let written = 0;
  for (let first = 0; first < alerts.length; first += PER_STATEMENT) {
    const rows = alerts.slice(first, first + PER_STATEMENT).map(
      (a) => sql`(${newId()}, ${a.userId}, ${a.userEmail}, ${a.kind}, ${a.text}, ${a.productId},
        ${a.savedSearchId}, ${a.alertKey}, ${a.mail})`,
    );
    const inserted = await rowsOf<{ id: string }>(
      db,
      sql`insert into notifications (id, user_id, user_email, kind, text, product_id,
          saved_search_id, alert_key, mail)
        values ${sql.join(rows, sql`, `)}
        on conflict (alert_key) where alert_key is not null do nothing
        returning id`,
    );
    written += inserted.length;
  }
  return written;
}
