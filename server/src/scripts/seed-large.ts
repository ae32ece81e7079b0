/**
 * `npm run seed:large`: a large, realistic data set in the configured database (DATABASE_URL,
 * else PGlite in DATA_DIR): 100,000 products across the four categories, 20,000 users (5,000
 * sellers, 15,000 buyers) and 200,000 orders. For measuring the catalogue at scale
 * (`npm run bench:scale`), never for production.
 *
 * The rows are generated inside the database (`INSERT … SELECT … FROM generate_series`), in
 * one transaction, so it is as fast as the database can write them and a failure leaves
 * nothing behind. Values are deterministic (a hash of the row number): real car models per
 * brand, prices in each brand's range, US cities, years used, conditions, post dates over
 * the last two years, the demo car pictures. It is idempotent: a second run finds its first
 * user, writes nothing and says so. With PGlite, stop the server first (one process at a time).
 *
 * Sizes can be changed for a quick try: `--products=N --users=N --orders=N`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { join } from 'node:path';
import { ConfigError, loadServerConfig } from '../config';
import { runScript } from './run-script';
import { openDatabase, type Db } from '../db/client';
import { acquirePgliteLock } from '../db/pglite-lock';
import { seedReferenceData } from '../db/seed';

export interface LargeSizes {
  products: number;
  users: number;
  orders: number;
}

export const LARGE_SIZES: LargeSizes = { products: 100_000, users: 20_000, orders: 200_000 };

/** One user in four is a seller. */
const SELLER_EVERY = 4;

const FIRST = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Karen',
  'Daniel',
  'Lisa',
  'Matthew',
  'Nancy',
  'Anthony',
  'Sofia',
  'Mark',
  'Aisha',
  'Wei',
  'Priya',
  'Hiroshi',
  'Fatima',
  'Luca',
  'Olga',
  'Kwame',
  'Ines',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Nguyen',
  'Patel',
  'Kim',
  'Okafor',
  'Rossi',
  'Novak',
];
const CITIES = [
  'Austin, TX',
  'Dallas, TX',
  'Houston, TX',
  'San Jose, CA',
  'Los Angeles, CA',
  'San Diego, CA',
  'Miami, FL',
  'Orlando, FL',
  'Tampa, FL',
  'Chicago, IL',
  'Denver, CO',
  'Seattle, WA',
  'Portland, OR',
  'Phoenix, AZ',
  'Las Vegas, NV',
  'Salt Lake City, UT',
  'Atlanta, GA',
  'Charlotte, NC',
  'Nashville, TN',
  'New York, NY',
  'Boston, MA',
  'Philadelphia, PA',
  'Detroit, MI',
  'Minneapolis, MN',
  'Kansas City, MO',
  'Columbus, OH',
  'Pittsburgh, PA',
  'Baltimore, MD',
  'Newark, NJ',
  'Scottsdale, AZ',
];
/** Per category, in the seed's order: models, price range (USD), the demo pictures. */
const CATEGORIES = [
  {
    name: 'Tesla',
    models: [
      'Model 3 Long Range',
      'Model 3 Performance',
      'Model S Plaid',
      'Model S Long Range',
      'Model X Plaid',
      'Model Y Performance',
      'Model Y Long Range',
      'Cybertruck AWD',
    ],
    low: 38_000,
    high: 125_000,
    firstPicture: 1,
  },
  {
    name: 'Ferrari',
    models: [
      '488 GTB',
      'Portofino M',
      'Roma',
      'F8 Tributo',
      'SF90 Stradale',
      '812 Superfast',
      '296 GTB',
      'California T',
      'GTC4Lusso',
    ],
    low: 190_000,
    high: 520_000,
    firstPicture: 4,
  },
  {
    name: 'BMW',
    models: [
      'M3 Competition',
      'M4 Competition',
      'M5 CS',
      'i4 M50',
      'iX xDrive50',
      '330i xDrive',
      'X5 M60i',
      'X3 M40i',
      'Z4 M40i',
    ],
    low: 35_000,
    high: 140_000,
    firstPicture: 7,
  },
  {
    name: 'Lamborghini',
    models: [
      'Huracán EVO',
      'Huracán STO',
      'Huracán Tecnica',
      'Urus S',
      'Urus Performante',
      'Aventador S',
      'Aventador SVJ',
      'Revuelto',
    ],
    low: 210_000,
    high: 600_000,
    firstPicture: 10,
  },
];
const DESCRIPTIONS = [
  'One owner, always garaged, full service history.',
  'Non-smoker, no accidents, clean title.',
  'New tyres and brakes last spring.',
  'Small stone chips on the bonnet, otherwise very clean.',
  'Ceramic coating and paint protection film on the front.',
  'Dealer maintained; both keys and the original window sticker.',
  'Needs a bumper respray; mechanically perfect.',
  'Upgraded sound system and tinted windows.',
  'Highway miles mostly; interior like new.',
  'Recent major service; ready for a long road trip.',
];

const text = (values: readonly string[]) =>
  sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);

/** A deterministic pseudo-random integer in [0, n) for row `g` and stream `seed` (a hash). */
const rnd = (seed: number, n: number, g = 'g') =>
  sql.raw(`((hashint8extended((${g})::bigint, ${seed}) & 2147483647) % ${n})::int`);
/** An element of a text array. */
const pick = (values: readonly string[], seed: number, g = 'g') =>
  sql`(${text(values)})[1 + ${rnd(seed, values.length, g)}]`;

const userId = (g: SQL) => sql`substr(md5('large-user-' || ${g}), 1, 24)`;
const productId = (g: SQL) => sql`substr(md5('large-product-' || ${g}), 1, 24)`;

/** Rows of a statement's result (PGlite and node-postgres shape it alike). */
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export type SeedLargeOutcome =
  | { seeded: true; seconds: Record<'users' | 'products' | 'orders' | 'analyze', number> }
  | { seeded: false; reason: string };

/** Writes the large data set, unless it is there already. */
export async function seedLarge(
  db: Db,
  sizes: LargeSizes = LARGE_SIZES,
): Promise<SeedLargeOutcome> {
  const sellers = Math.floor(sizes.users / SELLER_EVERY);
  const buyers = sizes.users - sellers;
  if (sellers < 1 || buyers < 1 || sizes.products < 1) {
    throw new Error('seed-large needs at least 4 users and 1 product');
  }
  const [marker] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users where id = ${userId(sql`1`)}`,
  );
  if (marker && Number(marker.n) > 0) {
    const [counts] = await rows<{ p: number; u: number; o: number }>(
      db,
      sql`select (select count(*) from products)::int as p, (select count(*) from users)::int as u,
                 (select count(*) from orders)::int as o`,
    );
    return {
      seeded: false,
      reason:
        `the large data set is already here (${counts?.p} products, ${counts?.u} users, ` +
        `${counts?.o} orders); nothing was written. Use a new data folder or database to seed again.`,
    };
  }
  await seedReferenceData(db);
  const seconds = { users: 0, products: 0, orders: 0, analyze: 0 };
  const timed = async (name: keyof typeof seconds, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    seconds[name] = Math.round((performance.now() - started) / 100) / 10;
  };
  const twoYears = 2 * 365 * 24 * 3600;
  // Numbers go into the SQL text (not as parameters), so every expression has a known type.
  const n = (value: number) => sql.raw(String(Math.floor(value)));
  const categories = n(CATEGORIES.length);
  const every = n(SELLER_EVERY);
  const everyButOne = n(SELLER_EVERY - 1);

  await db.transaction(async (tx) => {
    await timed('users', () =>
      tx.execute(sql`
        insert into users (id, name, email, user_role, user_img, user_verify, created_at)
        select ${userId(sql`g`)},
               f.first || ' ' || f.last,
               lower(f.first || '.' || f.last || '.' || g) || '@example.com',
               case when g % ${every} = 0 then 'Seller' else 'Buyer' end,
               '/images/avatar.svg',
               case when g % ${every} = 0 and ${rnd(3, 10)} < 4 then 'true' else 'false' end,
               now() - make_interval(secs => ${rnd(4, 3 * 365 * 24 * 3600)}) - g * interval '1 microsecond'
        from generate_series(1, ${n(sizes.users)}) g,
             lateral (select ${pick(FIRST, 1)} as first, ${pick(LAST, 2)} as last) f
      `),
    );

    // Per category: models, price range and first picture, indexed by g % categories.
    const models = CATEGORIES.map((c) => text(c.models));
    const modelOf = sql.join(
      CATEGORIES.map(
        (c, i) =>
          sql`when ${sql.raw(String(i))} then ${sql.raw(`'${c.name} '`)} || (${models[i]})[1 + ${rnd(5, c.models.length)}]`,
      ),
      sql` `,
    );
    const lowOf = sql.join(
      CATEGORIES.map((c, i) => sql.raw(`when ${i} then ${c.low}`)),
      sql` `,
    );
    const spanOf = sql.join(
      CATEGORIES.map((c, i) => sql.raw(`when ${i} then ${c.high - c.low}`)),
      sql` `,
    );
    const pictureOf = sql.join(
      CATEGORIES.map((c, i) => sql.raw(`when ${i} then ${c.firstPicture}`)),
      sql` `,
    );
    const categoryOf = sql.join(
      CATEGORIES.map((c, i) => sql.raw(`when ${i} then '${c.name}'`)),
      sql` `,
    );

    await timed('products', () =>
      tx.execute(sql`
        insert into products (id, car_name, car_photo, category_name, condition, original_price,
          resale_price, product_location, user_years, post_time, product_description,
          seller_name, seller_photo, email, advertisement, created_at)
        select ${productId(sql`v.g`)},
               v.car_name,
               '/images/cars/car-' || lpad((v.picture + ${rnd(6, 3, 'v.g')})::text, 2, '0') || '.svg',
               v.category_name,
               v.condition,
               v.original_price,
               greatest(round(v.original_price * (0.93 - 0.045 * v.years - v.wear) / 100) * 100,
                        round(v.original_price * 0.3 / 100) * 100),
               ${pick(CITIES, 7, 'v.g')},
               v.years,
               to_char(v.created_at at time zone 'UTC', 'FMMM/FMDD/YYYY, FMHH12:MI:SS AM'),
               ${pick(DESCRIPTIONS, 8, 'v.g')} || ' ' || ${pick(DESCRIPTIONS, 9, 'v.g')},
               s.name,
               s.user_img,
               s.email,
               case when ${rnd(10, 100, 'v.g')} = 0 then 'true' else 'false' end,
               v.created_at
        from (
          select g,
                 case g % ${categories} ${modelOf} end as car_name,
                 case g % ${categories} ${categoryOf} end as category_name,
                 case g % ${categories} ${pictureOf} end as picture,
                 round((case g % ${categories} ${lowOf} end
                        + ${rnd(11, 1_000_000)}::float8 / 1000000
                          * case g % ${categories} ${spanOf} end) / 100) * 100 as original_price,
                 ${rnd(12, 11)} as years,
                 case when ${rnd(13, 20)} < 7 then 'Excellent'
                      when ${rnd(13, 20)} < 16 then 'Good' else 'Fair' end as condition,
                 case when ${rnd(13, 20)} < 7 then 0.0
                      when ${rnd(13, 20)} < 16 then 0.05 else 0.12 end as wear,
                 now() - make_interval(secs => ${rnd(14, twoYears)}) - g * interval '1 microsecond'
                   as created_at
          from generate_series(1, ${n(sizes.products)}) g
        ) v
        join users s on s.id = ${userId(sql`(${every} * (1 + ${rnd(15, sellers, 'v.g')}))`)}
      `),
    );

    await timed('orders', () =>
      tx.execute(sql`
        insert into orders (id, buyer_name, buyer_email, product_name, product_price, phone,
          meet_location, product_id, car_image, created_at, seller_email, seller_name, status,
          history, buyer_id, seller_id)
        select id, buyer_name, buyer_email, product_name, product_price, phone, meet_location,
               product_id, car_image, created_at, seller_email, seller_name,
               -- A buyer holds one open booking per car: the same pair again was cancelled.
               case when repeat = 1 then 'requested' else 'cancelled' end,
               jsonb_build_array(jsonb_build_object('status', 'requested', 'at', created_at)),
               buyer_id, seller_id
        from (
        select substr(md5('large-order-' || o.g), 1, 24) as id,
               b.name as buyer_name,
               b.email as buyer_email,
               b.id as buyer_id,
               p.car_name as product_name,
               p.resale_price as product_price,
               '+1 ' || (200 + ${rnd(16, 800, 'o.g')}) || '-555-' || lpad(${rnd(17, 10000, 'o.g')}::text, 4, '0')
                 as phone,
               p.product_location as meet_location,
               p.id as product_id,
               p.car_photo as car_image,
               least(now(), p.created_at + make_interval(secs => ${rnd(18, 60 * 24 * 3600, 'o.g')}))
                 as created_at,
               p.email as seller_email,
               (select s.id from users s where s.email = p.email) as seller_id,
               p.seller_name,
               row_number() over (partition by b.email, p.id order by o.g) as repeat
        from (
          select g,
                 ${rnd(19, buyers)} as b,
                 1 + ${rnd(20, sizes.products)} as p
          from generate_series(1, ${n(sizes.orders)}) g
        ) o
        join users b on b.id = ${userId(sql`(${every} * (o.b / ${everyButOne}) + o.b % ${everyButOne} + 1)`)}
        join products p on p.id = ${productId(sql`o.p`)}
        ) seeded
      `),
    );
  });
  // Fresh statistics and visibility maps: the planner picks the indexes, counts read them only.
  await timed('analyze', async () => {
    for (const table of ['users', 'products', 'orders']) {
      await db.execute(sql.raw(`vacuum analyze ${table}`));
    }
  });
  return { seeded: true, seconds };
}

function sizeArg(args: string[], name: keyof LargeSizes): number {
  const arg = args.find((a) => a.startsWith(`--${name}=`));
  if (!arg) return LARGE_SIZES[name];
  const value = Number(arg.split('=')[1]);
  if (!Number.isInteger(value) || value < 1)
    throw new ConfigError(`--${name} must be a whole number`);
  return value;
}

async function main(args: string[]): Promise<number> {
  const sizes = {
    products: sizeArg(args, 'products'),
    users: sizeArg(args, 'users'),
    orders: sizeArg(args, 'orders'),
  };
  const config = loadServerConfig();
  const release = config.databaseUrl ? () => {} : acquirePgliteLock(config.dataDir);
  const started = performance.now();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: join(config.dataDir, 'pglite'),
  });
  try {
    await database.migrate();
    const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${join(config.dataDir, 'pglite')}`;
    console.log(
      `Seeding ${sizes.products} products, ${sizes.users} users, ${sizes.orders} orders into ${where}…`,
    );
    const outcome = await seedLarge(database.db, sizes);
    if (!outcome.seeded) {
      // Idempotent: a second run changes nothing and says so.
      console.log(`seed:large: ${outcome.reason}`);
      return 0;
    }
    const total = Math.round((performance.now() - started) / 100) / 10;
    const s = outcome.seconds;
    console.log(
      `Done in ${total} s (users ${s.users} s, products ${s.products} s, orders ${s.orders} s, ` +
        `vacuum analyze ${s.analyze} s; the rest is opening and migrating).`,
    );
    return 0;
  } finally {
    await database.close();
    release();
  }
}

if (require.main === module) runScript(main);
