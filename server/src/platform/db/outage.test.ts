/**
 * While no primary answers, a request answers 503 'The marketplace is busy: try again in a
 * moment' with `Retry-After`, never 500; the process keeps running, its pool finds the primary
 * again without a restart, and the mail worker goes on where it stopped.
 *
 * On PostgreSQL (the PostgreSQL run) the app reaches its database through a TCP proxy the test
 * cuts: connections dropped and refused, then taken but never answered (a machine gone silent),
 * and a database that turned read-only under the pool (25006: a proxy still pointing at a primary
 * just demoted); with a streaming standby in use, the catalogue's reads go on from it meanwhile. On PGlite the database runs inside the process: no connection can be lost, so
 * only the read-only server applies, with the one session made read-only.
 */
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { CuttableProxy } from '../../../test/cuttable-proxy';
import { startTestStandbyPair, type TestStandbyPair } from '../../../test/standby-pair';
import { withDatabase } from '../../../test/global-setup';
import {
  buildTestApp,
  databaseKind,
  postProduct,
  registerUser,
  testAppOn,
  type TestContext,
  type TestUser,
} from '../../../test/helper';
import { templateDatabase } from '../../../test/paths';
import { eventually } from '../../../test/smtp-server';
import { MailWorker } from '../../marketplace-mail';
import { folderTransport } from '../mail/mail-transports';
import { openDatabase } from './client';

const BUSY = 'The marketplace is busy: try again in a moment';

function book(ctx: TestContext, buyer: TestUser, productID: string, key?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...buyer.auth, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { buyerName: buyer.name, phone: '5551234567', meetLocation: 'Main St', productID },
  });
}

/** The answer a request gets while no primary answers. */
function expectBusy(response: { statusCode: number; headers: object; json(): unknown }): void {
  expect(response.statusCode).toBe(503);
  expect((response.headers as Record<string, unknown>)['retry-after']).toBe('2');
  expect(response.json()).toEqual({ message: BUSY });
}

/**
 * A database turned read-only under the app: reads keep working, a booking answers 503 busy
 * (not 500) and writes nothing, and once it takes writes again the booking is made.
 */
async function readOnlyServer(
  ctx: TestContext,
  readOnly: (on: boolean) => Promise<void>,
): Promise<void> {
  const seller = await registerUser(ctx.app, 'Seller');
  const buyer = await registerUser(ctx.app, 'Buyer');
  const car = await postProduct(ctx.app, seller, { carName: 'Read-only Audi A4' });
  await readOnly(true);
  try {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/categories' })).statusCode).toBe(200);
    expectBusy(await book(ctx, buyer, car));
  } finally {
    await readOnly(false);
  }
  expect((await book(ctx, buyer, car)).statusCode).toBe(201);
  const mine = await ctx.app.inject({
    method: 'GET',
    url: `/api/orders?email=${encodeURIComponent(buyer.email)}`,
    headers: buyer.auth,
  });
  expect(mine.json()).toHaveLength(1);
}

if (databaseKind === 'postgres') {
  describe('no primary answering (PostgreSQL behind a proxy the test cuts)', () => {
    const url = process.env.DATABASE_URL!;
    const name = `cardealer_test_${randomBytes(6).toString('hex')}`;
    let proxy: CuttableProxy;
    let ctx: TestContext;
    let seller: TestUser;
    let buyer: TestUser;
    let mailDir: string;
    let mail: MailWorker;

    const admin = async <T>(run: (client: Client) => Promise<T>): Promise<T> => {
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        return await run(client);
      } finally {
        await client.end();
      }
    };

    beforeAll(async () => {
      await admin((client) =>
        client.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase()}`),
      );
      const direct = new URL(withDatabase(url, name));
      proxy = await CuttableProxy.start({
        host: direct.hostname,
        port: Number(direct.port || 5432),
      });
      const database = await openDatabase({
        databaseUrl: proxy.url(direct.toString()),
        poolSize: 3,
        connectTimeoutMs: 1000,
      });
      ctx = await testAppOn(database);
      seller = await registerUser(ctx.app, 'Seller');
      buyer = await registerUser(ctx.app, 'Buyer');
      mailDir = mkdtempSync(join(tmpdir(), 'cardealer-outage-mail-'));
      mail = new MailWorker(database.db, folderTransport(mailDir), {
        from: 'CarDealer <no-reply@cardealer.local>',
        origin: 'http://cars.example',
        messageDelaySeconds: 0,
        pollMs: 100,
      });
      await mail.start();
    }, 60_000);
    afterAll(async () => {
      await mail?.stop();
      await proxy?.restore();
      await ctx?.close();
      await proxy?.close();
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      rmSync(mailDir, { recursive: true, force: true });
    });

    it('refused: reads and writes answer 503 busy with Retry-After; once it answers, the booking is made and mailed', async () => {
      const car = await postProduct(ctx.app, seller, { carName: 'Outage Volvo XC60' });
      const mailed = readdirSync(mailDir).length;
      await proxy.refuse();
      expectBusy(await book(ctx, buyer, car, 'outage-key'));
      expectBusy(await ctx.app.inject({ method: 'GET', url: `/api/products/${car}` }));
      // The mail worker meets the outage on its rounds, and keeps going.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await proxy.restore();
      // The web app's retry: the same request with the same key, once the primary answers.
      const booked = await book(ctx, buyer, car, 'outage-key');
      expect(booked.statusCode).toBe(201);
      expect((await book(ctx, buyer, car, 'outage-key')).json()).toEqual(booked.json());
      // The seller's mail of the booking, sent by the worker that lived through the outage.
      await eventually(async () => readdirSync(mailDir).length > mailed || null);
    });

    it('silent: a request answers 503 busy within the wait for a connection, not never', async () => {
      const car = await postProduct(ctx.app, seller, { carName: 'Silent Saab 9-3' });
      await proxy.blackHole();
      const started = Date.now();
      expectBusy(await book(ctx, buyer, car));
      expect(Date.now() - started).toBeLessThan(10_000);
      await proxy.restore();
      expect((await book(ctx, buyer, car)).statusCode).toBe(201);
    });

    it('read-only (25006, a demoted primary): reads answer, writes 503 busy, then succeed', async () => {
      // Every connection of the app ended, so the pool opens new ones that read the setting;
      // once the ended ones have gone, and the pool has heard so and dropped them.
      const reconnect = () =>
        admin(async (client) => {
          const ended = await client.query<{ pid: number }>(
            'with app as materialized (select pid from pg_stat_activity where datname = $1) ' +
              'select pid from app where pg_terminate_backend(pid)',
            [name],
          );
          const pids = ended.rows.map((row) => row.pid);
          const left = 'select count(*)::int as n from pg_stat_activity where pid = any($1)';
          await eventually(async () => (await client.query(left, [pids])).rows[0].n === 0 || null);
          await new Promise((resolve) => setTimeout(resolve, 300));
        });
      await readOnlyServer(ctx, async (on) => {
        const setting = on ? 'SET default_transaction_read_only = on' : 'RESET ALL';
        await admin((client) => client.query(`ALTER DATABASE ${name} ${setting}`));
        await reconnect();
      });
    });
  });
  describe('no primary answering, a standby in use (PostgreSQL)', () => {
    let pair: TestStandbyPair;
    let proxy: CuttableProxy;
    let ctx: TestContext;

    beforeAll(async () => {
      pair = await startTestStandbyPair();
      const primary = new URL(pair.primaryUrl);
      proxy = await CuttableProxy.start({ host: primary.hostname, port: Number(primary.port) });
      const database = await openDatabase({
        databaseUrl: proxy.url(pair.primaryUrl),
        readUrls: pair.standbyUrls,
        poolSize: 3,
        connectTimeoutMs: 1000,
      });
      ctx = await testAppOn(database, {
        readDb: database.readDb,
        standbys: database.standbys,
        catalogueCacheMs: 0,
      });
    }, 90_000);
    afterAll(async () => {
      await proxy?.restore();
      await ctx?.close();
      await proxy?.close();
      await pair?.stop().catch(() => undefined);
    });

    it("the catalogue's reads go on from the standby while writes answer 503 busy", async () => {
      const seller = await registerUser(ctx.app, 'Seller');
      const buyer = await registerUser(ctx.app, 'Buyer');
      const name = `Standby-read Lancia Delta ${Date.now().toString(36)}`;
      const car = await postProduct(ctx.app, seller, { carName: name });
      const standby = () => ctx.database.standbys!.status()[0]!;
      await eventually(async () => standby().inUse || null);
      await proxy.refuse();
      const before = standby().reads;
      // The search's counts, read from the standby.
      const found = await ctx.app.inject({
        method: 'GET',
        url: `/api/products/facets?q=${encodeURIComponent(name)}`,
      });
      expect(found.statusCode).toBe(200);
      expect(found.body).toContain('Tesla');
      expect(standby().reads).toBeGreaterThan(before);
      // The cars themselves, with their photos' copies (read from the standby meanwhile).
      const listed = await ctx.app.inject({
        method: 'GET',
        url: `/api/products?q=${encodeURIComponent(name)}`,
      });
      expect(listed.statusCode).toBe(200);
      expect(listed.body).toContain(name);
      expectBusy(await book(ctx, buyer, car, 'standby-key'));
      await proxy.restore();
      expect((await book(ctx, buyer, car, 'standby-key')).statusCode).toBe(201);
    });
  });
} else {
  describe('no primary answering (PGlite: in the process, only a read-only server applies)', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await buildTestApp();
    });
    afterAll(async () => {
      await ctx?.close();
    });

    it('read-only (25006): reads answer, writes 503 busy with Retry-After, then succeed', async () => {
      await readOnlyServer(ctx, async (on) => {
        await ctx.database.db.execute(
          on
            ? sql`set default_transaction_read_only = on`
            : sql`reset default_transaction_read_only`,
        );
      });
    });
  });
}
