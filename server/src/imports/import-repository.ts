/**
 * The imports' tables (migration inventory_imports): an import and its state, each row's result
 * and what applying it writes, the dealer's stock numbers and the photos imports stored.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';
import type { ImportColumn, ImportMapping } from './import-columns';
import type { RowCar } from './import-row-check';

export const IMPORT_STATES = ['checking', 'checked', 'applying', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number] | 'discarded';
export const ROW_RESULTS = ['new', 'updated', 'unchanged', 'refused', 'over-allowance'] as const;
export type RowResult = (typeof ROW_RESULTS)[number];

export interface ImportSummary {
  new: number;
  updated: number;
  unchanged: number;
  refused: number;
  removed: number;
}

export const NO_SUMMARY: ImportSummary = {
  new: 0,
  updated: 0,
  unchanged: 0,
  refused: 0,
  removed: 0,
};

export interface ImportRecord {
  id: string;
  userId: string;
  state: ImportState;
  fileName: string;
  csv: string;
  delimiter: ',' | ';';
  photosPath: string | null;
  mapping: ImportMapping;
  columns: ImportColumn[];
  rowsTotal: number;
  rowsDone: number;
  summary: ImportSummary;
  allowance: { listableToday: number; message: string | null };
  wholeStock: boolean;
  error: string | null;
  createdAt: Date | string;
}

/** One row's result as the dry run wrote it. */
export interface ImportRow {
  row: number;
  result: RowResult;
  name: string | null;
  vin: string | null;
  stockNumber: string | null;
  price: number | null;
  changes: string[];
  field: string | null;
  reason: string | null;
  marketValue: number | null;
  rating: 'great' | 'good' | 'fair' | 'high' | null;
  productId: string | null;
  car: RowCar | null;
  applied?: boolean;
}

const COLUMNS = sql.raw(`id, user_id as "userId", state, file_name as "fileName", csv, delimiter,
  photos_path as "photosPath", mapping, columns, rows_total as "rowsTotal",
  rows_done as "rowsDone", summary, allowance, whole_stock as "wholeStock", error,
  created_at as "createdAt"`);

const ROW_COLUMNS = sql.raw(`row, result, name, vin, stock_number as "stockNumber", price, changes,
  field, reason, market_value as "marketValue", rating, product_id as "productId", car, applied`);

/** The open import's unique index: a second one of a dealer. */
export class ImportOpen extends Error {}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** The imports themselves and their rows. */
function importRecords(db: Db) {
  return {
    /** ImportOpen: the dealer has an import that is not finished. */
    async create(
      record: Omit<
        ImportRecord,
        'rowsDone' | 'summary' | 'allowance' | 'wholeStock' | 'error' | 'createdAt' | 'state'
      >,
    ) {
      try {
        await db.execute(sql`insert into imports (id, user_id, state, file_name, csv, delimiter,
            photos_path, mapping, columns, rows_total)
          values (${record.id}, ${record.userId}, 'checking', ${record.fileName}, ${record.csv},
            ${record.delimiter}, ${record.photosPath}, ${json(record.mapping)},
            ${json(record.columns)}, ${record.rowsTotal})`);
      } catch (error) {
        const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string };
        if (cause.code === '23505') throw new ImportOpen();
        throw error;
      }
    },

    async find(id: string): Promise<ImportRecord | null> {
      const [row] = await rowsOf<ImportRecord>(
        db,
        sql`select ${COLUMNS} from imports where id = ${id} and state <> 'discarded'`,
      );
      return row ?? null;
    },

    async latest(userId: string): Promise<ImportRecord | null> {
      const [row] = await rowsOf<ImportRecord>(
        db,
        sql`select ${COLUMNS} from imports where user_id = ${userId} and state <> 'discarded'
          order by created_at desc, id desc limit 1`,
      );
      return row ?? null;
    },

    async rows(id: string): Promise<ImportRow[]> {
      const rows = await rowsOf<ImportRow>(
        db,
        sql`select ${ROW_COLUMNS} from import_rows where import_id = ${id} order by row`,
      );
      return rows.map((row) => ({ ...row, price: row.price === null ? null : Number(row.price) }));
    },

    /** Moves an import from one state to another; answers whether it was in `from`. */
    async move(
      id: string,
      from: ImportState[],
      to: ImportState,
      changes: { wholeStock?: boolean; mapping?: ImportMapping; columns?: ImportColumn[] } = {},
    ) {
      const set = [sql`state = ${to}`];
      if (changes.wholeStock !== undefined) set.push(sql`whole_stock = ${changes.wholeStock}`);
      if (changes.mapping) set.push(sql`mapping = ${json(changes.mapping)}`);
      if (changes.columns) set.push(sql`columns = ${json(changes.columns)}`);
      if (to === 'checking' || to === 'applying') set.push(sql`rows_done = 0, error = null`);
      if (to === 'done' || to === 'failed' || to === 'discarded')
        set.push(sql`finished_at = now()`);
      const moved = await rowsOf<{ id: string }>(
        db,
        sql`update imports set ${sql.join(set, sql`, `)} where id = ${id}
          and state in (${sql.join(
            from.map((s) => sql`${s}`),
            sql`, `,
          )}) returning id`,
      );
      return moved.length > 0;
    },

    async clearRows(id: string) {
      await db.execute(sql`delete from import_rows where import_id = ${id}`);
    },

    async addRows(id: string, rows: ImportRow[]) {
      if (rows.length === 0) return;
      await db.execute(sql`insert into import_rows (import_id, row, result, name, vin, stock_number,
          price, changes, field, reason, market_value, rating, product_id, car)
        values ${sql.join(
          rows.map(
            (r) => sql`(${id}, ${r.row}, ${r.result}, ${r.name}, ${r.vin}, ${r.stockNumber},
              ${r.price}, ${json(r.changes)}, ${r.field}, ${r.reason}, ${r.marketValue},
              ${r.rating}, ${r.productId}, ${r.car === null ? null : json(r.car)})`,
          ),
          sql`, `,
        )}`);
    },

    /** Cars the dealer imported in the last day (the import allowance's count). */
    async importedToday(userId: string): Promise<number> {
      const [row] = await rowsOf<{ n: number }>(
        db,
        sql`select count(*)::int as n from import_rows r join imports i on i.id = r.import_id
          where i.user_id = ${userId} and r.applied and r.result = 'new'
            and i.created_at > now() - interval '1 day'`,
      );
      return Number(row?.n ?? 0);
    },

    /** The URL of a photo an import of this dealer stored, by its ZIP entry's CRC-32 and size. */
    async storedPhoto(userId: string, crc32: number, size: number): Promise<string | null> {
      const [row] = await rowsOf<{ url: string }>(
        db,
        sql`select url from import_photos where user_id = ${userId} and crc32 = ${crc32} and size = ${size}`,
      );
      return row?.url ?? null;
    },

    async rememberPhoto(userId: string, crc32: number, size: number, url: string) {
      await db.execute(sql`insert into import_photos (user_id, crc32, size, url)
        values (${userId}, ${crc32}, ${size}, ${url}) on conflict do nothing`);
    },
  };
}

/** A job's claim by a process, its progress and its end. */
function importJobQueries(db: Db) {
  return {
    /** Claims a job for this process: one nobody holds, or whose holder stopped beating. */
    async claim(id: string, worker: string, staleSeconds: number): Promise<boolean> {
      const claimed = await rowsOf<{ id: string }>(
        db,
        sql`update imports set claimed_by = ${worker}, heartbeat_at = now()
          where id = ${id} and state in ('checking', 'applying')
            and (claimed_by is null or claimed_by = ${worker}
              or heartbeat_at < now() - make_interval(secs => ${staleSeconds}))
          returning id`,
      );
      return claimed.length > 0;
    },

    async release(id: string, worker: string) {
      await db.execute(
        sql`update imports set claimed_by = null where id = ${id} and claimed_by = ${worker}`,
      );
    },

    /** The jobs waiting for a process: under way and held by nobody alive. */
    async unclaimed(staleSeconds: number): Promise<string[]> {
      const rows = await rowsOf<{ id: string }>(
        db,
        sql`select id from imports where state in ('checking', 'applying')
          and (claimed_by is null or heartbeat_at < now() - make_interval(secs => ${staleSeconds}))
          order by created_at`,
      );
      return rows.map((row) => row.id);
    },

    async progress(id: string, rowsDone: number) {
      await this.progressIn(db, id, rowsDone);
    },

    /** The progress told in `tx` (with the rows it counts). */
    async progressIn(tx: Db, id: string, rowsDone: number) {
      await tx.execute(
        sql`update imports set rows_done = ${rowsDone}, heartbeat_at = now() where id = ${id}`,
      );
    },

    async finishCheck(id: string, summary: ImportSummary, allowance: ImportRecord['allowance']) {
      await db.execute(sql`update imports set state = 'checked', summary = ${json(summary)},
        allowance = ${json(allowance)}, rows_done = rows_total, claimed_by = null
        where id = ${id} and state = 'checking'`);
    },

    async fail(id: string, error: string) {
      await db.execute(sql`update imports set state = 'failed', error = ${error}, claimed_by = null,
        finished_at = now() where id = ${id}`);
    },
  };
}

export function importsRepository(db: Db) {
  return { ...importRecords(db), ...importJobQueries(db) };
}

export type ImportsRepository = ReturnType<typeof importsRepository>;
