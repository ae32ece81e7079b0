/**
 * `tsx bench/radius-pages.ts [case …]`: the pages (8 KB buffers) and the plan's own time of each
 * statement the search repository sends for the radius cases of bench:search, from `EXPLAIN
 * (ANALYZE, BUFFERS)` of each, and their sums per request. Unlike bench:search's counter
 * (pg_stat_database over whole requests), it names the statement that reads them, and needs
 * no server: it calls the repository on the database directly. The database:
 * RADIUS_PAGES_URL, by default `cardealer_search_1000000` on the local cluster (bench:search's
 * million cars). RADIUS_PAGES_PLANS=1 prints each plan too. Cases: text, textNewest, facets,
 * price, 50mi, 500mi, distance (all of them without arguments).
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openDatabase, type Db } from '../server/src/platform/db/client';
import { rowsOf } from '../server/src/platform/db/rows';
import { searchRepository } from '../server/src/search/search-repository';
import type { SearchRequest } from '../server/src/search/search-types';

const URL =
  process.env.RADIUS_PAGES_URL ??
  'postgresql://postgres:postgres@127.0.0.1:5432/cardealer_search_1000000';
const PLANS = process.env.RADIUS_PAGES_PLANS === '1';
/** New York's 10001 and Absarokee's 59001, as the places table has them. */
const NEW_YORK = { zip: '10001', latitude: 40.7484, longitude: -73.9967 };
const RURAL = { zip: '59001', latitude: 45.5154, longitude: -109.4692 };

const CASES: Record<string, { facets?: boolean; request: SearchRequest }> = {
  text: { request: { near: NEW_YORK, radiusMiles: 100, q: 'tesla', sort: 'relevance', limit: 24 } },
  textNewest: {
    request: { near: NEW_YORK, radiusMiles: 100, q: 'tesla', sort: 'newest', limit: 24 },
  },
  facets: { facets: true, request: { near: NEW_YORK, radiusMiles: 50, sort: 'newest', limit: 24 } },
  price: {
    request: {
      near: NEW_YORK,
      radiusMiles: 100,
      minPrice: 20_000,
      maxPrice: 60_000,
      maxMileage: 60_000,
      sort: 'newest',
      limit: 24,
    },
  },
  '50mi': { request: { near: NEW_YORK, radiusMiles: 50, sort: 'newest', limit: 24 } },
  '500mi': { request: { near: RURAL, radiusMiles: 500, sort: 'newest', limit: 24 } },
  distance: { request: { near: NEW_YORK, radiusMiles: 50, sort: 'distance', limit: 24 } },
};

/** A statement's pages and time, from its plan. */
interface Read {
  pages: number;
  ms: number;
}

/**
 * `db` whose every statement (but settings and EXPLAINs of its own) is first explained with
 * ANALYZE and BUFFERS, its reading added to `reads`; transactions are followed into.
 */
function explaining(db: Db, reads: Read[]): Db {
  const dialect = new PgDialect();
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'transaction') {
        return (work: (tx: Db) => Promise<unknown>) =>
          target.transaction((tx) => work(explaining(tx as unknown as Db, reads)));
      }
      if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
      return async (query: SQL) => {
        if (!/^\s*(explain|select set_config)/i.test(dialect.sqlToQuery(query).sql)) {
          const plan = await rowsOf<Record<string, string>>(
            target,
            sql`explain (analyze, buffers) ${query}`,
          );
          const lines = plan.map((row) => String(Object.values(row)[0]));
          const top = lines.find((line) => line.includes('Buffers:')) ?? '';
          const count = (word: string) => Number(new RegExp(`${word}=(\\d+)`).exec(top)?.[1] ?? 0);
          const time = (word: string) =>
            Number(
              lines
                .find((line) => line.startsWith(word))
                ?.split(': ')[1]
                ?.split(' ')[0] ?? 0,
            );
          const read = {
            pages: count('hit') + count('read'),
            ms: time('Planning Time') + time('Execution Time'),
          };
          reads.push(read);
          console.log(`  ${read.pages} pages, ${read.ms.toFixed(1)} ms: ${lines[0]?.trim()}`);
          if (PLANS) console.log(lines.join('\n'));
        }
        return target.execute(query);
      };
    },
  });
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const database = await openDatabase({ databaseUrl: URL });
  try {
    for (const [name, { facets, request }] of Object.entries(CASES)) {
      if (wanted.length > 0 && !wanted.includes(name)) continue;
      console.log(`${name}:`);
      const reads: Read[] = [];
      const repo = searchRepository(explaining(database.db, reads));
      if (facets) await repo.facets(request);
      else await repo.search(request);
      const pages = reads.reduce((sum, read) => sum + read.pages, 0);
      const ms = reads.reduce((sum, read) => sum + read.ms, 0);
      console.log(`${name}: ${pages} pages, ${ms.toFixed(1)} ms planned and run`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
