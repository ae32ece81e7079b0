import { PGlite } from '@electric-sql/pglite';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { openDatabase } from '../src/db/client';
import { seedReferenceData } from '../src/db/seed';
import { TEMPLATE_DB, snapshotPath } from './paths';

/**
 * Migrates once per test run. PGlite: a migrated, seeded data folder dumped to a tarball that
 * every test opens as a fresh copy. PostgreSQL (when DATABASE_URL is set): a template database
 * from which every test database is cloned.
 */
export default async function globalSetup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(url, TEMPLATE_DB) });
    await database.migrate();
    await seedReferenceData(database.db);
    await database.close();
    return;
  }
  const pglite = await PGlite.create();
  const database = await openDatabase({ pglite });
  await database.migrate();
  await seedReferenceData(database.db);
  const dump = await pglite.dumpDataDir('gzip');
  mkdirSync(join(tmpdir(), 'cardealer-tests'), { recursive: true });
  writeFileSync(snapshotPath, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
