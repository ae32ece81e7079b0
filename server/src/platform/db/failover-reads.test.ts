/**
 * The catalogue's reads through a failover (PostgreSQL): the app reaches the primary and its
 * streaming standby through TCP proxies the test cuts, as it reaches them through HAProxy's two
 * ports in the cluster. The primary dies, the standby is promoted, and for a moment the primary's
 * port has no server yet: reads go on from the promoted node, while writes wait for the
 * primary's port (503 busy) and go to the new primary once it has it. A read whose connection
 * drops mid-query runs again elsewhere, and a read that every source refused tries once more.
 */
import { sql } from 'drizzle-orm';
import type { Client } from 'pg';
import { CuttableProxy, targetOf } from '../../../test/cuttable-proxy';
import {
  databaseKind,
  openTestDatabase,
  postProduct,
  registerUser,
  testAppOn,
  type TestContext,
  type TestUser,
} from '../../../test/helper';
import { eventually } from '../../../test/smtp-server';
import { startTestStandbyPair, type TestStandbyPair } from '../../../test/standby-pair';
import { openDatabase } from './client';
import { rowsInIndexOrder } from './rows';

const BUSY = 'The marketplace is busy: try again in a moment';

if (databaseKind === 'postgres') {
  describe('reads through a failover (PostgreSQL behind proxies the test cuts)', () => {
    let pair: TestStandbyPair;
    let primaryPort: CuttableProxy;
    let standbyPort: CuttableProxy;
    let ctx: TestContext;
    let seller: TestUser;
    let buyer: TestUser;
    let standbyAdmin: Client;

    const status = () => ctx.database.standbys!.status()[0]!;
    const get = (url: string) => ctx.app.inject({ method: 'GET', url });
    const book = (productID: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: buyer.auth,
        payload: { buyerName: buyer.name, phone: '5551234567', meetLocation: 'Main St', productID },
      });
    /** Whether the read handle's answer came from a server in recovery (a standby). */
    const readsStandby = async () =>
      (
        (await ctx.database.readDb.execute(
          sql`select pg_is_in_recovery() as standby`,
        )) as unknown as { rows: { standby: boolean }[] }
      ).rows[0]!.standby;

    beforeAll(async () => {
      pair = await startTestStandbyPair();
      primaryPort = await CuttableProxy.start(targetOf(pair.primaryUrl));
      standbyPort = await CuttableProxy.start(targetOf(pair.standbyUrls[0]!));
      const database = await openDatabase({
        databaseUrl: primaryPort.url(pair.primaryUrl),
        readUrls: [standbyPort.url(pair.standbyUrls[0]!)],
        poolSize: 3,
        connectTimeoutMs: 1000,
        // Checked often, so that the test need not wait for the monitor's second.
        standbyOptions: { checkMs: 100 },
      });
      ctx = await testAppOn(database, {
        readDb: database.readDb,
        standbys: database.standbys,
        catalogueCacheMs: 0,
      });
      seller = await registerUser(ctx.app, 'Seller');
      buyer = await registerUser(ctx.app, 'Buyer');
      standbyAdmin = await pair.standbyAdmin();
    }, 90_000);
    afterAll(async () => {
      await standbyAdmin?.end().catch(() => undefined);
      await ctx?.close();
      await primaryPort?.close();
      await standbyPort?.close();
      await pair?.stop({ removeAll: true }).catch(() => undefined);
    });

    it('runs a read again on the primary when its standby connection drops mid-query', async () => {
      // Reads go to the standby now.
      await eventually(async () => (await readsStandby()) || null);
      const slow = ctx.database.readDb.execute(
        sql`select pg_sleep(0.5), pg_is_in_recovery() as standby`,
      );
      await new Promise((resolve) => setTimeout(resolve, 150));
      // The standby's connections cut under the query (HAProxy letting a node go).
      await standbyPort.restore();
      const answer = (await slow) as unknown as { rows: { standby: boolean }[] };
      expect(answer.rows[0]!.standby).toBe(false);
      // Back in use once a check finds it caught up.
      await eventually(async () => status().inUse || null);
    });

    it('tries once more a read that every source refused, and answers once one is back', async () => {
      await standbyPort.refuse();
      await primaryPort.refuse();
      // Let the monitor see the standby gone, so that the read goes to the primary first.
      await eventually(async () => !status().inUse || null);
      // Back a moment after the read was refused by both (HAProxy's next check).
      const back = new Promise((resolve) => setTimeout(resolve, 100)).then(() =>
        primaryPort.restore(),
      );
      expect((await get('/api/products?q=Tesla')).statusCode).toBe(200);
      await back;
      await standbyPort.restore();
      await eventually(async () => status().inUse || null);
    });

    it("reads from the promoted standby until the primary's port has it; writes wait for that port", async () => {
      const name = `Failover Alfa Giulia ${Date.now().toString(36)}`;
      const car = await postProduct(ctx.app, seller, { carName: name });
      await eventually(async () => status().inUse || null);
      // The primary's node dies: its port has no server.
      await primaryPort.refuse();
      await standbyAdmin.query('select pg_promote(true, 30)');
      await eventually(async () => /promoted/.test(status().reason ?? '') || null);
      expect(status().inUse).toBe(false);

      // The search, its counts and a car's page answer, from the promoted node.
      const before = status().reads;
      const found = await get(`/api/products?q=${encodeURIComponent(name)}`);
      expect(found.statusCode).toBe(200);
      expect(found.body).toContain(name);
      expect((await get(`/api/products/facets?q=${encodeURIComponent(name)}`)).statusCode).toBe(
        200,
      );
      expect((await get(`/api/products/${car}`)).statusCode).toBe(200);
      expect(status().reads).toBeGreaterThan(before);
      // The catalogue's transactions (a search near a ZIP code, a local page) too.
      const [counted] = await rowsInIndexOrder<{ n: string }>(
        ctx.database.readDb,
        sql`select count(*) as n from products`,
      );
      expect(Number(counted!.n)).toBeGreaterThan(0);
      // A write goes to the primary's port only, though the promoted node would take it.
      const refused = await book(car);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ message: BUSY });

      // The primary's port has the new primary, and the standbys' port lets it go.
      await primaryPort.retarget(targetOf(pair.standbyUrls[0]!));
      await standbyPort.refuse();
      expect((await book(car)).statusCode).toBe(201);
      expect((await get(`/api/products?q=${encodeURIComponent(name)}`)).statusCode).toBe(200);
      expect(await readsStandby()).toBe(false);
    });
  });
} else {
  describe('reads on PGlite (one database in the process, no failover)', () => {
    it("runs the catalogue's reads and their transactions on the one database", async () => {
      const database = await openTestDatabase();
      try {
        expect(database.readDb).toBe(database.db);
        const [counted] = await rowsInIndexOrder<{ n: string }>(
          database.readDb,
          sql`select count(*) as n from categories`,
        );
        expect(Number(counted!.n)).toBeGreaterThan(0);
      } finally {
        await database.close();
      }
    });
  });
}
