/**
 * PGlite's backups: the restore drill (writes, a backup, more writes, the noted time, every
 * booking deleted and the data folder lost, then a restore to that time) and the operator's call
 * that makes a backup on the metrics port.
 */
import { sql } from 'drizzle-orm';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dealsHeld, makeDeal, type Deal } from '../../../test/backup-drill';
import { postProduct, registerUser, testAppOn, type TestContext } from '../../../test/helper';
import { snapshotPath } from '../../../test/paths';
import { TEST_PGLITE_START } from '../../../test/pglite-options';
import { createPglite, openDatabase } from '../db/client';
import {
  backupAgeSeconds,
  chooseBackup,
  countBackupRows,
  listPgliteBackups,
  restorePgliteBackup,
  takePgliteBackup,
} from './backups';
import { startMetricsServer } from './metrics-server';

/** The app on a PGlite kept in `dataDir/pglite`, as the server keeps it. */
async function appIn(dataDir: string, fromSnapshot: boolean): Promise<TestContext> {
  const folder = join(dataDir, 'pglite');
  mkdirSync(folder, { recursive: true });
  const pglite = await createPglite(folder, {
    ...TEST_PGLITE_START,
    ...(fromSnapshot ? { loadDataDir: new Blob([readFileSync(snapshotPath())]) } : {}),
  });
  const database = await openDatabase({ pglite });
  await database.migrate();
  return testAppOn(database);
}

describe('backups of PGlite', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cardealer-backups-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('restore drill: to a noted time brings back the newest backup before it (PGlite keeps no WAL), and the app starts on it', async () => {
    let ctx = await appIn(dataDir, true);
    const deals: Record<string, Deal> = {};
    let noted = new Date();
    try {
      const seller = await registerUser(ctx.app, 'Seller');
      const buyer = await registerUser(ctx.app, 'Buyer');
      deals.before = await makeDeal(ctx.app, seller, buyer, 'before the backup');
      // A photo on disk and the emulator's exported accounts, as `npm start` keeps them.
      mkdirSync(join(dataDir, 'images'));
      writeFileSync(join(dataDir, 'images', 'photo.webp'), 'a photo');
      mkdirSync(join(dataDir, 'auth-emulator'));
      writeFileSync(join(dataDir, 'auth-emulator', 'accounts.json'), '{"users":[]}');
      expect(await backupAgeSeconds(ctx.database.db)).toBe(Infinity);

      const backup = await takePgliteBackup(ctx.database, dataDir, 7);
      expect(backup.manifest).toMatchObject({ engine: 'pglite', images: true, accounts: true });
      expect(await backupAgeSeconds(ctx.database.db)).toBeLessThan(60);

      deals.after = await makeDeal(ctx.app, seller, buyer, 'after the backup');
      noted = new Date();
      deals.late = await makeDeal(ctx.app, seller, buyer, 'after the noted time');
      await ctx.database.db.execute(sql`delete from orders`);
      expect(await dealsHeld(ctx.database.db, deals)).toEqual([
        'before: car',
        'after: car',
        'late: car',
      ]);
    } finally {
      await ctx.close();
    }
    // The data folder is lost: database, photos and accounts.
    for (const part of ['pglite', 'images', 'auth-emulator']) {
      rmSync(join(dataDir, part), { recursive: true, force: true });
    }

    const chosen = chooseBackup(listPgliteBackups(dataDir), noted);
    await restorePgliteBackup(dataDir, chosen!, TEST_PGLITE_START);
    ctx = await appIn(dataDir, false);
    try {
      expect(await dealsHeld(ctx.database.db, deals)).toEqual([
        'before: car',
        'before: booking',
        'before: message',
      ]);
      const car = await ctx.app.inject({
        method: 'GET',
        url: `/api/products/${deals.before!.car}`,
      });
      expect(car.statusCode).toBe(200);
      expect(readFileSync(join(dataDir, 'images', 'photo.webp'), 'utf8')).toBe('a photo');
      expect(existsSync(join(dataDir, 'auth-emulator', 'accounts.json'))).toBe(true);
    } finally {
      await ctx.close();
    }
  });

  it('answers no backup for a time before the first, keeps the newest BACKUP_KEEP, and counts rows of the newest', async () => {
    const ctx = await appIn(dataDir, true);
    try {
      await postProduct(ctx.app, await registerUser(ctx.app, 'Seller'));
      const first = await takePgliteBackup(ctx.database, dataDir, 2);
      await takePgliteBackup(ctx.database, dataDir, 2);
      await takePgliteBackup(ctx.database, dataDir, 2);
      const kept = listPgliteBackups(dataDir);
      expect(kept).toHaveLength(2);
      expect(kept.map((backup) => backup.dir)).not.toContain(first.dir);
      expect(chooseBackup(kept, new Date(Date.parse(kept[0]!.manifest.takenAt) - 1))).toBeNull();
      const counts = await countBackupRows(kept.at(-1)!, TEST_PGLITE_START);
      expect(counts).toEqual({ users: 1, products: 1, orders: 0, messages: 0, image_files: 0 });
    } finally {
      await ctx.close();
    }
  });

  it('makes a backup when asked with POST /backup on the metrics port, one at a time; GET there is refused', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = await startMetricsServer('127.0.0.1', 0, async () => '', {
      '/backup': async () => {
        await held;
        return { dir: 'made' };
      },
    });
    try {
      const url = `http://127.0.0.1:${server.port}/backup`;
      const first = fetch(url, { method: 'POST' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const second = await fetch(url, { method: 'POST' });
      expect(second.status).toBe(409);
      expect((await second.json()).message).toMatch(/under way/);
      release();
      const answer = await first;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ dir: 'made' });
      expect((await fetch(url)).status).toBe(405);
    } finally {
      await server.close();
    }
  });
});
