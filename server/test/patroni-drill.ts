/**
 * The restore drill under Patroni, on a two-node cluster of its own (scripts/lib/patroni.ts)
 * archiving its WAL to pgBackRest: writes, a full backup, the primary's node killed and the
 * standby promoted, then `npm run backup` and `backup:check`'s work on the new primary (an
 * incremental backup, the archive on its timeline), more writes, the noted time, more writes,
 * every booking deleted; the cluster stopped and restored to the noted time, started again:
 * every row committed before the noted time is back, none after it, the app starts on the data,
 * and the other node is copied afresh and follows the restored primary.
 */
import { sql } from 'drizzle-orm';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  archiveNow,
  backupCluster,
  checkCluster,
  patroniBackups,
  restoreCluster,
} from '../../scripts/lib/cluster-backups';
import { patroniPorts, startPatroni, type PatroniCluster } from '../../scripts/lib/patroni';
import {
  killPrimaryNode,
  waitForNewPrimary,
  waitForSyncStandby,
  waitForWrites,
  waitUntilFollows,
} from '../../scripts/lib/patroni-control';
import { portIsFree } from '../../scripts/lib/processes';
import { ensureCategories } from '../src/scripts/reference-data';
import { appOn, BOTH_DEALS_HELD, dealsHeld, makeDeal, primaryNow, type Deal } from './backup-drill';
import { registerUser } from './helper';

/**
 * A base port whose whole range (the nodes, their REST APIs, etcd, HAProxy) is free: between
 * 20,000 and 30,000, below the ports the system hands out for outgoing connections (from 32,768).
 */
async function freeBase(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 20_000 + Math.floor(Math.random() * 400) * 25;
    const ports = patroniPorts(base, 1).map(([, port]) => port);
    if ((await Promise.all(ports.map(portIsFree))).every(Boolean)) return base;
  }
  throw new Error('no free range of ports for a Patroni cluster');
}

export async function patroniDrill(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cardealer-patroni-'));
  // The postgres user, who runs Patroni, goes through it to the cluster's folder.
  chmodSync(dir, 0o755);
  const recordDir = join(dir, 'record');
  mkdirSync(recordDir);
  const patroniDir = join(dir, 'patroni');
  const backups = patroniBackups(patroniDir, true);
  if (!backups) throw new Error('pgBackRest is not installed: apt-get install -y pgbackrest');
  const options = {
    dir: patroniDir,
    basePort: await freeBase(),
    standbys: 1,
    database: 'cardealer',
    parameters: backups.parameters,
  };
  let patroni: PatroniCluster | undefined = await startPatroni({ ...options, fresh: true });
  try {
    const state = await backups.start(recordDir, patroni);
    const deals: Record<string, Deal> = {};
    let ctx = await appOn(patroni.primaryUrl);
    // The drill never reads a car's place (its cars stay unplaced): the 42,000 places would only
    // make every copy larger.
    await ensureCategories(ctx.database.db);
    const seller = await registerUser(ctx.app, 'Seller');
    const buyer = await registerUser(ctx.app, 'Buyer');
    deals.before = await makeDeal(ctx.app, seller, buyer, 'before the failover');
    expect((await backupCluster(state)).type).toBe('full');
    await ctx.close();

    // The primary's machine dies; the standby takes over.
    await waitForSyncStandby(patroni.nodes);
    const old = await killPrimaryNode(patroni.nodes);
    await waitForNewPrimary(patroni.nodes, old);
    await waitForWrites(options.basePort);

    // The backup and the check find the new primary, and its timeline in the archive.
    expect((await backupCluster(state)).type).toBe('incr');
    const check = await checkCluster(state);
    expect(check.timeline).toBeGreaterThan(1);
    expect(parseInt(check.newestWal.slice(0, 8), 16)).toBe(check.timeline);
    expect(check.sets.map((set) => set.type)).toEqual(['full', 'incr']);

    ctx = await appOn(patroni.primaryUrl);
    let noted: string;
    try {
      // pgBackRest counts a backup's end in whole seconds: the writes come after it.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      deals.after = await makeDeal(ctx.app, seller, buyer, 'after the failover');
      noted = await primaryNow(patroni.primaryUrl);
      deals.late = await makeDeal(ctx.app, seller, buyer, 'after the noted time');
      await ctx.database.db.execute(sql`delete from orders`);
      await archiveNow(patroni.primaryUrl);
    } finally {
      await ctx.close();
    }
    await patroni.stop();
    patroni = undefined;

    await restoreCluster(state, noted);
    patroni = await startPatroni({ ...options, fresh: false });
    ctx = await appOn(patroni.primaryUrl);
    try {
      expect(await dealsHeld(ctx.database.db, deals)).toEqual(BOTH_DEALS_HELD);
      const car = await ctx.app.inject({ method: 'GET', url: `/api/products/${deals.after.car}` });
      expect(car.statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
    // The restore went into node-1; node-2 is copied from it.
    await waitUntilFollows(patroni.nodes, 'node-2');
  } finally {
    await patroni?.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}
