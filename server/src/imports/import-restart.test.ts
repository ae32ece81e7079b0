/**
 * An apply that a restart interrupts: the process stops after the batch it is writing, a new
 * process on the same database picks the import up at start and finishes it, and every car is
 * written once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  buildReplica,
  buildTestApp,
  databaseKind,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';
import { csvOf, photosZip, stockRows, upload, waitForImport } from '../../test/import-fixture';

jest.setTimeout(120_000);

describe(`an import's apply across a restart (${databaseKind})`, () => {
  /** Where the imports' ZIPs are kept (removed at the end). */
  const importDir = mkdtempSync(join(tmpdir(), 'cardealer-imports-'));
  let ctx: TestContext;
  let dealer: TestUser;

  beforeAll(async () => {
    ctx = await buildTestApp({ importDir });
    dealer = await registerUser(ctx.app, 'Seller', 'dealer');
    await ctx.database.db.execute(
      sql`update users set user_verify = 'true' where id = ${dealer._id}`,
    );
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(importDir, { recursive: true, force: true });
  });

  /** The import as `app` answers it. */
  const read = async (app: FastifyInstance, id: string) =>
    (await app.inject({ url: `/api/imports/${id}`, headers: dealer.auth })).json<{
      state: string;
      rowsDone: number;
      summary: { new: number };
    }>();

  it('goes on after the last row written, and writes no car twice', async () => {
    // Two rows a transaction, so that the stop comes between batches.
    const first = await buildReplica(ctx, { importDir, importBatch: 2 });
    await first.app.ready();
    const rows = stockRows(20, 'R');
    const started = await upload(first.app, dealer, { csv: csvOf(rows), zip: await photosZip(20) });
    const id = started.json<{ _id: string }>()._id;
    await waitForImport(first.app, dealer, id);
    const applied = await first.app.inject({
      method: 'POST',
      url: `/api/imports/${id}/apply`,
      headers: dealer.auth,
      payload: { wholeStock: false },
    });
    expect(applied.statusCode).toBe(202);
    // Stopped part-way: after a few batches are written.
    while ((await read(first.app, id)).rowsDone < 3) await new Promise((r) => setTimeout(r, 20));
    await first.close();
    const stopped = await read(ctx.app, id);
    expect(stopped.state).toBe('applying');
    expect(stopped.rowsDone).toBeLessThan(20);

    // The next process picks it up as it starts.
    const second = await buildReplica(ctx, { importDir });
    await second.app.ready();
    try {
      const done = await waitForImport(second.app, dealer, id, ['done', 'failed']);
      expect(done).toMatchObject({ state: 'done', rowsDone: 20, summary: { new: 20 } });
    } finally {
      await second.close();
    }
    const cars = (await ctx.database.db.execute(
      sql`select vin, count(*)::int as n from products where email = ${dealer.email} group by vin`,
    )) as unknown as { rows: { vin: string; n: number }[] };
    expect(cars.rows).toHaveLength(20);
    expect(cars.rows.every((car) => car.n === 1)).toBe(true);
    expect(new Set(cars.rows.map((car) => car.vin))).toEqual(new Set(rows.map((row) => row.vin)));
  });
});
