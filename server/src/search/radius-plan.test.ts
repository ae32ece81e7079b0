/**
 * A circle dense with cars is searched by walking the sort's own index and testing each car's
 * distance: the pages, page after page by cursor, are the same cars in the same order as the box
 * on the point index finds them, and a sparse circle keeps the box.
 */
import { newId } from '../platform/db/ids';
import { products, users } from '../platform/db/schema';
import { buildTestApp, databaseKind, type TestContext } from '../../test/helper';
import { radiusPlan } from './radius-plan';

const AUSTIN_CARS = 180;
const ROUND_ROCK_CARS = 40;
const DALLAS_CARS = 30;

describe(`a search within a radius dense with cars (${databaseKind})`, () => {
  let ctx: TestContext;
  let sellerId: string;
  /** The ids of the cars within 25 miles of 78701, newest first. */
  let nearNewest: string[];
  /** The same cars, cheapest first (ties by id, as the price sort's keyset). */
  let nearCheapest: string[];

  beforeAll(async () => {
    ctx = await buildTestApp({ catalogueCacheMs: 0 });
    const db = ctx.database.db;
    const email = `dense-${newId()}@test.cardealer.dev`;
    sellerId = newId();
    await db
      .insert(users)
      .values({ _id: sellerId, name: 'Dense Seller', email, userRole: 'Seller' });
    const places = ctx.app.repos.places;
    const at = {
      austin: (await places.ofZip('78701'))!,
      roundRock: (await places.ofZip('78664'))!,
      dallas: (await places.ofZip('75201'))!,
    };
    const base = Date.UTC(2026, 0, 1);
    const rows = [
      ...Array.from({ length: AUSTIN_CARS }, () => at.austin),
      ...Array.from({ length: ROUND_ROCK_CARS }, () => at.roundRock),
      ...Array.from({ length: DALLAS_CARS }, () => at.dallas),
    ].map((place, i) => ({
      _id: newId(),
      carName: `Dense ${i}`,
      carPhoto: '/images/cars/car-01.svg',
      categoryName: 'Tesla',
      condition: 'Good' as const,
      originalPrice: 40_000,
      // Prices repeat, so the price sort's ties are broken by id.
      resalePrice: 10_000 + (i % 17) * 1_000,
      productLocation: place.place,
      userYears: 1,
      postTime: 'today',
      productDescription: 'A car.',
      sellerName: 'Dense Seller',
      email,
      zip: place.zip,
      latitude: place.latitude,
      longitude: place.longitude,
      // Interleaved in time, so that walking newest first meets Dallas cars between them.
      createdAt: new Date(base + ((i * 7919) % 1000) * 60_000),
    }));
    await db.insert(products).values(rows);
    const near = rows.filter((row) => row.zip !== '75201');
    nearNewest = [...near]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? 1 : -1))
      .map((row) => row._id);
    nearCheapest = [...near]
      .sort((a, b) => a.resalePrice - b.resalePrice || (a._id < b._id ? -1 : 1))
      .map((row) => row._id);
  });
  afterAll(() => ctx.close());

  async function everyPage(query: string): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 30; page++) {
      const response = await ctx.app.inject({
        url: `/api/products?seller=${sellerId}&${query}&limit=24${cursor ? `&cursor=${cursor}` : ''}`,
      });
      expect(response.statusCode).toBe(200);
      ids.push(...(response.json() as { _id: string }[]).map((car) => car._id));
      cursor = response.headers['x-next-cursor'] as string | undefined;
      if (!cursor) break;
    }
    return ids;
  }

  it('walks the sort instead of the box where the circle holds enough cars', async () => {
    const austin = (await ctx.app.repos.places.ofZip('78701'))!;
    const request = { near: austin, radiusMiles: 25, sort: 'newest', limit: 24 } as const;
    expect(await radiusPlan(ctx.database.db, request, null)).toBe('distance');
    // Ten miles around El Paso: no car, so the box.
    const elPaso = (await ctx.app.repos.places.ofZip('79901'))!;
    expect(await radiusPlan(ctx.database.db, { ...request, near: elPaso }, null)).toBe('box');
    // The distance sort always reads the point index.
    expect(await radiusPlan(ctx.database.db, { ...request, sort: 'distance' }, null)).toBe('box');
  });

  it('answers every page newest first with exactly the cars within the radius', async () => {
    expect(await everyPage('zip=78701&radius=25&sort=newest')).toEqual(nearNewest);
  });

  it('answers every page cheapest first with exactly the cars within the radius', async () => {
    expect(await everyPage('zip=78701&radius=25&sort=price_asc')).toEqual(nearCheapest);
  });
});
