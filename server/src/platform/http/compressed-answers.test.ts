/** Compressed catalogue answers: Brotli or gzip as the client accepts, fresh after a write. */
import { sql } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { COMPRESS_FROM_BYTES } from '../cache/catalogue-answers';
import type { TestContext } from '../../../test/helper';
import { openPagingTest } from '../../../test/paging-fixture';

let ctx: TestContext;
beforeAll(async () => ({ ctx } = await openPagingTest()));
afterAll(() => ctx?.close());

describe('compressed catalogue answers', () => {
  const url = '/api/category-products/Ferrari?limit=24';
  const fetchWith = (encoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
    });

  it('go as Brotli to a browser, and decode to the same answer as the plain one', async () => {
    const plain = await fetchWith();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const browser = await fetchWith('gzip, deflate, br, zstd');
    expect(browser.statusCode).toBe(200);
    expect(browser.headers['content-encoding']).toBe('br');
    expect(browser.headers.vary).toMatch(/accept-encoding/i);
    expect(browser.headers['content-type']).toMatch(/^application\/json/);
    expect(browser.headers['x-total-count']).toBe('30');
    expect(browser.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(browser.rawPayload).toString())).toEqual(plain.json());
  });

  it('go as gzip when Brotli is not accepted, and plain when nothing is', async () => {
    const gzipped = await fetchWith('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await fetchWith();
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
    const refused = await fetchWith('br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
    const unknown = await fetchWith('compress');
    expect(unknown.headers['content-encoding']).toBeUndefined();
  });

  it('leave a short answer plain', async () => {
    const categories = await ctx.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { 'accept-encoding': 'br' },
    });
    expect(categories.statusCode).toBe(200);
    expect(categories.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(categories.headers['content-encoding']).toBeUndefined();
  });

  it('stay fresh after a write: the compressed form is made again', async () => {
    const before = await fetchWith('br');
    await ctx.database.db.execute(
      sql`update products set car_name = 'Ferrari renamed' where id = 'paging-29'`,
    );
    ctx.app.catalogueCache.invalidate();
    const after = await fetchWith('br');
    const names = (raw: Buffer) =>
      (JSON.parse(brotliDecompressSync(raw).toString()) as { carName: string }[]).map(
        (p) => p.carName,
      );
    expect(names(before.rawPayload)[0]).toBe('Ferrari 29');
    expect(names(after.rawPayload)[0]).toBe('Ferrari renamed');
  });
});
