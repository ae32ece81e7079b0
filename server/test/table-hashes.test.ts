/**
 * The tables' fingerprint the permission matrix, the fuzz test and others compare before and
 * after a call (table-hashes.ts): read again while nothing was written, it answers the same;
 * after an insert, an update or a delete of one row, in any table (the zip codes' big one too,
 * even rewritten with the same values),
 * it differs in that table alone; a write rolled back leaves it as it was.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/platform/db/client';
import { databaseKind, openTestDatabase } from './helper';
import { tableHashes } from './table-hashes';

describe(`table fingerprints (${databaseKind})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  /** The tables whose fingerprint `write` changed. */
  async function changedBy(write: () => Promise<unknown>): Promise<string[]> {
    const before = await tableHashes(database.db);
    await write();
    const after = await tableHashes(database.db);
    return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
  }

  it('answers the same while nothing is written', async () => {
    expect(await changedBy(async () => undefined)).toEqual([]);
    expect(await changedBy(() => database.db.execute(sql`select count(*) from places`))).toEqual(
      [],
    );
  });

  it('sees an insert, an update and a delete, each in its own table', async () => {
    const name = `Fingerprint make ${Date.now()}`;
    expect(
      await changedBy(() =>
        database.db.execute(
          sql`insert into categories (id, category_name, image, rating)
              values (${`fp-${Date.now()}`}, ${name}, '/images/categories/bmw.svg', 4)`,
        ),
      ),
    ).toEqual(['categories']);
    expect(
      await changedBy(() =>
        database.db.execute(sql`update categories set rating = 3 where category_name = ${name}`),
      ),
    ).toEqual(['categories']);
    expect(
      await changedBy(() =>
        database.db.execute(sql`delete from categories where category_name = ${name}`),
      ),
    ).toEqual(['categories']);
  });

  it('sees one row of the zip codes rewritten, its values unchanged', async () => {
    const [place] = (
      (await database.db.execute(
        sql`select zip, city from places order by zip limit 1`,
      )) as unknown as {
        rows: { zip: string; city: string }[];
      }
    ).rows;
    expect(
      await changedBy(() =>
        database.db.execute(sql`update places set city = city where zip = ${place!.zip}`),
      ),
    ).toEqual(['places']);
  });

  it('does not count a write rolled back', async () => {
    expect(
      await changedBy(() =>
        database.db
          .transaction(async (tx) => {
            await tx.execute(sql`update categories set rating = rating`);
            throw new Error('rolled back');
          })
          .catch(() => undefined),
      ),
    ).toEqual([]);
  });
});
