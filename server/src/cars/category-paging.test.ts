/**
 * Paging, sorting and filtering of a category's products: X-Total-Count and X-Next-Cursor, the
 * unchanged answer without paging parameters, and the refusal of bad parameters.
 */
import type { TestContext } from '../../test/helper';
import { getFrom, ids, openPagingTest } from '../../test/paging-fixture';

let ctx: TestContext;
beforeAll(async () => ({ ctx } = await openPagingTest()));
afterAll(() => ctx?.close());

const get = (url: string) => getFrom(ctx, url);

describe('GET /api/category-products/{name} paging', () => {
  it('answers the whole list, newest first, without paging parameters (and the total)', async () => {
    const response = await get('/api/category-products/Ferrari');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toHaveLength(30);
    expect(body[0]._id).toBe('paging-29');
    expect(body[29]._id).toBe('paging-00');
    expect(response.headers['x-total-count']).toBe('30');
    // Readable by a web app on another origin (which sends an Origin header).
    expect(response.headers['access-control-expose-headers']).toBeUndefined();
    const crossOrigin = await ctx.app.inject({
      url: '/api/category-products/Ferrari?limit=1',
      headers: { origin: 'https://shop.example.com' },
    });
    expect(crossOrigin.headers['access-control-expose-headers']).toBe(
      'X-Total-Count, X-Next-Cursor',
    );
    // Every field of the original product, `sold`, the vehicle data and the price news, nothing
    // more (no cursor key leaks).
    expect(Object.keys(body[0]).sort()).toEqual(
      [
        'sold',
        '_id',
        'carName',
        'carPhoto',
        'categoryName',
        'condition',
        'originalPrice',
        'resalePrice',
        'productLocation',
        'userYears',
        'postTime',
        'productDescription',
        'sellerName',
        'sellerPhoto',
        'email',
        'advertisement',
        'isVerify',
        // The vehicle data.
        'make',
        'vin',
        'model',
        'modelYear',
        'trim',
        'bodyStyle',
        'fuel',
        'transmission',
        'drive',
        'exteriorColor',
        'mileage',
        'owners',
        // When it was listed and its recent price drop (the price's history).
        'listedAt',
        'priceDrop',
        // The seller's account and stored rating.
        'sellerId',
        'sellerRating',
        // Where the car is: its ZIP code and that place's name.
        'zip',
        'place',
        // Whether a dealer or a private seller sells it.
        'sellerType',
      ].sort(),
    );
  });

  it('pages with limit and offset, with the total in X-Total-Count', async () => {
    const first = await get('/api/category-products/ferrari?limit=7');
    expect(first.statusCode).toBe(200);
    expect(ids(first.json())).toEqual(
      Array.from({ length: 7 }, (_, i) => `paging-${String(29 - i).padStart(2, '0')}`),
    );
    expect(first.headers['x-total-count']).toBe('30');
    expect(first.headers['x-next-cursor']).toEqual(expect.any(String));
    const last = await get('/api/category-products/Ferrari?limit=7&offset=28');
    expect(ids(last.json())).toEqual(['paging-01', 'paging-00']);
    expect(last.headers['x-total-count']).toBe('30');
    expect(last.headers['x-next-cursor']).toBeUndefined();
    const beyond = await get('/api/category-products/Ferrari?limit=7&offset=100');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('30');
  });

  it.each([
    ['createdAt', 'desc'],
    ['createdAt', 'asc'],
    ['resalePrice', 'asc'],
    ['resalePrice', 'desc'],
  ])(
    'walks every row exactly once with the cursor (sort %s %s), same order as offsets',
    async (sort, order) => {
      const all = await get(`/api/category-products/Ferrari?limit=100&sort=${sort}&order=${order}`);
      const expected = ids(all.json());
      expect(expected).toHaveLength(30);
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let pages = 0; pages < 10; pages++) {
        const response = await get(
          `/api/category-products/Ferrari?limit=4&sort=${sort}&order=${order}` +
            (cursor ? `&cursor=${cursor}` : ''),
        );
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-total-count']).toBe('30');
        seen.push(...ids(response.json()));
        cursor = response.headers['x-next-cursor'] as string | undefined;
        if (!cursor) break;
      }
      expect(seen).toEqual(expected);
      const values = (all.json() as { resalePrice: number }[]).map((p) => p.resalePrice);
      if (sort === 'resalePrice') {
        const sorted = [...values].sort((a, b) => (order === 'asc' ? a - b : b - a));
        expect(values).toEqual(sorted);
      }
    },
  );

  it('filters by condition (the total counts the filtered rows)', async () => {
    const response = await get('/api/category-products/Ferrari?condition=Fair&limit=3');
    expect(response.headers['x-total-count']).toBe('10');
    const body = response.json() as { condition: string }[];
    expect(body).toHaveLength(3);
    expect(body.every((p) => p.condition === 'Fair')).toBe(true);
    // A filter without a limit: every matching row.
    const whole = await get('/api/category-products/Ferrari?condition=Good');
    expect(whole.json()).toHaveLength(10);
  });

  it.each([
    ['limit=0', 'limit: must be an integer from 1 to 100'],
    ['limit=101', 'limit: must be an integer from 1 to 100'],
    ['limit=abc', 'limit: must be rows per page (an integer from 1 to 100)'],
    ['offset=-1', 'offset: must be rows to skip (an integer from 0 to 1000000)'],
    [
      'sort=carName',
      'sort: must be the field to sort by: createdAt, resalePrice (default createdAt)',
    ],
    [
      'order=up',
      'order: must be asc or desc (default desc); ties are broken by _id in the same direction',
    ],
    ['condition=New', 'condition: must be Excellent, Good or Fair'],
    [
      'cursor=!!',
      'cursor: must be the X-Next-Cursor of the previous page (keyset paging, fast at any depth; not with offset)',
    ],
    ['cursor=abc', 'cursor: is not a cursor this server gave'],
    ['cursor=abc&offset=3', 'cursor: cannot be combined with offset'],
  ])('refuses %s with a clear 400', async (query, message) => {
    const response = await get(`/api/category-products/Ferrari?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a cursor of another sort or filter', async () => {
    const first = await get('/api/category-products/Ferrari?limit=2&sort=resalePrice');
    const cursor = first.headers['x-next-cursor'] as string;
    const response = await get(`/api/category-products/Ferrari?limit=2&cursor=${cursor}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^cursor: belongs to another sort or filter/);
  });

  it('still answers 404 for an unknown category', async () => {
    const response = await get('/api/category-products/Trabant?limit=5');
    expect(response.statusCode).toBe(404);
  });
});
