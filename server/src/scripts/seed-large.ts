/**
 * `npm run seed:large`: a large, realistic data set in the configured database (DATABASE_URL,
 * else PGlite in DATA_DIR): 100,000 products across the four categories, 20,000 users (5,000
 * sellers, 15,000 buyers) and 200,000 orders. For measuring the catalogue at scale
 * (`npm run bench:scale`), never for production.
 *
 * Users and orders are generated inside the database (`INSERT … SELECT … FROM generate_series`),
 * the cars in this process from the known market (known-market.ts: real models per make, model
 * years, mileages, conditions and prices from a known rule, so `npm run bench:value` can tell how
 * far the market values are from the truth), all in one transaction, so a failure leaves
 * nothing behind. Values are deterministic (a hash of the row number): real US ZIP codes (most
 * in the big metros, a long tail anywhere: seed-large-places.ts), post dates
 * over the last two years, the demo car pictures. It is idempotent: a second run finds its first
 * user, writes nothing and says so. With PGlite, stop the server first (one process at a time).
 *
 * Sizes can be changed for a quick try: `--products=N --users=N --orders=N`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { join } from 'node:path';
import { ConfigError, loadServerConfig } from '../config';
import { runScript } from './run-script';
import { openDatabase, type Db } from '../platform/db/client';
import { acquirePgliteLock } from '../platform/db/pglite-lock';
import { seedReferenceData } from './reference-data';
import { FIRST, LAST } from './seed-large-names';
import { insertKnownCars } from './seed-large-products';

export interface LargeSizes {
  products: number;
  users: number;
  orders: number;
}

export const LARGE_SIZES: LargeSizes = { products: 100_000, users: 20_000, orders: 200_000 };

/** One user in four is a seller. */
const SELLER_EVERY = 4;

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
  const year = new Date().getUTCFullYear();
  // Numbers go into the SQL text (not as parameters), so every expression has a known type.
  const n = (value: number) => sql.raw(String(Math.floor(value)));
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

    await timed('products', () =>
      insertKnownCars(tx as unknown as Db, sizes.products, sellers, SELLER_EVERY, year),
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
