/**
 * `npm run bench:backup [-- --products=N]`: a backup's size and time and a restore's time with
 * the large data set (`seed:large`'s sizes scaled to N cars, default 100,000) on PGlite (the
 * server's dump, restored into a new folder) and on PostgreSQL (a throwaway primary of its own
 * with pgBackRest: a full backup, then a restore of all of its archive), each in a temporary
 * folder removed at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { openDatabase, type Database } from '../server/src/platform/db/client';
import { restorePgliteBackup, takePgliteBackup } from '../server/src/platform/ops/backups';
import { seedReferenceData } from '../server/src/scripts/reference-data';
import { seedLarge } from '../server/src/scripts/seed-large';
import { backRestFor, backupCluster, restoreCluster } from '../scripts/lib/cluster-backups';
import { archiveOptions, createStanza } from '../scripts/lib/pgbackrest';
import { startPostgresPair } from '../scripts/lib/postgres-pair';

const arg = process.argv.find((value) => value.startsWith('--products='));
const products = arg ? Number(arg.split('=')[1]) : 100_000;
const sizes = { products, users: products / 5, orders: products * 2 };

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

async function seeded(database: Database): Promise<void> {
  await database.migrate();
  await seedReferenceData(database.db);
  await seedLarge(database.db, sizes);
}

async function pglite(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardealer-bench-backup-'));
  try {
    const database = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
    await seeded(database);
    let started = Date.now();
    const backup = await takePgliteBackup(database, dataDir);
    const took = seconds(started);
    await database.close();
    started = Date.now();
    await restorePgliteBackup(dataDir, backup);
    console.log(
      `PGlite, ${products} cars: backup ${(backup.manifest.bytes / 1e6).toFixed(1)} MB in ${took} s; restore ${seconds(started)} s`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function postgres(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cardealer-bench-pgbackrest-'));
  const port = await freePort();
  const setup = backRestFor({
    dir: join(dir, 'pgbackrest'),
    pgData: join(dir, 'primary'),
    pgPort: port,
    pgSocket: dir,
  });
  const pair = await startPostgresPair({
    ...{ dir, primaryPort: port, standbyPorts: [], database: 'cardealer', fresh: true },
    primarySettings: archiveOptions(setup),
  });
  try {
    const state = {
      ...setup,
      databaseUrl: pair.primaryUrl,
      control: { kind: 'pg_ctl' as const, log: pair.primary.log, settings: pair.primary.settings },
    };
    await createStanza(state);
    const database = await openDatabase({ databaseUrl: pair.primaryUrl, poolSize: 2 });
    await seeded(database).finally(() => database.close());
    let started = Date.now();
    const set = await backupCluster(state);
    const took = seconds(started);
    started = Date.now();
    await restoreCluster(state, null);
    console.log(
      `PostgreSQL, ${products} cars: full backup ${(set.repoSize / 1e6).toFixed(1)} MB in the repository ` +
        `(database ${(set.size / 1e6).toFixed(1)} MB) in ${took} s; restore ${seconds(started)} s`,
    );
  } finally {
    await pair.stop({ removeAll: true });
  }
}

async function main(): Promise<void> {
  await pglite();
  await postgres();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
