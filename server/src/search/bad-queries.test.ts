/**
 * No query makes a 500: forged cursors (built as anyone could, from the cursor's old readable
 * shape), out-of-range values inside them, and free text that troubles the text search. Each is
 * a 400 naming the parameter.
 */
import { createHash } from 'node:crypto';
import { CursorCodec } from '../platform/http/cursors';
import {
  buildTestApp,
  databaseKind,
  postProduct,
  registerUser,
  TEST_ACCESS_TOKEN_SECRET,
  type TestContext,
} from '../../test/helper';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await buildTestApp();
  // Two cars, so that a page of one has a next page (and a cursor).
  const seller = await registerUser(ctx.app, 'Seller');
  await postProduct(ctx.app, seller, { resalePrice: '30000' });
  await postProduct(ctx.app, seller, { resalePrice: '31000' });
});

afterAll(async () => {
  await ctx?.close();
});

/** A cursor in the readable shape the server once gave: base64url JSON, no signature. */
function forged(parts: unknown[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** The search cursor's old check value of no filters: a bare SHA-256 anyone can compute. */
const NO_FILTERS = createHash('sha256')
  .update(JSON.stringify(['', [], [], null, null, null, null, '', false]))
  .digest('base64url')
  .slice(0, 16);

async function expect400(url: string, parameter: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
  expect(response.json().message).toMatch(new RegExp(`^${parameter}: `));
}

describe(`forged cursors are a 400 naming the cursor (${databaseKind})`, () => {
  it.each([
    ['price_asc', '1e400'],
    ['price_asc', '0b1'],
    ['price_desc', '1e-400'],
    ['deal', '1e400'],
  ])('GET /products?sort=%s with a price %s in the cursor', async (sort, value) => {
    const order = sort === 'price_desc' ? 'desc' : 'asc';
    const cursor = forged([sort, order, NO_FILTERS, value, 'x']);
    await expect400(`/api/products?sort=${sort}&limit=2&cursor=${cursor}`, 'cursor');
  });

  it('GET /products?sort=newest with the timestamp 294277-01-01 in the cursor', async () => {
    const cursor = forged(['newest', 'desc', NO_FILTERS, '294277-01-01', 'x']);
    await expect400(`/api/products?sort=newest&limit=2&cursor=${cursor}`, 'cursor');
  });

  it.each([1e300, 2 ** 63])(
    'GET /products?sort=relevance with the offset %d in the cursor',
    async (offset) => {
      const cursor = forged(['relevance', 'asc', NO_FILTERS, offset, 'x']);
      await expect400(`/api/products?sort=relevance&limit=2&cursor=${cursor}`, 'cursor');
    },
  );

  it.each([
    ['createdAt', 'desc', '294277-01-01'],
    ['createdAt', 'asc', 'yesterday'],
    ['resalePrice', 'asc', '1e400'],
    ['resalePrice', 'desc', '0b1'],
  ])(
    'GET /category-products/Tesla?sort=%s&order=%s with %s in the cursor',
    async (sort, order, value) => {
      const cursor = forged([sort, order, 'Tesla|', value, 'x']);
      await expect400(
        `/api/category-products/Tesla?sort=${sort}&order=${order}&limit=2&cursor=${cursor}`,
        'cursor',
      );
    },
  );
});

describe(`signed cursors are checked part by part (${databaseKind})`, () => {
  /** Signed with the test app's secret, as the server signs its own. */
  const signed = new CursorCodec(TEST_ACCESS_TOKEN_SECRET);

  it("refuses out-of-range values even in a cursor signed with the server's secret", async () => {
    const cases: [string, string][] = [
      [
        '/api/products?sort=newest&limit=2',
        signed.encode({
          sort: 'newest',
          order: 'desc',
          filter: NO_FILTERS,
          value: '294277-01-01',
          id: 'x',
        }),
      ],
      [
        '/api/products?sort=relevance&limit=2',
        signed.encode({
          sort: 'relevance',
          order: 'asc',
          filter: NO_FILTERS,
          value: 1e15,
          id: 'x',
        }),
      ],
      [
        '/api/category-products/Tesla?sort=resalePrice&order=asc&limit=2',
        signed.encode({
          sort: 'resalePrice',
          order: 'asc',
          filter: 'Tesla|',
          value: '1e400',
          id: 'x',
        }),
      ],
    ];
    for (const [url, cursor] of cases) await expect400(`${url}&cursor=${cursor}`, 'cursor');
  });

  it("refuses the server's own next-page cursor changed in one character", async () => {
    for (const url of [
      '/api/products?sort=price_asc&limit=1',
      '/api/category-products/Tesla?sort=createdAt&limit=1',
    ]) {
      const first = await ctx.app.inject({ method: 'GET', url });
      const cursor = String(first.headers['x-next-cursor']);
      expect(cursor.length).toBeGreaterThan(22);
      const next = await ctx.app.inject({ method: 'GET', url: `${url}&cursor=${cursor}` });
      expect(next.statusCode).toBe(200);
      for (const at of [0, 10, cursor.length - 1]) {
        const changed =
          cursor.slice(0, at) + (cursor[at] === 'A' ? 'B' : 'A') + cursor.slice(at + 1);
        await expect400(`${url}&cursor=${changed}`, 'cursor');
      }
    }
  });
});

describe(`free text that troubles the text search is a 400 naming q (${databaseKind})`, () => {
  it.each(['/api/products', '/api/products/facets'])(
    '%s?q= with 33, 40 and 200 dashes',
    async (path) => {
      for (const n of [33, 40, 200]) {
        await expect400(`${path}?q=${'-'.repeat(n)}`, 'q');
        await expect400(`${path}?q=${encodeURIComponent(`${'-'.repeat(n)}tesla`)}`, 'q');
      }
    },
  );
});
