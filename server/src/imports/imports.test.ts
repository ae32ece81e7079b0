/**
 * A dealer's inventory import as the dealer and the buyers see it: a 50-row CSV with its photos'
 * ZIP checked (48 new, 2 refused with their reasons), applied (the cars in search with their
 * photos, the result mailed), imported again with three prices lowered and one row gone as the
 * whole stock (three updated, one removed, a saver's price-drop alert once); one import at a
 * time; another account's import not found; an unverified account's allowance.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { alertsFor, MATCH_ON_DEMAND, saveCar } from '../../test/alert-fixture';
import {
  buildTestApp,
  databaseKind,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';
import {
  csvOf,
  photosZip,
  stockRows,
  upload,
  waitForImport,
  type ImportAnswer,
  type StockRow,
} from '../../test/import-fixture';
import { REAL_VINS } from '../../test/vins';

jest.setTimeout(120_000);

describe(`inventory import (${databaseKind})`, () => {
  /** Where the imports' ZIPs are kept (removed at the end). */
  const importDir = mkdtempSync(join(tmpdir(), 'cardealer-imports-'));
  let ctx: TestContext;
  let dealer: TestUser;
  let buyer: TestUser;
  let rows: StockRow[];
  let zip: Buffer;
  let first: ImportAnswer;

  const execute = <T>(query: ReturnType<typeof sql>) =>
    ctx.database.db.execute(query) as unknown as Promise<{ rows: T[] }>;

  /** Uploads, waits for the dry run, applies and waits for the end. */
  async function importAndApply(csv: string, wholeStock: boolean) {
    const started = await upload(ctx.app, dealer, { csv, zip });
    expect(started.statusCode).toBe(202);
    const checked = await waitForImport(ctx.app, dealer, started.json<ImportAnswer>()._id);
    const applied = await ctx.app.inject({
      method: 'POST',
      url: `/api/imports/${checked._id}/apply`,
      headers: dealer.auth,
      payload: { wholeStock },
    });
    expect(applied.statusCode).toBe(202);
    return { checked, done: await waitForImport(ctx.app, dealer, checked._id, ['done', 'failed']) };
  }

  beforeAll(async () => {
    ctx = await buildTestApp({
      ...MATCH_ON_DEMAND,
      importDir,
      importAllowance: { verified: 2000, unverified: 3 },
    });
    [dealer, buyer] = await Promise.all([
      registerUser(ctx.app, 'Seller', 'dealer'),
      registerUser(ctx.app, 'Buyer'),
    ]);
    await execute(sql`update users set user_verify = 'true' where id = ${dealer._id}`);
    rows = stockRows(50);
    // Row 50 (line 51): a VIN whose check digit is wrong; row 49: a make not listed here.
    rows[49]!.vin = `${rows[49]!.vin.slice(0, 8)}${rows[49]!.vin[8] === '1' ? '2' : '1'}${rows[49]!.vin.slice(9)}`;
    rows[48]!.make = 'Porsche';
    // Row 1: the VIN alone names make, model and year (decoded offline).
    Object.assign(rows[0]!, { vin: REAL_VINS.tesla, make: '', model: '', year: '' });
    zip = await photosZip(50);
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(importDir, { recursive: true, force: true });
  });

  it('checks a 50-row CSV with its photos: 48 new, 2 refused with the field and why', async () => {
    const started = await upload(ctx.app, dealer, { csv: csvOf(rows), zip });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({
      state: 'checking',
      rowsTotal: 50,
      fileName: 'stock.csv',
    });
    expect(started.json().columns.map((c: { field: string }) => c.field)).toEqual([
      'vin',
      'stockNumber',
      'make',
      'model',
      'year',
      'mileage',
      'price',
      'condition',
      'zip',
      'photos',
    ]);
    first = await waitForImport(ctx.app, dealer, started.json()._id);
    expect(first).toMatchObject({
      state: 'checked',
      rowsDone: 50,
      summary: { new: 48, updated: 0, unchanged: 0, refused: 2, removed: 0 },
      allowance: { message: null },
    });
    const refused = first.rows.filter((row) => row.result === 'refused');
    expect(refused.map(({ row, field }) => ({ row, field }))).toEqual([
      { row: 50, field: 'make' },
      { row: 51, field: 'vin' },
    ]);
    expect(refused[0]!.reason).toBe("'Porsche' is not a make listed here");
    expect(refused[1]!.reason).toMatch(/check digit/);
    // The decoded VIN named the car: year, make and model.
    expect(first.rows[0]).toMatchObject({
      result: 'new',
      name: '2015 Tesla Model S',
      vin: REAL_VINS.tesla,
    });
    expect(first.rows[1]).toMatchObject({
      result: 'new',
      name: '2019 Tesla Model 3',
      price: 30100,
    });
    // Nothing is written by the dry run.
    const listed = await ctx.app.inject({
      url: `/api/seller-products/${dealer.email}`,
      headers: dealer.auth,
    });
    expect(listed.json()).toEqual([]);
  });

  it('applies it: the cars in search with their photos, the result mailed', async () => {
    const applied = await ctx.app.inject({
      method: 'POST',
      url: `/api/imports/${first._id}/apply`,
      headers: dealer.auth,
      payload: { wholeStock: false },
    });
    expect(applied.statusCode).toBe(202);
    expect(applied.json().state).toBe('applying');
    const done = await waitForImport(ctx.app, dealer, first._id, ['done', 'failed']);
    first = done;
    expect(done).toMatchObject({ state: 'done', summary: { new: 48, refused: 2 } });
    expect(done.rows.filter((row) => row.productId && row.result === 'new')).toHaveLength(48);
    const search = await ctx.app.inject({ url: `/api/products?seller=${dealer._id}&limit=48` });
    const cars = search.json<{ carName: string; carPhoto: string }[]>();
    expect(cars).toHaveLength(48);
    for (const car of cars) expect(car.carPhoto).toMatch(/^\/image-host\/i\/[0-9a-f]{64}\.jpg$/);
    const image = await ctx.app.inject({ url: cars[0]!.carPhoto });
    expect(image.statusCode).toBe(200);
    const mail = await execute<{ subject: string; body: string }>(
      sql`select subject, body from outbox where to_email = ${dealer.email}`,
    );
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]!.body).toContain('new cars listed: 48');
    // A second apply of the same import: 409.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/imports/${first._id}/apply`,
      headers: dealer.auth,
      payload: { wholeStock: false },
    });
    expect(again.statusCode).toBe(409);
  });

  it('imports again as the whole stock: 3 updated, 1 removed, a price-drop alert once', async () => {
    const watched = first.rows[2]!.productId!;
    const gone = first.rows[10]!.productId!;
    await saveCar(ctx.app, buyer, watched);
    await ctx.app.alertMatching.run();
    const next = rows.map((row) => ({ ...row }));
    for (const i of [2, 3, 4]) next[i]!.price = String(Number(next[i]!.price) - 2000);
    next.splice(10, 1);
    const { checked, done } = await importAndApply(csvOf(next), true);
    expect(checked.summary).toEqual({ new: 0, updated: 3, unchanged: 44, refused: 2, removed: 0 });
    expect(checked.rows.filter((r) => r.result === 'updated').map((r) => r.changes)).toEqual([
      ['price'],
      ['price'],
      ['price'],
    ]);
    expect(done.summary).toEqual({ new: 0, updated: 3, unchanged: 44, refused: 2, removed: 1 });
    const car = await ctx.app.inject({ url: `/api/products/${gone}` });
    expect(car.statusCode).toBe(404);
    const cheaper = await ctx.app.inject({ url: `/api/products/${watched}` });
    expect(cheaper.json().resalePrice).toBe(Number(rows[2]!.price) - 2000);
    await ctx.app.alertMatching.run();
    await ctx.app.alertMatching.run();
    const alerts = await alertsFor(ctx.database.db, buyer);
    expect(alerts.map((a) => [a.kind, a.productId])).toEqual([['price_drop', watched]]);
    const listed = await ctx.app.inject({ url: `/api/products?seller=${dealer._id}&limit=48` });
    expect(listed.json()).toHaveLength(47);
  });

  it('runs one import at a time (409), discards, and keeps imports to their owner (404)', async () => {
    const csv = csvOf(stockRows(2, 'B'));
    const started = await upload(ctx.app, dealer, { csv, zip });
    expect(started.statusCode).toBe(202);
    const second = await upload(ctx.app, dealer, { csv, zip });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/One import at a time/);
    const id = started.json()._id as string;
    const other = await registerUser(ctx.app, 'Seller', 'other');
    for (const request of [
      { method: 'GET' as const, url: `/api/imports/${id}` },
      { method: 'POST' as const, url: `/api/imports/${id}/apply`, payload: { wholeStock: true } },
      { method: 'DELETE' as const, url: `/api/imports/${id}` },
    ]) {
      const response = await ctx.app.inject({ ...request, headers: other.auth });
      expect(response.statusCode).toBe(404);
    }
    expect(
      (await ctx.app.inject({ url: '/api/imports/current', headers: other.auth })).statusCode,
    ).toBe(404);
    await waitForImport(ctx.app, dealer, id);
    const current = await ctx.app.inject({ url: '/api/imports/current', headers: dealer.auth });
    expect(current.json()._id).toBe(id);
    const discarded = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/imports/${id}`,
      headers: dealer.auth,
    });
    expect(discarded.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(
      (await ctx.app.inject({ url: `/api/imports/${id}`, headers: dealer.auth })).statusCode,
    ).toBe(404);
  });

  it('changes a column match and checks again', async () => {
    const csv =
      'Chassis,Brand,Model,Year,Price,Condition,ZIP,Pictures\n' +
      `${rows[1]!.vin},Tesla,Model 3,2019,29000,Good,78701,car-2.jpg`;
    const started = await upload(ctx.app, dealer, { csv, zip });
    const checked = await waitForImport(ctx.app, dealer, started.json()._id);
    // 'Chassis' is no VIN by name: the row is a new car, not the dealer's existing one.
    expect(checked.rows[0]!.result).toBe('new');
    const matched = await ctx.app.inject({
      method: 'PUT',
      url: `/api/imports/${checked._id}/mapping`,
      headers: dealer.auth,
      payload: { mapping: { Chassis: 'vin' } },
    });
    expect(matched.statusCode).toBe(202);
    const again = await waitForImport(ctx.app, dealer, checked._id);
    expect(again.rows[0]).toMatchObject({ result: 'updated', changes: ['price'] });
    const wrong = await ctx.app.inject({
      method: 'PUT',
      url: `/api/imports/${checked._id}/mapping`,
      headers: dealer.auth,
      payload: { mapping: { Nope: 'vin' } },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("mapping: the file has no column 'Nope'");
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/imports/${checked._id}`,
      headers: dealer.auth,
    });
  });

  it("lists an unverified account's first-day allowance and says why the rest wait", async () => {
    const newcomer = await registerUser(ctx.app, 'Seller', 'newcomer');
    const started = await upload(ctx.app, newcomer, { csv: csvOf(stockRows(5, 'C')), zip });
    const checked = await waitForImport(ctx.app, newcomer, started.json()._id);
    const message = '3 of these can be listed today; a verified dealer imports up to 2,000';
    expect(checked.allowance).toEqual({ listableToday: 3, message });
    expect(checked.rows.map((row) => row.result)).toEqual([
      'new',
      'new',
      'new',
      'over-allowance',
      'over-allowance',
    ]);
    expect(checked.rows[3]!.reason).toBe(message);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/imports/${checked._id}/apply`,
      headers: newcomer.auth,
      payload: { wholeStock: false },
    });
    await waitForImport(ctx.app, newcomer, checked._id, ['done']);
    const listed = await ctx.app.inject({ url: `/api/products?seller=${newcomer._id}` });
    expect(listed.json()).toHaveLength(3);
    // The day's allowance is spent: a new file lists none.
    const more = await upload(ctx.app, newcomer, { csv: csvOf(stockRows(2, 'D')), zip });
    const next = await waitForImport(ctx.app, newcomer, more.json()._id);
    expect(next.allowance.listableToday).toBe(0);
    expect(next.rows.map((row) => row.result)).toEqual(['over-allowance', 'over-allowance']);
  });
});
