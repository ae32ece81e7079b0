import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { checkEmulatorPorts, isUp, startEmulator, waitUntilUp } from '../../scripts/lib/emulator';
import { createPglite, openDatabase } from '../src/platform/db/client';
import { seedReferenceData } from '../src/scripts/reference-data';
import { snapshotPath, templateDatabase } from './paths';
import { TEST_PGLITE_INIT } from './pglite-options';

/** The test emulator (e2e/firebase.json); the API tests create real accounts in it. */
const TEST_AUTH_HOST = '127.0.0.1:9199';

/**
 * Makes sure a sign-in emulator answers and tells the workers where (FIREBASE_AUTH_EMULATOR_HOST).
 * One already running (a test orchestrator's, named by that variable, or one on the test port)
 * is used as is; otherwise one is started here and stopped by the global teardown.
 */
async function ensureEmulator(): Promise<void> {
  const given = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (given && (await isUp(given))) return;
  if (await isUp(TEST_AUTH_HOST)) {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = TEST_AUTH_HOST;
    return;
  }
  const configFile = join(__dirname, '..', '..', 'e2e', 'firebase.json');
  await checkEmulatorPorts(configFile);
  const emulator = startEmulator({
    configFile,
    authPort: 9199,
    hubPort: 4410,
    logFile: join(tmpdir(), 'cardealer-tests', `auth-emulator-${process.pid}.log`),
  });
  (globalThis as { cardealerEmulator?: typeof emulator }).cardealerEmulator = emulator;
  await waitUntilUp(emulator.host, 60_000, emulator.process);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
}

/**
 * Starts the sign-in emulator (see above) and migrates once per test run. PGlite: a migrated, seeded data folder dumped to a tar file that
 * every test opens as a fresh copy. PostgreSQL (when DATABASE_URL is set): a template database
 * from which every test database is cloned.
 */
export default async function globalSetup(): Promise<void> {
  await Promise.all([ensureEmulator(), prepareDatabase()]);
}

async function prepareDatabase(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateDatabase()}`);
    await admin.query(`CREATE DATABASE ${templateDatabase()}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(url, templateDatabase()) });
    await database.migrate();
    await seedReferenceData(database.db);
    await database.close();
    return;
  }
  const pglite = await createPglite(undefined, TEST_PGLITE_INIT);
  const database = await openDatabase({ pglite });
  await database.migrate();
  await seedReferenceData(database.db);
  // The tests use the database 'postgres' only: without the two template databases the snapshot
  // is smaller (14.5 MB; it was 27 MB instead of 42 with 16 MB WAL segments), and every test's
  // open takes a quarter less.
  await pglite.query(
    "update pg_database set datistemplate = false where datname in ('template0', 'template1')",
  );
  await pglite.query('drop database template0');
  await pglite.query('drop database template1');
  await pglite.query('checkpoint');
  const dump = await pglite.dumpDataDir('none');
  mkdirSync(join(tmpdir(), 'cardealer-tests'), { recursive: true });
  writeFileSync(snapshotPath(), Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
