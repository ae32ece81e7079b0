/**
 * `npm run bench:deals`: deals at scale on PostgreSQL: 100,000 bookings and 500,000 messages
 * (a database of their own, `cardealer_deals` on Debian's local cluster, or DEALS_DATABASE_URL;
 * seeded once). Starts the API server on it (production mode) and times, one request at a time:
 * a seller's Bookings page, a booking's messages, a state change (Decline), and the delay from a
 * message's POST to its event on the other party's open stream (goal p99 ≤ 200 ms).
 * BENCH_DEALS_N requests per case (default 200). Port 8590.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { openDatabase } from '../server/src/platform/db/client';
import { root, startServer } from './lib';
import { accessToken, BENCH_SECRET } from './scale';

const N = Number(process.env.BENCH_DEALS_N ?? 200);
/** The booking the message case writes in: requested, between seller 0 and buyer 0. */
const TALK = 10_000;
const SIZES = { sellers: 200, buyers: 2000, products: 20_000, orders: 100_000, messages: 500_000 };

async function databaseUrl(): Promise<string> {
  if (process.env.DEALS_DATABASE_URL) return process.env.DEALS_DATABASE_URL;
  const found = spawnSync('bash', [join(root, 'scripts', 'postgres-for-tests.sh')], {
    encoding: 'utf8',
  });
  if (found.status !== 0) throw new Error('no PostgreSQL: set DEALS_DATABASE_URL');
  const url = new URL(found.stdout.trim());
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect();
  const exists = await admin.query(`select 1 from pg_database where datname = 'cardealer_deals'`);
  if (exists.rowCount === 0) await admin.query('create database cardealer_deals');
  await admin.end();
  url.pathname = '/cardealer_deals';
  return url.toString();
}

const sellerEmail = (i: number) => `deal-seller-${i}@bench.test`;
const buyerEmail = (i: number) => `deal-buyer-${i}@bench.test`;

/** Seeds the data set once (idempotent: a second run finds it and writes nothing). */
async function seed(url: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: url });
  await database.migrate();
  await database.close();
  const client = new Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ n: number }>('select count(*)::int as n from messages');
  if ((rows[0]?.n ?? 0) >= SIZES.messages) {
    await client.end();
    return;
  }
  const started = Date.now();
  const { sellers, buyers, products, orders, messages } = SIZES;
  await client.query('begin');
  await client.query(`
    insert into users (id, name, email, user_role)
      select 'ds' || g, 'Seller ' || g, 'deal-seller-' || g || '@bench.test', 'Seller'
      from generate_series(0, ${sellers - 1}) g
    union all
      select 'db' || g, 'Buyer ' || g, 'deal-buyer-' || g || '@bench.test', 'Buyer'
      from generate_series(0, ${buyers - 1}) g
    on conflict do nothing`);
  await client.query(`
    insert into products (id, car_name, car_photo, category_name, condition, original_price,
      resale_price, product_location, user_years, post_time, product_description, seller_name,
      email)
    select 'dp' || g, 'Car ' || g, '/images/cars/car-01.svg', 'BMW', 'Good', 50000, 40000,
           'Austin', 2, 'now', 'A car', 'Seller ' || (g % ${sellers}),
           'deal-seller-' || (g % ${sellers}) || '@bench.test'
    from generate_series(0, ${products - 1}) g
    on conflict do nothing`);
  // One open booking per buyer and car: the first pass is requested, the rest declined.
  await client.query(`
    insert into orders (id, buyer_name, buyer_email, product_name, product_price, phone,
      meet_location, product_id, car_image, created_at, status, seller_email, seller_name,
      history, buyer_id, seller_id)
    select 'do' || g, 'Buyer ' || (g % ${buyers}), 'deal-buyer-' || (g % ${buyers}) || '@bench.test',
           'Car ' || (g % ${products}), 40000, '555 0100', 'Main St', 'dp' || (g % ${products}),
           '/images/cars/car-01.svg', now() - g * interval '1 second',
           case when g < ${products} then 'requested' else 'declined' end,
           'deal-seller-' || ((g % ${products}) % ${sellers}) || '@bench.test',
           'Seller ' || ((g % ${products}) % ${sellers}),
           '[{"status":"requested","at":"2026-11-01T00:00:00.000Z"}]'::jsonb,
           'db' || (g % ${buyers}), 'ds' || ((g % ${products}) % ${sellers})
    from generate_series(0, ${orders - 1}) g
    on conflict do nothing`);
  await client.query(`
    insert into messages (id, order_id, sender_email, sender_name, text, created_at, sender_id)
    select 'dm' || g, 'do' || (g % ${orders}), 'deal-buyer-' || ((g % ${orders}) % ${buyers}) || '@bench.test',
           'Buyer', 'Is it still available? (' || g || ')', now() - g * interval '1 millisecond',
           'db' || ((g % ${orders}) % ${buyers})
    from generate_series(0, ${messages - 1}) g
    on conflict do nothing`);
  await client.query('commit');
  await client.query('vacuum analyze orders');
  await client.query('vacuum analyze messages');
  await client.end();
  console.log(
    `seeded ${orders} bookings and ${messages} messages in ${(Date.now() - started) / 1000} s`,
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function time(label: string, run: (i: number) => Promise<void>) {
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const row = { case: label, p50: percentile(times, 50), p99: percentile(times, 99) };
  console.log(`| ${row.case} | ${row.p50.toFixed(1)} ms | ${row.p99.toFixed(1)} ms |`);
  return row;
}

async function main() {
  const url = await databaseUrl();
  await seed(url);
  const server = await startServer(8590, {
    DATABASE_URL: url,
    ACCESS_TOKEN_SECRET: BENCH_SECRET,
    RATE_LIMIT_ORDERS: '0',
    // The message case writes 200 times a run into one conversation.
    RATE_LIMIT_MESSAGES: '0',
    RATE_LIMIT_MESSAGES_DAY: '0',
    RATE_LIMIT_MESSAGES_BOOKING: '0',
  });
  const auth = (email: string) => ({ authorization: `bearer ${accessToken(email)}` });
  const expectOk = async (response: Response) => {
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  };
  try {
    console.log(
      `\nDeals on PostgreSQL, ${SIZES.orders} bookings, ${SIZES.messages} messages, ${N} requests per case, ${availableParallelism()} cores\n`,
    );
    console.log('| case | p50 | p99 |\n|---|---|---|');
    await time("a seller's Bookings page (20 of ~500)", (i) =>
      fetch(`${server.url}/api/seller-orders?limit=20&offset=${(i % 5) * 20}`, {
        headers: auth(sellerEmail(i % SIZES.sellers)),
      }).then(expectOk),
    );
    await time("a booking's messages (~5)", (i) => {
      const order = (i * 7919) % SIZES.products;
      return fetch(`${server.url}/api/orders/do${order}/messages`, {
        headers: auth(sellerEmail(order % SIZES.sellers)),
      }).then(expectOk);
    });
    // Requested bookings (the seed's first pass), each declined once; a later run picks others.
    const round = Date.now() % 50;
    // The first half of the requested bookings: the message case writes in the second half's
    // first booking (a declined booking's conversation is closed).
    await time('a state change (Decline, with a reason)', (i) => {
      const order = (round * N + i) % (SIZES.products / 2);
      return fetch(`${server.url}/api/orders/do${order}`, {
        method: 'PATCH',
        headers: {
          ...auth(sellerEmail(order % SIZES.sellers)),
          'content-type': 'application/json',
        },
        body: JSON.stringify({ status: 'declined', reason: 'bench' }),
      }).then(async (response) => {
        // A second run finds some already declined: 409 is an answer too.
        if (response.status !== 409) await expectOk(response);
        else await response.arrayBuffer();
      });
    });
    // The seller listens; the buyer writes; the time until the seller's stream says so.
    const listener = new AbortController();
    const stream = await fetch(`${server.url}/api/events`, {
      headers: auth(sellerEmail(0)),
      signal: listener.signal,
    });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const nextNotification = async () => {
      for (;;) {
        const at = buffer.indexOf('event: notification');
        if (at >= 0) {
          buffer = buffer.slice(buffer.indexOf('\n\n', at) + 2);
          return;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    };
    await time('message POST → event on the other connection', async () => {
      // Both awaited together: a failed POST must not leave the stream's read unheard (its
      // rejection, once the server stops, would end the bench without the POST's error).
      await Promise.all([
        nextNotification(),
        fetch(`${server.url}/api/orders/do${TALK}/messages`, {
          method: 'POST',
          headers: { ...auth(buyerEmail(0)), 'content-type': 'application/json' },
          body: JSON.stringify({ text: 'Still there?' }),
        }).then(expectOk),
      ]);
    });
    listener.abort();
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
