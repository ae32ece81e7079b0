import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { buildApp, type AppOptions } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { withDatabase } from './global-setup';
import { TEMPLATE_DB, snapshotPath } from './paths';

/** Which database the server suite runs on: PostgreSQL when DATABASE_URL is set. */
export const databaseKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file: a copy of the PGlite snapshot, or a PostgreSQL
 * database cloned from the migrated template. Dropped again by `close()`.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `cardealer_test_${randomBytes(6).toString('hex')}`;
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
    return {
      ...database,
      close: async () => {
        await database.close();
        const cleanup = new Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
        await cleanup.end();
      },
    };
  }
  const snapshot = new Blob([readFileSync(snapshotPath)]);
  const pglite = await PGlite.create({ loadDataDir: snapshot });
  return openDatabase({ pglite });
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The real app on a fresh test database, for `app.inject`. */
export async function buildTestApp(options: Partial<AppOptions> = {}): Promise<TestContext> {
  const database = await openTestDatabase();
  const app = await buildApp({ db: database.db, ...options });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
