/**
 * What the benchmarks on replicas share (bench/replicas.ts, bench/rolling-restart.ts): a fresh
 * PostgreSQL database with sellers, buyers and cars, and a load of bookings on it.
 */
import type autocannon from 'autocannon';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { openDatabase } from '../server/src/platform/db/client';
import { seedReferenceData } from '../server/src/scripts/reference-data';
import type { Replica } from '../scripts/lib/cluster';
import { stopProcess } from '../scripts/lib/processes';
import { root } from './lib';
import { accessToken, BENCH_SECRET } from './scale';

export const SIZES = { sellers: 40, buyers: 400, products: 2000 };
export const CATEGORIES = ['Tesla', 'Ferrari', 'BMW', 'Lamborghini'];

/** The server to make the bench database on (any database of it: only the server is used). */
export function serverUrl(): string {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const found = spawnSync('bash', [join(root, 'scripts', 'postgres-for-tests.sh')], {
    encoding: 'utf8',
  });
  if (found.status !== 0) throw new Error('no PostgreSQL: set BENCH_DATABASE_URL');
  return found.stdout.trim();
}

/** A fresh, migrated database with the bench's sellers, buyers and cars; answers its URL. */
export async function freshDatabase(base: string, name: string): Promise<string> {
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await database.migrate();
  await seedReferenceData(database.db);
  await database.close();
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  const { sellers, buyers, products } = SIZES;
  await client.query(`
    insert into users (id, name, email, user_role)
      select 'rs' || g, 'Seller ' || g, 'replica-seller-' || g || '@bench.test', 'Seller'
      from generate_series(0, ${sellers - 1}) g
    union all
      select 'rb' || g, 'Buyer ' || g, 'replica-buyer-' || g || '@bench.test', 'Buyer'
      from generate_series(0, ${buyers - 1}) g`);
  await client.query(
    `
    insert into products (id, car_name, car_photo, category_name, condition, original_price,
      resale_price, product_location, user_years, post_time, product_description, seller_name,
      email, advertisement, created_at)
    select 'rp' || g, 'Car ' || g, '/images/cars/car-01.svg', ($1::text[])[1 + g % 4], 'Good',
           50000, 40000, 'Austin, TX', 2, 'now', 'A car for the replica bench',
           'Seller ' || (g % ${sellers}), 'replica-seller-' || (g % ${sellers}) || '@bench.test',
           case when g % 4 = 0 then 'true' else 'false' end, now() - g * interval '1 minute'
    from generate_series(0, ${products - 1}) g`,
    [CATEGORIES],
  );
  await client.query('vacuum analyze');
  await client.end();
  return url.toString();
}

/** Every request a booking of a new (buyer, car) pair, so none is refused as a second booking. */
export function bookings(): Partial<autocannon.Options> {
  let n = 0;
  const tokens = Array.from({ length: SIZES.buyers }, (_, i) =>
    accessToken(`replica-buyer-${i}@bench.test`, BENCH_SECRET),
  );
  return {
    requests: [
      {
        method: 'POST',
        path: '/api/orders',
        setupRequest: (request) => {
          const k = n++;
          const buyer = k % SIZES.buyers;
          const car = Math.floor(k / SIZES.buyers) % SIZES.products;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              authorization: `bearer ${tokens[buyer]}`,
            },
            body: JSON.stringify({
              buyerName: `Buyer ${buyer}`,
              phone: '5551234567',
              meetLocation: 'Main St',
              productID: `rp${car}`,
            }),
          };
        },
      },
    ],
  };
}

/** Stops a bench's HAProxy and replicas and removes their folder. */
export async function stopBenchCluster(
  haproxy: ChildProcess | undefined,
  replicas: Replica[],
  dataDir: string,
): Promise<void> {
  if (haproxy) await stopProcess(haproxy);
  await Promise.all(replicas.map((replica) => replica.stop()));
  rmSync(dataDir, { recursive: true, force: true });
}
