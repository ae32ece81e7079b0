import { sql } from 'drizzle-orm';
import { accountMailSettled } from '../src/accounts/account-mail';
import type { Db } from '../src/platform/db/client';

type Rows<T> = { rows: T[] };

/**
 * The replicas' own bookkeeping, not data anyone wrote: heartbeats and the catalogue notices
 * seen (catalogue_replicas), rate-limit counts (rate_limit_windows, which a refused call counts
 * in on purpose), the deal ratios derived from the cars and rewritten in the background a few
 * seconds after a change, whatever request is running then (product_deals, deal_ratios_state),
 * and the market values and their fits refreshed with them (market_values, market_fits, and
 * the changes each make's values were refreshed at, market_make_refreshed), and the sitemap
 * files' ranges an index published (sitemap_ranges: reading the index records them), and the
 * car views, written in batches up to a second after the page or call that counted them,
 * whatever request is running then (car_views, car_view_counts, view_salts).
 */
const BOOKKEEPING = new Set([
  'catalogue_replicas',
  'rate_limit_windows',
  'product_deals',
  'deal_ratios_state',
  'market_values',
  'market_fits',
  'market_make_refreshed',
  'sitemap_ranges',
  'car_views',
  'car_view_counts',
  'view_salts',
]);

/**
 * The statement that reads every table's fingerprint (null with no table), made once per database
 * from the catalogue's list of tables: migrations run before a test opens it.
 */
const statements = new WeakMap<Db, Promise<string | null>>();

function fingerprintStatement(db: Db): Promise<string | null> {
  let statement = statements.get(db);
  if (!statement) {
    statement = (
      db.execute(
        sql.raw(
          'select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace ' +
            "where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname",
        ),
      ) as unknown as Promise<Rows<{ name: string }>>
    ).then((tables) => {
      const names = tables.rows.map((row) => row.name).filter((name) => !BOOKKEEPING.has(name));
      // One statement for every table: a round trip per table made this a test's main cost.
      return names.length === 0
        ? null
        : names
            .map(
              (name) =>
                `select '${name}' as name, ` +
                `count(*) || ':' || coalesce(max(xmin::text::bigint), 0) as h from "${name}"`,
            )
            .join(' union all ');
    });
    statements.set(db, statement);
  }
  return statement;
}

/**
 * The fingerprint last read on a PGlite database, and the write-ahead log's end just before it
 * was read.
 */
const lastRead = new WeakMap<Db, { walEnd: string; hashes: Record<string, string> }>();

/** The write-ahead log's end on a PGlite database; undefined on PostgreSQL. */
async function pgliteWalEnd(db: Db): Promise<string | undefined> {
  // Drizzle's client: a PGlite instance (which can dump its data folder), or a pg Pool.
  const client = (db as { $client?: { dumpDataDir?: unknown } }).$client;
  if (typeof client?.dumpDataDir !== 'function') return undefined;
  const result = (await db.execute(
    sql.raw('select pg_current_wal_insert_lsn()::text as lsn'),
  )) as unknown as Rows<{ lsn: string }>;
  return result.rows[0]?.lsn;
}

/**
 * A fingerprint of every table of the app's schema (found in the catalogue, so a new table is
 * covered): equal before and after means nothing changed. Jest-free, for the benches.
 *
 * The mail a call writes after its answer (an e-mail change's code, a reset link) is written
 * first: read before it, it would land during the next call and read as that call's change.
 *
 * Each table's row count and the newest transaction id among its row versions. Any write makes
 * a new row version stamped with the writing transaction's id, which is newer than every row
 * already there: an insert or an update raises the newest id, a delete lowers the count. Reading
 * two numbers per table instead of hashing every row's text made the permission matrix (two reads
 * per call) about a third faster in CI.
 *
 * On PGlite the fingerprint read last is answered again, without reading a table, while the
 * write-ahead log has not grown since just before it was read: a transaction that writes a row
 * gets a transaction id, and its commit (or abort) is a record in the log, so with the log's end
 * where it was, no table can have changed (PGlite runs one statement at a time: a commit logged
 * is a commit seen). A read that tidies a page may grow the log too; then every table is read as
 * before. Scanning the tables (the zip codes' 42,000 rows most) was most of the permission
 * matrix's time, and a call's fingerprint before it is mostly the one read after the call before
 * (about five reads in six were answered again there). Not on PostgreSQL: its log is the whole
 * cluster's (every other database's writes grow it), and a commit is logged a moment before
 * other sessions can see it.
 */
export async function tableHashes(db: Db): Promise<Record<string, string>> {
  await accountMailSettled();
  const statement = await fingerprintStatement(db);
  if (statement === null) return {};
  const walEnd = await pgliteWalEnd(db);
  const last = lastRead.get(db);
  if (walEnd !== undefined && last?.walEnd === walEnd) return { ...last.hashes };
  const result = (await db.execute(sql.raw(statement))) as unknown as Rows<{
    name: string;
    h: string;
  }>;
  const hashes: Record<string, string> = {};
  for (const { name, h } of result.rows) hashes[name] = String(h);
  if (walEnd !== undefined) lastRead.set(db, { walEnd, hashes: { ...hashes } });
  return hashes;
}
