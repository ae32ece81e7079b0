/**
 * PostgreSQL's restore drill, on a throwaway primary of its own archiving its WAL to pgBackRest
 * (the PostgreSQL run only; npm test skips that run when PostgreSQL cannot be had, and fails
 * instead with TEST_POSTGRES=required): writes, a full backup, more writes, the noted time, more
 * writes, every booking deleted and the data folder lost, then a point-in-time restore: every
 * row committed before the noted time is back, none after it, and the app starts on the data.
 * The same under Patroni, across a failover (scripts/lib/patroni-restore.ts).
 * On PGlite, the record of backups that the backup age is read from.
 */
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  archiveNow,
  backRestFor,
  backupCluster,
  restoreCluster,
  type ClusterBackups,
} from '../../../../scripts/lib/cluster-backups';
import { patroniDrill } from '../../../test/patroni-drill';
import { archiveOptions, createStanza } from '../../../../scripts/lib/pgbackrest';
import {
  startPostgresPair,
  stopServer,
  type PostgresPair,
} from '../../../../scripts/lib/postgres-pair';
import {
  appOn,
  BOTH_DEALS_HELD,
  dealsHeld,
  makeDeal,
  primaryNow,
  type Deal,
} from '../../../test/backup-drill';
import { databaseKind, openTestDatabase, registerUser } from '../../../test/helper';
import { freePort } from '../../../test/standby-pair';
import { ensureCategories } from '../../scripts/reference-data';
import { backupAgeSeconds, recordBackup } from '../ops/backups';

if (databaseKind === 'postgres') {
  describe('backups of PostgreSQL with pgBackRest', () => {
    let dir: string;
    let pair: PostgresPair | undefined;
    afterAll(async () => {
      await pair?.stop().catch(() => undefined);
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('restore drill: to a noted time replays the archived WAL up to it, and the app starts on it', async () => {
      dir = mkdtempSync(join(tmpdir(), 'cardealer-pgbackrest-'));
      const port = await freePort();
      const setup = backRestFor({
        dir: join(dir, 'pgbackrest'),
        pgData: join(dir, 'primary'),
        pgPort: port,
        pgSocket: dir,
      });
      pair = await startPostgresPair({
        ...{ dir, primaryPort: port, standbyPorts: [], database: 'cardealer', fresh: true },
        unsafeFast: true,
        primarySettings: archiveOptions(setup),
      });
      const state: ClusterBackups = {
        ...setup,
        databaseUrl: pair.primaryUrl,
        control: { kind: 'pg_ctl', log: pair.primary.log, settings: pair.primary.settings },
      };
      await createStanza(state);
      const deals: Record<string, Deal> = {};
      let ctx = await appOn(pair.primaryUrl);
      let noted: string;
      try {
        // The drill never reads a car's place (its cars stay unplaced): the 42,000 places would
        // only make every copy larger.
        await ensureCategories(ctx.database.db);
        const seller = await registerUser(ctx.app, 'Seller');
        const buyer = await registerUser(ctx.app, 'Buyer');
        deals.before = await makeDeal(ctx.app, seller, buyer, 'before the backup');
        const set = await backupCluster(state);
        expect(set.type).toBe('full');
        expect(await backupAgeSeconds(ctx.database.db)).toBeLessThan(60);
        // pgBackRest counts a backup's end in whole seconds: the noted time comes after it.
        await new Promise((resolve) => setTimeout(resolve, 1100));
        deals.after = await makeDeal(ctx.app, seller, buyer, 'after the backup');
        noted = await primaryNow(pair.primaryUrl);
        deals.late = await makeDeal(ctx.app, seller, buyer, 'after the noted time');
        await ctx.database.db.execute(sql`delete from orders`);
        // What archive_timeout does within a minute: the last segment goes to the archive.
        await archiveNow(pair.primaryUrl);
      } finally {
        await ctx.close();
      }
      // The data folder is lost.
      await stopServer(pair.primary.dataDir, 'immediate');
      rmSync(pair.primary.dataDir, { recursive: true, force: true });

      await restoreCluster(state, noted);
      ctx = await appOn(pair.primaryUrl);
      try {
        expect(await dealsHeld(ctx.database.db, deals)).toEqual(BOTH_DEALS_HELD);
        const car = await ctx.app.inject({
          method: 'GET',
          url: `/api/products/${deals.after!.car}`,
        });
        expect(car.statusCode).toBe(200);
      } finally {
        await ctx.close();
      }
    }, 60_000);

    it(
      'under Patroni: a backup and a check after a failover read the new primary, and a restore brings the cluster back to a noted time with its standby copied afresh',
      patroniDrill,
      300_000,
    );
  });
} else {
  describe('the record of backups (PGlite)', () => {
    it('answers the age of the newest backup, or +Inf before the first', async () => {
      const database = await openTestDatabase();
      try {
        expect(await backupAgeSeconds(database.db)).toBe(Infinity);
        const takenAt = new Date(Date.now() - 3_600_000);
        await recordBackup(database.db, {
          engine: 'pglite',
          kind: 'dump',
          label: 'x',
          bytes: 1,
          takenAt,
        });
        const age = await backupAgeSeconds(database.db);
        expect(age).toBeGreaterThanOrEqual(3600);
        expect(age).toBeLessThan(3660);
      } finally {
        await database.close();
      }
    });
  });
}
