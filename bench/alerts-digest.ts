/**
 * `npm run bench:alerts-digest`: one day's alert digests at scale, on PostgreSQL. 20,000 people
 * (BENCH_DIGEST_PEOPLE), each with a daily saved search and a saved car, and three alerts waiting
 * for the digest (two new matches and a lower price): times one digest run, that is the enqueue
 * (DigestScheduler: the claim, an outbox row per person, the alerts marked) and then composing and
 * "sending" every mail through the mail worker with a transport that only counts. Goal ≤ 60 s.
 *
 * A database of its own, `cardealer_alerts_digest` beside DATABASE_URL's (or
 * ALERTS_DIGEST_DATABASE_URL): migrated and seeded once; each run writes the alerts afresh.
 */
import { resolve } from 'node:path';
import { Client } from 'pg';
import { DigestScheduler } from '../server/src/alerts/digest';
import { openDatabase } from '../server/src/platform/db/client';
import { seedReferenceData } from '../server/src/scripts/reference-data';
import { type MailTransport } from '../server/src/platform/mail/mail-worker';
import { MailWorker } from '../server/src/marketplace-mail';

const PEOPLE = Number(process.env.BENCH_DIGEST_PEOPLE ?? 20_000);
const CARS = 5_000;
/** The cars whose price went down once (the price drops' changes). */
const DROPPED = 1_000;

export interface DigestBench {
  people: number;
  alerts: number;
  enqueueMs: number;
  sendMs: number;
  mails: number;
}

async function databaseUrl(): Promise<string> {
  if (process.env.ALERTS_DIGEST_DATABASE_URL) return process.env.ALERTS_DIGEST_DATABASE_URL;
  const base = process.env.DATABASE_URL;
  if (!base)
    throw new Error('set DATABASE_URL (a PostgreSQL server) or ALERTS_DIGEST_DATABASE_URL');
  const admin = new Client({ connectionString: base });
  await admin.connect();
  const found = await admin.query(
    `select 1 from pg_database where datname = 'cardealer_alerts_digest'`,
  );
  if (found.rowCount === 0) await admin.query('create database cardealer_alerts_digest');
  await admin.end();
  const url = new URL(base);
  url.pathname = '/cardealer_alerts_digest';
  return url.toString();
}

/** People, cars, searches and saved cars: once (a second run finds them). */
async function seed(client: Client, people: number): Promise<void> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from users where id like 'dg%'`,
  );
  if ((rows[0]?.n ?? 0) >= people) return;
  await client.query('begin');
  await client.query(`
    insert into users (id, name, email, user_role)
    select 'dg' || g, 'Person ' || g, 'digest-' || g || '@bench.test', 'Buyer'
    from generate_series(0, ${people - 1}) g
    union all select 'dgs', 'Seller', 'digest-seller@bench.test', 'Seller'
    on conflict do nothing`);
  await client.query(`
    insert into products (id, car_name, car_photo, category_name, condition, original_price,
      resale_price, product_location, user_years, post_time, product_description, seller_name,
      email)
    select 'dgp' || g, '2019 BMW 330i no. ' || g, '/images/cars/car-01.svg', 'BMW', 'Good',
           50000, 40000, 'Austin', 2, 'now', 'A car', 'Seller', 'digest-seller@bench.test'
    from generate_series(0, ${CARS - 1}) g
    on conflict do nothing`);
  await client.query(`
    update products set resale_price = 38000
    where id in (select 'dgp' || g from generate_series(0, ${DROPPED - 1}) g)`);
  await client.query(`
    insert into saved_searches (id, user_id, name, query, q, notify)
    select 'dgs' || g, 'dg' || g, 'BMW · under $60,000', 'q=bmw' || g, 'bmw' || g, 'daily'
    from generate_series(0, ${people - 1}) g
    on conflict do nothing`);
  await client.query(`
    insert into saved_cars (user_id, product_id, car_name, car_photo, saved_price)
    select 'dg' || g, 'dgp' || (g % ${DROPPED}), '2019 BMW 330i', '/images/cars/car-01.svg', 40000
    from generate_series(0, ${people - 1}) g
    on conflict do nothing`);
  await client.query('commit');
}

/** Each person's alerts, afresh: two matches and a price drop waiting for the digest. */
async function writeAlerts(client: Client, people: number): Promise<number> {
  await client.query('delete from outbox');
  await client.query(`delete from notifications where id like 'dgn%'`);
  await client.query(`update alert_settings set digest_day = null`);
  await client.query(`
    insert into notifications (id, user_email, kind, text, user_id, product_id, saved_search_id,
      alert_key, mail, created_at)
    select 'dgn' || g || '-' || k, 'digest-' || g || '@bench.test', 'match', 'New match',
           'dg' || g, 'dgp' || ((g * 7 + k) % ${CARS}), 'dgs' || g,
           'match:dgs' || g || ':dgp' || ((g * 7 + k) % ${CARS}), 'digest',
           now() - interval '3 hours'
    from generate_series(0, ${people - 1}) g, generate_series(0, 1) k`);
  await client.query(`
    insert into notifications (id, user_email, kind, text, user_id, product_id, alert_key, mail,
      created_at)
    select 'dgn' || g || '-drop', 'digest-' || g || '@bench.test', 'price_drop', 'Cheaper',
           'dg' || g, h.product_id, 'drop:dg' || g || ':' || h.product_id || ':' || h.id,
           'digest', now() - interval '2 hours'
    from generate_series(0, ${people - 1}) g
    join price_history h on h.product_id = 'dgp' || (g % ${DROPPED}) and h.previous_price is not null`);
  // The previous run's rows are gone for good (as a day's would be in service, by autovacuum).
  await client.query('vacuum analyze notifications');
  await client.query('vacuum analyze outbox');
  await client.query('vacuum analyze alert_settings');
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from notifications where id like 'dgn%'`,
  );
  return rows[0]?.n ?? 0;
}

/** Seeds, writes the alerts, and times one digest run. */
export async function benchDigest(people = PEOPLE): Promise<DigestBench> {
  const url = await databaseUrl();
  const database = await openDatabase({ databaseUrl: url });
  await database.migrate();
  await seedReferenceData(database.db);
  const client = new Client({ connectionString: url });
  await client.connect();
  await seed(client, people);
  const alerts = await writeAlerts(client, people);
  await client.end();

  let mails = 0;
  const counting: MailTransport = {
    async send() {
      mails += 1;
    },
  };
  const started = performance.now();
  const enqueued = await new DigestScheduler(database.db, { hour: 0 }).runOnce();
  const enqueueMs = performance.now() - started;
  if (enqueued !== people) throw new Error(`enqueued ${enqueued} digests, not ${people}`);
  const worker = new MailWorker(database.db, counting, {
    from: 'CarDealer <no-reply@cardealer.local>',
    origin: 'https://cars.example',
  });
  for (let run; (run = await worker.runOnce()).sent + run.failed > 0;) {
    if (run.failed) throw new Error('a digest mail failed');
  }
  const sendMs = performance.now() - started - enqueueMs;
  await database.close();
  if (mails !== people) throw new Error(`sent ${mails} digests, not ${people}`);
  return { people, alerts, enqueueMs, sendMs, mails };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(__filename)) {
  benchDigest()
    .then((result) => {
      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      console.log('| digest run, PostgreSQL | time |');
      console.log('| --- | --- |');
      console.log(
        `| ${result.people} people, ${result.alerts} alerts: enqueue | ${s(result.enqueueMs)} |`,
      );
      console.log(`| compose and send ${result.mails} mails (counted) | ${s(result.sendMs)} |`);
      console.log(`| in all (goal ≤ 60 s) | ${s(result.enqueueMs + result.sendMs)} |`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
