/**
 * Free-text search (`q`): misspellings forgiven, a match in the name ranked above one in the
 * description, excluded words kept out, paging by cursor in every sort, and the search words
 * kept up to date as cars are posted and changed.
 */
import { eq, sql } from 'drizzle-orm';
import { newId } from '../platform/db/ids';
import { products, users } from '../platform/db/schema';
import { buildTestApp, databaseKind, type TestContext } from '../../test/helper';

describe(`free-text search (${databaseKind})`, () => {
  let ctx: TestContext;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    ctx = await buildTestApp();
    const email = `text-${newId()}@test.cardealer.dev`;
    const db = ctx.database.db;
    await db.insert(users).values({ _id: newId(), name: 'Text Seller', email, userRole: 'Seller' });
    const add = async (key: string, values: Partial<typeof products.$inferInsert>) => {
      ids[key] = newId();
      await db.insert(products).values({
        _id: ids[key]!,
        carName: 'Car',
        carPhoto: '/images/cars/car-01.svg',
        categoryName: 'Tesla',
        condition: 'Good',
        originalPrice: 1,
        resalePrice: 1,
        productLocation: 'Boston, MA',
        userYears: 1,
        postTime: 'today',
        productDescription: 'Nothing to say.',
        sellerName: 'Text Seller',
        email,
        ...values,
      });
    };
    await add('lambo', { carName: 'Lamborghini Huracan EVO', categoryName: 'Lamborghini' });
    await add('ferrari', { carName: 'Ferrari F8 Tributo', categoryName: 'Ferrari' });
    await add('tesla', { carName: 'Tesla Model 3', productLocation: 'Seattle, WA' });
    await add('garaged', {
      carName: 'BMW M3',
      categoryName: 'BMW',
      productDescription: 'A red Ferrari-beating saloon, always garaged.',
    });
    await add('sold', { carName: 'Ferrari Roma', categoryName: 'Ferrari', soldAt: new Date() });
  });
  afterAll(() => ctx.close());

  const search = async (q: string) => {
    const response = await ctx.app.inject({ url: `/api/products?q=${encodeURIComponent(q)}` });
    expect(response.statusCode).toBe(200);
    return (response.json() as { _id: string }[]).map((car) => car._id);
  };

  it.each([
    ['Lamborgini', 'lambo'],
    ['lamborghini', 'lambo'],
    ['ferari', 'ferrari'],
    ['Huracan', 'lambo'],
    ['seatle', 'tesla'],
    ['garaged', 'garaged'],
  ])('finds %s', async (q, key) => {
    expect(await search(q)).toContain(ids[key]);
  });

  it('ranks a match in the name above one in the description, and leaves sold cars out', async () => {
    const found = await search('ferrari');
    expect(found[0]).toBe(ids.ferrari);
    expect(found).toContain(ids.garaged);
    expect(found).not.toContain(ids.sold);
  });

  it('forgives a misspelt word among others, and keeps what the query excludes out', async () => {
    expect(await search('ferari tributo')).toEqual([ids.ferrari]);
    expect(await search('Lamborgini huracan')).toEqual([ids.lambo]);
    expect(await search('ferrari -tributo')).toEqual([ids.garaged]);
  });

  it("learns a new car's words as it is posted", async () => {
    const seller = await ctx.database.db.select({ email: users.email }).from(users).limit(1);
    const id = newId();
    await ctx.database.db.insert(products).values({
      _id: id,
      carName: 'Bugatti Chiron',
      carPhoto: '/images/cars/car-01.svg',
      categoryName: 'BMW',
      condition: 'Good',
      originalPrice: 1,
      resalePrice: 1,
      productLocation: 'Reno, NV',
      userYears: 1,
      postTime: 'today',
      productDescription: 'Fast.',
      sellerName: 'Text Seller',
      email: seller[0]!.email,
    });
    expect(await search('bugati')).toEqual([id]);
  });

  it('finds nothing for words no car has', async () => {
    expect(await search('zeppelin')).toEqual([]);
  });

  it('pages a relevance search by cursor', async () => {
    const first = await ctx.app.inject({ url: '/api/products?q=ferrari&limit=1' });
    expect(first.headers['x-total-count']).toBe('2');
    const second = await ctx.app.inject({
      url: `/api/products?q=ferrari&limit=1&cursor=${first.headers['x-next-cursor']}`,
    });
    expect([...first.json(), ...second.json()].map((c: { _id: string }) => c._id)).toEqual([
      ids.ferrari,
      ids.garaged,
    ]);
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });

  it.each(['newest', 'price_asc', 'price_desc', 'deal'])(
    'pages the matches of free text sorted %s by cursor, each page with the total',
    async (sort) => {
      await ctx.app.repos.search.refreshDeals();
      const found: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 5; page++) {
        const response = await ctx.app.inject({
          url: `/api/products?q=ferrari&sort=${sort}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-total-count']).toBe('2');
        found.push(...(response.json() as { _id: string }[]).map((car) => car._id));
        cursor = response.headers['x-next-cursor'] as string | undefined;
        if (!cursor) break;
      }
      expect(found.sort()).toEqual([ids.ferrari, ids.garaged].sort());
    },
  );

  it('keeps the search words up to date when a car changes', async () => {
    await ctx.database.db
      .update(products)
      .set({ carName: 'Porsche Taycan' })
      .where(eq(products._id, ids.tesla!));
    expect(await search('taycan')).toEqual([ids.tesla]);
    const [row] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(sql`search @@ to_tsquery('english', 'taycan')`);
    expect(row?.n).toBe(1);
  });
});
