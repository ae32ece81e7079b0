/**
 * `npm run bench:insights`: what each listing earns, at a dealer's scale, on PostgreSQL. A dealer
 * with 500 cars (BENCH_INSIGHTS_CARS) and a million recorded views (BENCH_INSIGHTS_VIEWS) over the
 * last 90 days, beside 5,000 other sellers' cars: times `GET /api/insights?days=30|90` as the
 * dealer (goal p99 ≤ 100 ms), and what counting a view adds to a car's page: the page for a
 * browser (counted) against the same page for a robot (not counted), each request a new visitor,
 * and `ViewCounter.record` on its own (goal ≤ 1 ms p99 added). Then one flush of 500 views.
 *
 * A database of its own, `cardealer_insights` beside DATABASE_URL's (or INSIGHTS_DATABASE_URL):
 * migrated and seeded once; the server is built in this process on a spare port.
 */
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { buildApp } from '../server/src/app';
import { openDatabase } from '../server/src/platform/db/client';
import { ViewCounter } from '../server/src/insights/view-counter';
import { seedReferenceData } from '../server/src/scripts/reference-data';
import { repositories } from '../server/src/repositories';
import { benchUid, signAccessToken } from '../server/test/bench-users';
import { percentile, round, runMain, shellWebRoot } from './lib';

const CARS = Number(process.env.BENCH_INSIGHTS_CARS ?? 500);
const VIEWS = Number(process.env.BENCH_INSIGHTS_VIEWS ?? 1_000_000);
const OTHER_CARS = 5_000;
const DEALER = 'dealer@insights.bench';
const SECRET = 'insights-bench-secret-at-least-32-characters-long';
const REQUESTS = 300;

async function databaseUrl(): Promise<string> {
  if (process.env.INSIGHTS_DATABASE_URL) return process.env.INSIGHTS_DATABASE_URL;
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('set DATABASE_URL (a PostgreSQL server) or INSIGHTS_DATABASE_URL');
  const admin = new Client({ connectionString: base });
  await admin.connect();
  const found = await admin.query(`select 1 from pg_database where datname = 'cardealer_insights'`);
  if (found.rowCount === 0) await admin.query('create database cardealer_insights');
  await admin.end();
  const url = new URL(base);
  url.pathname = '/cardealer_insights';
  return url.toString();
}

/** The dealer, its cars and a million views; other sellers' cars; saves, bookings, messages. */
async function seed(client: Client): Promise<void> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from car_views v join products p on p.id = v.car_id
      where p.email = '${DEALER}'`,
  );
  if ((rows[0]?.n ?? 0) >= VIEWS) return;
  await client.query('begin');
  await client.query(`
    insert into users (id, name, email, user_role)
    select 'ib' || g, 'Person ' || g, 'insights-' || g || '@bench.test', 'Buyer'
      from generate_series(0, 999) g
    union all select 'ibo', 'Other seller', 'other@insights.bench', 'Seller'
    on conflict do nothing`);
  const car = (prefix: string, count: number, email: string) => `
    insert into products (id, car_name, car_photo, category_name, condition, original_price,
      resale_price, product_location, user_years, post_time, product_description, seller_name,
      email, created_at)
    select '${prefix}' || g, '2020 BMW 330i no. ' || g, '/images/cars/car-01.svg', 'BMW', 'Good',
           50000, 30000 + g, 'Austin', 2, 'now', 'A car', 'Seller', '${email}',
           now() - (g % 120) * interval '1 day'
      from generate_series(0, ${count - 1}) g
    on conflict do nothing`;
  await client.query(car('ibd', CARS, DEALER));
  await client.query(car('ibx', OTHER_CARS, 'other@insights.bench'));
  // A million distinct visitors' views of the dealer's cars, spread over the last 90 days.
  await client.query(`
    insert into car_views (car_id, day, visitor)
    select 'ibd' || (g % ${CARS}), current_date - ((g / ${CARS}) % 90), md5(g::text)
      from generate_series(0, ${VIEWS - 1}) g
    on conflict do nothing`);
  await client.query(`
    insert into car_views (car_id, day, visitor)
    select 'ibx' || (g % ${OTHER_CARS}), current_date - (g % 90), md5('x' || g)
      from generate_series(0, 199999) g
    on conflict do nothing`);
  await client.query(`
    insert into saved_cars (user_id, product_id, car_name, car_photo, saved_price, saved_at)
    select 'ib' || (g % 1000), 'ibd' || (g % ${CARS}), 'BMW', '/p.svg', 30000,
           now() - (g % 90) * interval '1 day'
      from generate_series(0, 19999) g
    on conflict do nothing`);
  await client.query(`
    insert into orders (id, buyer_name, buyer_email, product_name, product_price, phone,
      meet_location, product_id, car_image, seller_email, seller_name, buyer_id, status,
      created_at)
    select 'ibo' || g, 'Person', 'insights-' || g || '@bench.test', 'BMW', 30000, '555',
           'Main St', 'ibd' || (g % ${CARS}), '/p.svg', '${DEALER}', 'Dealer', 'ib' || g,
           'declined', now() - (g % 90) * interval '1 day'
      from generate_series(0, 999) g
    on conflict do nothing`);
  await client.query(`
    insert into messages (id, order_id, sender_email, sender_name, text, created_at)
    select 'ibm' || g, 'ibo' || (g % 1000), 'insights-' || (g % 1000) || '@bench.test',
           'Person', 'Is it still for sale?', now() - (g % 90) * interval '1 day'
      from generate_series(0, 4999) g
    on conflict do nothing`);
  await client.query('commit');
  await client.query('vacuum analyze');
}

interface Timing {
  p50: number;
  p99: number;
  bytes: number;
  /** This process's CPU time per request (server and client: both run here), ms. */
  cpu: number;
}

/** `n` sequential GETs (after 20 untimed), each with the headers `headersOf(i)` gives. */
async function timeGets(
  url: string,
  headersOf: (i: number) => Record<string, string>,
  n = REQUESTS,
): Promise<Timing> {
  const samples: number[] = [];
  let bytes = 0;
  let cpuFrom = process.cpuUsage();
  for (let i = -20; i < n; i++) {
    if (i === 0) cpuFrom = process.cpuUsage();
    const started = performance.now();
    const response = await fetch(url, { headers: headersOf(i) });
    const body = await response.arrayBuffer();
    if (i >= 0) samples.push(performance.now() - started);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    bytes = body.byteLength;
  }
  const cpu = process.cpuUsage(cpuFrom);
  samples.sort((a, b) => a - b);
  return {
    p50: round(percentile(samples, 50)),
    p99: round(percentile(samples, 99)),
    bytes,
    cpu: round((cpu.user + cpu.system) / 1000 / n),
  };
}

/** `ViewCounter.record` alone: each call a new visitor (µs). */
function timeRecord(counter: ViewCounter): { p50: number; p99: number } {
  const samples: number[] = [];
  for (let i = 0; i < 20_000; i++) {
    const started = performance.now();
    counter.record({
      carId: 'ibd1',
      account: null,
      address: `10.0.${(i >> 8) & 255}.${i & 255}`,
      userAgent: `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36 n${i}`,
    });
    samples.push((performance.now() - started) * 1000);
  }
  samples.sort((a, b) => a - b);
  return { p50: round(percentile(samples, 50)), p99: round(percentile(samples, 99)) };
}

runMain(async () => {
  const url = await databaseUrl();
  const database = await openDatabase({ databaseUrl: url });
  await database.migrate();
  await seedReferenceData(database.db);
  await repositories(database.db).users.upsert({
    email: DEALER,
    name: 'Dealer',
    userImg: '',
    userRole: 'Seller',
    authUid: benchUid(DEALER),
  });
  const client = new Client({ connectionString: url });
  await client.connect();
  const seeding = performance.now();
  await seed(client);
  const seedMs = performance.now() - seeding;
  await client.end();

  const webRoot = shellWebRoot('insights');
  const app = await buildApp({ db: database.db, accessTokenSecret: SECRET, webRoot });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const auth = { authorization: `bearer ${signAccessToken(SECRET, DEALER)}` };
  try {
    const loadBefore = loadavg()[0]!.toFixed(1);
    const days90 = await timeGets(`${origin}/api/insights?days=90`, () => auth);
    const days30 = await timeGets(`${origin}/api/insights?days=30`, () => auth);
    const page = (agent: (i: number) => string) =>
      timeGets(`${origin}/cars/ibd7`, (i) => ({ accept: 'text/html', 'user-agent': agent(i) }));
    const robot = await page(() => 'Mozilla/5.0 (compatible; Googlebot/2.1)');
    const browser = await page((i) => `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 n${i}`);
    const robotAgain = await page(() => 'Mozilla/5.0 (compatible; Googlebot/2.1)');
    const counter = new ViewCounter(database.db, {
      flushMs: 3_600_000,
      batch: 100_000,
      cap: 100_000,
    });
    const record = timeRecord(counter);
    const flushing = performance.now();
    await counter.close();
    const flushMs = (performance.now() - flushing) / (20_000 / 500);

    console.log(`seeded or found in ${(seedMs / 1000).toFixed(1)} s`);
    console.log(
      `load average ${loadBefore} before the requests, ${loadavg()[0]!.toFixed(1)} after`,
    );
    console.log(
      `| ${CARS} cars, ${VIEWS.toLocaleString('en-US')} views, PostgreSQL | p50 | p99 | body | CPU here / request |`,
    );
    console.log('| --- | --- | --- | --- | --- |');
    const row = (name: string, t: Timing) =>
      console.log(
        `| ${name} | ${t.p50} ms | ${t.p99} ms | ${Math.round(t.bytes / 1024)} KB | ${t.cpu} ms |`,
      );
    row('GET /api/insights?days=90 (goal p99 ≤ 100 ms)', days90);
    row('GET /api/insights?days=30', days30);
    row("a car's page, robot (not counted)", robot);
    row("a car's page, a new visitor each time (counted)", browser);
    row("a car's page, robot again", robotAgain);
    console.log(`| ViewCounter.record alone | ${record.p50} µs | ${record.p99} µs | | |`);
    console.log(`| one write of 500 views (a batch) | ${round(flushMs)} ms | | | |`);
  } finally {
    await app.close();
    await database.close();
    rmSync(webRoot, { recursive: true, force: true });
  }
});
