import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

type Rows<T> = { rows: T[] };

/**
 * A hash of every row of every table of the app's schema (found in the catalogue, so a new
 * table is covered): equal before and after means nothing changed. Jest-free, for the benches.
 */
/**
 * The replicas' own bookkeeping, not data anyone wrote: heartbeats and the catalogue notices
 * seen (catalogue_replicas), rate-limit counts (rate_limit_windows, which a refused call counts
 * in on purpose), the deal ratios derived from the cars and rewritten in the background a few
 * seconds after a change, whatever request is running then (product_deals, deal_ratios_state),
 * and the market values and their fits refreshed with them (market_values, market_fits).
 */
const BOOKKEEPING = new Set([
  'catalogue_replicas',
  'rate_limit_windows',
  'product_deals',
  'deal_ratios_state',
  'market_values',
  'market_fits',
]);

export async function tableHashes(db: Db): Promise<Record<string, string>> {
  const tables = (await db.execute(
    sql.raw(
      "select table_name as name from information_schema.tables where table_schema = 'public' " +
        "and table_type = 'BASE TABLE' order by table_name",
    ),
  )) as unknown as Rows<{ name: string }>;
  const names = tables.rows.map((row) => row.name).filter((name) => !BOOKKEEPING.has(name));
  if (names.length === 0) return {};
  // One statement for every table: a round trip per table made this a test's main cost.
  const result = (await db.execute(
    sql.raw(
      names
        .map(
          (name) =>
            `select '${name}' as name, ` +
            `md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${name}" t`,
        )
        .join(' union all '),
    ),
  )) as unknown as Rows<{ name: string; h: string }>;
  const hashes: Record<string, string> = {};
  for (const { name, h } of result.rows) hashes[name] = String(h);
  return hashes;
}
