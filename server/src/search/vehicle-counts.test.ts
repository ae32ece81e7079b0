/**
 * vehicle_counts (kept by `vehicle_counts_follow`), on PGlite and PostgreSQL: after inserts, edits,
 * sales and deletes, and after two writers at the same moment, the kept counts equal a direct count
 * of the cars for sale, and the facets read from the kept counts (vehicle_counts, product_counts)
 * equal the grouped pass over the cars that answers every other search's facets.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { newId } from '../platform/db/ids';
import { products, users } from '../platform/db/schema';
import { databaseKind, openTestDatabase } from '../../test/helper';
import type { SearchFilters } from './search-types';
import { countedFacets } from './facets';
import { facetsInOnePass } from './facets-one-pass';
import { countedVehicleFacets } from './vehicle-counts';

type Condition = 'Excellent' | 'Good' | 'Fair';

interface Car {
  make: string;
  condition: Condition;
  model: string | null;
  year: number | null;
  miles: number | null;
  fuel: 'Gasoline' | 'Electric' | 'Hybrid' | null;
  transmission: 'Automatic' | 'Manual' | null;
  body: 'Sedan' | 'SUV' | 'Coupe' | null;
}

const MODELS: Record<string, (string | null)[]> = {
  BMW: ['3 Series', 'X5', null],
  Tesla: ['Model 3', 'Model Y'],
  Ferrari: ['F8', null],
};
const CONDITIONS: Condition[] = ['Excellent', 'Good', 'Fair'];
const FUELS = ['Gasoline', 'Electric', 'Hybrid', null] as const;
const TRANSMISSIONS = ['Automatic', 'Manual', null] as const;
const BODIES = ['Sedan', 'SUV', 'Coupe', null] as const;

/** Car `i` of a deterministic mix: every make, condition and vehicle value, unknowns too. */
function car(i: number): Car {
  const make = Object.keys(MODELS)[i % 3]!;
  const models = MODELS[make]!;
  return {
    make,
    condition: CONDITIONS[(i >> 1) % 3]!,
    model: models[(i >> 2) % models.length]!,
    year: i % 7 === 0 ? null : 2010 + (i % 13),
    miles: i % 5 === 0 ? null : 1_000 + ((i * 7_919) % 150_000),
    fuel: FUELS[i % 4]!,
    transmission: TRANSMISSIONS[i % 3]!,
    body: BODIES[(i >> 1) % 4]!,
  };
}

const FILTERS: SearchFilters[] = [
  {},
  { categories: ['BMW'] },
  { conditions: ['Fair'] },
  { categories: ['BMW', 'Tesla'], conditions: ['Good', 'Excellent'] },
  { categories: ['Porsche'] },
];

let database: Database;
let email: string;

beforeAll(async () => {
  database = await openTestDatabase();
  email = `counts-${newId()}@test.cardealer.dev`;
  await database.db
    .insert(users)
    .values({ _id: newId(), name: 'Counted', email, userRole: 'Seller' });
});
afterAll(() => database?.close());

/** Posts the cars (one statement): their ids. */
async function post(cars: Car[]): Promise<string[]> {
  const ids = cars.map(() => newId());
  await database.db.insert(products).values(
    cars.map((c, i) => ({
      _id: ids[i]!,
      carName: `${c.make} ${c.model ?? ''}`,
      carPhoto: '/images/cars/car-01.svg',
      categoryName: c.make,
      condition: c.condition,
      originalPrice: 1,
      resalePrice: 10_000 + i,
      productLocation: 'Boston, MA',
      userYears: 1,
      postTime: 'today',
      productDescription: 'Counted.',
      sellerName: 'Counted',
      email,
      model: c.model,
      modelYear: c.year,
      mileage: c.miles,
      fuel: c.fuel,
      transmission: c.transmission,
      bodyStyle: c.body,
    })),
  );
  return ids;
}

async function counts(query: ReturnType<typeof sql>): Promise<Record<string, number>> {
  const result = (await database.db.execute(query)) as unknown as {
    rows: (Record<string, unknown> & { n: number | string })[];
  };
  return Object.fromEntries(
    result.rows
      .filter((row) => Number(row.n) !== 0)
      .map(({ n, ...key }) => [JSON.stringify(Object.values(key)), Number(n)]),
  );
}

const COLUMNS = sql.raw(
  'category_name, condition, model, fuel, transmission, body_style, model_year',
);

/** The kept counts, the direct count, and the facets both ways: equal, or the test fails. */
async function expectKeptCountsRight(): Promise<void> {
  const kept = await counts(sql`select ${COLUMNS}, n from vehicle_counts order by ${COLUMNS}`);
  const actual = await counts(
    sql`select ${COLUMNS}, count(*) as n from products where sold_at is null
      group by ${COLUMNS} order by ${COLUMNS}`,
  );
  expect(kept).toEqual(actual);
  for (const filters of FILTERS) {
    expect({
      ...(await countedFacets(database.db, filters)),
      ...(await countedVehicleFacets(database.db, filters)),
      countsExact: true,
    }).toEqual(await facetsInOnePass(database.db, filters, null));
  }
}

const inList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

describe(`vehicle_counts (${databaseKind})`, () => {
  let ids: string[] = [];

  it('follow inserts, one car at a time and many in one statement', async () => {
    await expectKeptCountsRight();
    ids.push(...(await post([car(0)])), ...(await post([car(1)])));
    ids.push(...(await post(Array.from({ length: 60 }, (_, i) => car(i + 2)))));
    await expectKeptCountsRight();
    const facets = await countedVehicleFacets(database.db, {});
    expect(Object.keys(facets.model).sort()).toEqual([
      '3 Series',
      'F8',
      'Model 3',
      'Model Y',
      'X5',
    ]);
  });

  it('follow edits of every counted column, and edits that change no count', async () => {
    await database.db.execute(
      sql`update products set model = 'X5', fuel = 'Hybrid', model_year = 2024
        where id in (${inList(ids.slice(0, 10))})`,
    );
    await database.db.execute(
      sql`update products set category_name = 'Tesla', model = null, transmission = null,
        body_style = 'SUV', condition = 'Fair' where id in (${inList(ids.slice(10, 16))})`,
    );
    await database.db.execute(sql`update products set mileage = 500, resale_price = 9999`);
    await expectKeptCountsRight();
  });

  it('follow sales (a sold car leaves them), a sale undone, and sold cars edited', async () => {
    await database.db.execute(
      sql`update products set sold_at = now() where id in (${inList(ids.slice(16, 30))})`,
    );
    await expectKeptCountsRight();
    await database.db.execute(
      sql`update products set sold_at = null where id in (${inList(ids.slice(16, 20))})`,
    );
    await database.db.execute(
      sql`update products set model = 'F8' where id in (${inList(ids.slice(20, 30))})`,
    );
    await expectKeptCountsRight();
  });

  it('follow deletes of cars for sale and of sold ones, down to none', async () => {
    await database.db.execute(sql`delete from products where id in (${inList(ids.slice(25, 40))})`);
    await expectKeptCountsRight();
    await database.db.execute(sql`delete from products where email = ${email}`);
    ids = [];
    await expectKeptCountsRight();
    expect(await countedVehicleFacets(database.db, { categories: ['BMW'] })).toEqual({
      model: {},
      fuel: {},
      transmission: {},
      bodyStyle: {},
      modelYear: null,
      mileage: null,
    });
  });

  it('add up two writers at the same moment, in the same groups, without a deadlock', async () => {
    const same = Array.from({ length: 12 }, (_, i) => car(i));
    /** Posts, edits and sells in one transaction, then deletes: overlapping the other writer. */
    const writer = async (reversed: boolean) => {
      for (let round = 0; round < 4; round++) {
        await database.db.transaction(async (tx) => {
          const cars = reversed ? [...same].reverse() : same;
          const posted = cars.map(() => newId());
          await tx.insert(products).values(
            cars.map((c, i) => ({
              _id: posted[i]!,
              carName: `Raced ${c.make}`,
              carPhoto: '/images/cars/car-01.svg',
              categoryName: c.make,
              condition: c.condition,
              originalPrice: 1,
              resalePrice: 20_000 + i,
              productLocation: 'Austin, TX',
              userYears: 2,
              postTime: 'today',
              productDescription: 'Raced.',
              sellerName: 'Counted',
              email,
              model: c.model,
              modelYear: c.year,
              mileage: c.miles,
              fuel: c.fuel,
              transmission: c.transmission,
              bodyStyle: c.body,
            })),
          );
          // Holds the groups' rows a moment, so the other writer's statements wait on them.
          await tx.execute(sql`select pg_sleep(0.02)`);
          await tx.execute(
            sql`update products set fuel = 'Electric' where id in (${inList(posted.slice(0, 6))})`,
          );
          await tx.execute(
            sql`update products set sold_at = now() where id in (${inList(posted.slice(6, 9))})`,
          );
        });
        await database.db.execute(
          sql`delete from products where email = ${email} and fuel = 'Electric' and model_year > 2015`,
        );
      }
    };
    await Promise.all([writer(false), writer(true)]);
    await expectKeptCountsRight();
  });
});
