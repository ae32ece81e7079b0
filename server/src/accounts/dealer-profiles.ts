/** The dealer profiles: a seller's business, one per account (the table `dealer_profiles`). */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';
import type { DealerProfile } from './dealer-schemas';

/** A profile as stored: what PUT /me/dealer writes, checked. */
export interface DealerProfileChanges {
  name: string;
  address: string;
  zip: string;
  phone: string;
  hours: string | null;
  website: string | null;
}

/** The profile's answer as a JSON object (null: none), for queries that read it with a car. */
export function dealerJsonSql(userId: SQL): SQL {
  return sql`(select json_build_object('name', d.name, 'address', d.address, 'zip', d.zip,
      'city', pl.city, 'state', pl.state, 'phone', d.phone, 'hours', d.hours,
      'website', d.website)
    from dealer_profiles d left join places pl on pl.zip = d.zip
    where d.user_id = ${userId})`;
}

/** A profile read as JSON: its place's city and state are '' should the ZIP code be gone. */
export function dealerOf(json: unknown): DealerProfile | null {
  if (json === null || json === undefined) return null;
  const row = (typeof json === 'string' ? JSON.parse(json) : json) as DealerProfile;
  return { ...row, city: row.city ?? '', state: row.state ?? '' };
}

export function dealerProfilesRepository(db: Db) {
  return {
    /** The account's dealer profile; null: none. */
    async ofUser(userId: string): Promise<DealerProfile | null> {
      const [row] = await rowsOf<{ dealer: unknown }>(
        db,
        sql`select ${dealerJsonSql(sql`${userId}`)} as dealer`,
      );
      return dealerOf(row?.dealer);
    },

    /** Writes the account's profile, new or changed. */
    async put(userId: string, profile: DealerProfileChanges): Promise<void> {
      const { name, address, zip, phone, hours, website } = profile;
      await db.execute(
        sql`insert into dealer_profiles (user_id, name, address, zip, phone, hours, website)
          values (${userId}, ${name}, ${address}, ${zip}, ${phone}, ${hours}, ${website})
          on conflict (user_id) do update set name = excluded.name,
            address = excluded.address, zip = excluded.zip, phone = excluded.phone,
            hours = excluded.hours, website = excluded.website, updated_at = now()`,
      );
    },

    /** Removes the account's profile: whether it had one. */
    async remove(userId: string): Promise<boolean> {
      const removed = await rowsOf<{ user_id: string }>(
        db,
        sql`delete from dealer_profiles where user_id = ${userId} returning user_id`,
      );
      return removed.length > 0;
    },
  };
}

export type DealerProfilesRepository = ReturnType<typeof dealerProfilesRepository>;
