/**
 * `npm run bench:export`: 'Download my data' for a busy account. On a fresh PGlite database (in
 * memory, migrated), one seller with BENCH_EXPORT_CARS cars (default 500), BENCH_EXPORT_BOOKINGS
 * bookings on them (default 2,000) and BENCH_EXPORT_MESSAGES messages in those (default 10,000);
 * the real server listens, and a client reads `GET /api/me/export` over HTTP, chunk by chunk,
 * keeping nothing. Measures the time to the last byte, the file's size and how far the process's
 * heap grew above where it stood before (sampled every 5 ms; run with --expose-gc so the baseline
 * is taken after a collection). Goal: 5 s or less, the heap 50 MB or less above its baseline.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app';
import { openDatabase } from '../server/src/platform/db/client';

const CARS = Number(process.env.BENCH_EXPORT_CARS ?? 500);
const BOOKINGS = Number(process.env.BENCH_EXPORT_BOOKINGS ?? 2000);
const MESSAGES = Number(process.env.BENCH_EXPORT_MESSAGES ?? 10_000);
const GOAL_MS = 5000;
const GOAL_HEAP_MB = 50;

const MB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc;

async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  await db.execute(sql`
    insert into categories (id, category_name, image, rating) values
      ('bench-make', 'Benchmake', '/images/cars/car-01.svg', 4)
    on conflict do nothing`);
  await db.execute(sql`
    insert into users (id, name, email, user_role, auth_uid) values
      ('bench-seller', 'Bench Seller', 'seller@bench.test', 'Seller', 'bench-seller-uid'),
      ('bench-buyer', 'Bench Buyer', 'buyer@bench.test', 'Buyer', 'bench-buyer-uid')`);
  await db.execute(sql`
    insert into products (id, car_name, car_photo, category_name, condition, original_price,
      resale_price, product_location, user_years, post_time, product_description, seller_name,
      email)
    select 'car-' || lpad(n::text, 5, '0'), 'Bench car ' || n, '/images/cars/car-01.svg',
      'Benchmake', 'Good', 20000, 15000 + n, 'Austin, TX', 3, 'now',
      'A car of the benchmark, described in a sentence or two like a real one.',
      'Bench Seller', 'seller@bench.test'
    from generate_series(1, ${CARS}) n`);
  // A second price for every car: its history has two rows.
  await db.execute(sql`update products set resale_price = resale_price - 500`);
  await db.execute(sql`
    insert into orders (id, buyer_name, buyer_email, product_name, product_price, phone,
      meet_location, product_id, car_image, status, seller_email, seller_name, buyer_id,
      seller_id, history)
    select 'order-' || lpad(n::text, 6, '0'), 'Bench Buyer', 'buyer@bench.test',
      'Bench car ' || (n % ${CARS} + 1), 15000, '5551234567', 'Main Street',
      'car-' || lpad((n % ${CARS} + 1)::text, 5, '0'), '/images/cars/car-01.svg', 'declined',
      'seller@bench.test', 'Bench Seller', 'bench-buyer', 'bench-seller',
      '[{"status":"requested","at":"2026-11-01T10:00:00.000Z"}]'::jsonb
    from generate_series(1, ${BOOKINGS}) n`);
  await db.execute(sql`
    insert into messages (id, order_id, sender_email, sender_name, text, sender_id, created_at)
    select 'message-' || n, 'order-' || lpad((n % ${BOOKINGS} + 1)::text, 6, '0'),
      'buyer@bench.test', 'Bench Buyer',
      'Is it still for sale? I could come and see it on Saturday morning, message ' || n,
      'bench-buyer', now() - (n || ' seconds')::interval
    from generate_series(1, ${MESSAGES}) n`);
}

async function main(): Promise<void> {
  const database = await openDatabase({});
  await database.migrate();
  await seed(database.db);
  const app = await buildApp({ db: database.db, listen: database.listen });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = app.signAccessToken({ email: 'seller@bench.test', uid: 'bench-seller-uid' });
  try {
    gc?.();
    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 5);
    const started = performance.now();
    const response = await fetch(`${address}/api/me/export`, {
      headers: { authorization: `bearer ${token}` },
    });
    if (!response.ok) throw new Error(`export: ${response.status} ${await response.text()}`);
    let bytes = 0;
    const reader = response.body!.getReader();
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      bytes += chunk.value.byteLength;
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    const ms = performance.now() - started;
    clearInterval(sampler);
    const grew = (peak - baseline) / MB;
    console.log(
      `export of ${CARS} cars, ${BOOKINGS} bookings, ${MESSAGES} messages (PGlite): ` +
        `${(ms / 1000).toFixed(2)} s, ${(bytes / MB).toFixed(1)} MB, heap +${grew.toFixed(1)} MB ` +
        `(goal: ≤ ${GOAL_MS / 1000} s, ≤ ${GOAL_HEAP_MB} MB)${gc ? '' : ' [run with --expose-gc]'}`,
    );
    if (ms > GOAL_MS || grew > GOAL_HEAP_MB) process.exitCode = 1;
  } finally {
    await app.close();
    await database.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
