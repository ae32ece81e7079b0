/**
 * What `npm run bench:replicas` measures besides throughput: whether a read right after a
 * catalogue write shows it (through the load balancer, so on whichever replica, and with a
 * standby on whichever it reads), what the write's barrier costs, and where the reads of the
 * cars were answered (each server's own statistics).
 */
import type autocannon from 'autocannon';
import { Client } from 'pg';
import { percentile } from './lib';
import { accessToken, BENCH_SECRET } from './scale';

/** Every request a search no answer cache holds (a new minimum price each time). */
export function newSearches(): Partial<autocannon.Options> {
  let n = 0;
  return {
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          path: `/api/products?minPrice=${(n++ % 30_000) + 1}&limit=24`,
        }),
      },
    ],
  };
}

export interface Freshness {
  rounds: number;
  /** Reads right after a write that did not show it. */
  stale: number;
  /** The write's answer time (its barrier included), ms. */
  writeP50: number;
  writeP99: number;
}

/**
 * `rounds` times, one after another: a seller changes a car's price (PATCH /api/products/{id})
 * and at once reads the car (GET /api/products/{id}) and the search by that price
 * (GET /api/products?minPrice=…&maxPrice=…), each through the load balancer.
 */
export async function freshness(
  origin: string,
  seller: string,
  carId: string,
  rounds: number,
): Promise<Freshness> {
  const auth = { authorization: `bearer ${accessToken(seller, BENCH_SECRET)}` };
  const times: number[] = [];
  let stale = 0;
  for (let i = 0; i < rounds; i += 1) {
    const price = 30_000 + ((Date.now() + i) % 9_000);
    const started = performance.now();
    const write = await fetch(`${origin}/api/products/${carId}`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ resalePrice: price }),
    });
    times.push(performance.now() - started);
    if (!write.ok) throw new Error(`PATCH answered ${write.status}: ${await write.text()}`);
    const car = (await (await fetch(`${origin}/api/products/${carId}`)).json()) as {
      resalePrice: number;
    };
    const search = await fetch(`${origin}/api/products?minPrice=${price}&maxPrice=${price}`);
    if (!search.ok) throw new Error(`the search answered ${search.status}: ${await search.text()}`);
    const found = (await search.json()) as { _id: string }[];
    if (car.resalePrice !== price || !found.some((row) => row._id === carId)) stale += 1;
  }
  times.sort((a, b) => a - b);
  return {
    rounds,
    stale,
    writeP50: Math.round(percentile(times, 50)),
    writeP99: Math.round(percentile(times, 99)),
  };
}

/** How many times a server has read the cars table (its statistics: sent within seconds). */
export async function scansOfCars(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select coalesce(sum(seq_scan + coalesce(idx_scan, 0)), 0) as n
        from pg_stat_user_tables where relname = 'products'`,
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}
