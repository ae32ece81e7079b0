/**
 * A search near a ZIP code: cars at known places (Austin, Round Rock, Dallas, El Paso, and one
 * car with no place), kept within a radius, sorted nearest first, each with its distance in
 * miles checked against a haversine computed here; the distance bands of the facets, paging
 * by cursor through the distance sort, and the 400s of bad ZIP codes, radii and cursors.
 */
import { eq } from 'drizzle-orm';
import { newId } from '../platform/db/ids';
import { products, users } from '../platform/db/schema';
import { CursorCodec } from '../platform/http/cursors';
import {
  buildReplica,
  buildTestApp,
  databaseKind,
  TEST_ACCESS_TOKEN_SECRET,
  type TestContext,
} from '../../test/helper';

interface Found {
  _id: string;
  distanceMiles?: number | null;
}

/** The great-circle distance in miles on earthdistance's sphere (radius 6,378,168 m). */
function haversineMiles(a: [number, number], b: [number, number]): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const [lat1, lon1] = a.map(radians) as [number, number];
  const [lat2, lon2] = b.map(radians) as [number, number];
  const h =
    Math.sin((lat2 - lat1) / 2) ** 2 +
    Math.cos(lat1) * Math.cos(lat2) * Math.sin((lon2 - lon1) / 2) ** 2;
  return (2 * 6_378_168 * Math.asin(Math.sqrt(h))) / 1609.344;
}

describe(`search near a ZIP code (${databaseKind})`, () => {
  let ctx: TestContext;
  let sellerId: string;
  /** Each car's id and point by its name. */
  const cars: Record<string, { id: string; point: [number, number] | null }> = {};
  let austin: [number, number];

  beforeAll(async () => {
    ctx = await buildTestApp();
    const db = ctx.database.db;
    const email = `near-${newId()}@test.cardealer.dev`;
    sellerId = newId();
    await db
      .insert(users)
      .values({ _id: sellerId, name: 'Near Seller', email, userRole: 'Seller' });
    const places = ctx.app.repos.places;
    const home = await places.ofZip('78701');
    austin = [home!.latitude, home!.longitude];
    const base = Date.UTC(2026, 0, 1);
    const add = async (name: string, zip: string | null, minute: number, price = 20_000) => {
      const place = zip ? await places.ofZip(zip) : null;
      const id = newId();
      cars[name] = { id, point: place ? [place.latitude, place.longitude] : null };
      await db.insert(products).values({
        _id: id,
        carName: `${name} Tesla`,
        carPhoto: '/images/cars/car-01.svg',
        categoryName: 'Tesla',
        condition: 'Good',
        originalPrice: price * 1.5,
        resalePrice: price,
        productLocation: place?.place ?? 'Maranello',
        userYears: 1,
        postTime: 'today',
        productDescription: name === 'roundRock' ? 'A red car.' : 'A car.',
        sellerName: 'Near Seller',
        email,
        zip: place?.zip ?? null,
        latitude: place?.latitude ?? null,
        longitude: place?.longitude ?? null,
        createdAt: new Date(base + minute * 60_000),
      });
    };
    await add('austin', '78701', 1);
    // Two cars at one place: the same distance, the newer first.
    await add('austinNewer', '78701', 5, 30_000);
    await add('roundRock', '78664', 2);
    await add('dallas', '75201', 3);
    await add('elPaso', '79901', 4);
    await add('nowhere', null, 6);
  });
  afterAll(() => ctx.close());

  const get = (query: string) =>
    ctx.app.inject({ url: `/api/products?seller=${sellerId}&${query}` });

  async function found(query: string): Promise<Found[]> {
    const response = await get(query);
    expect(response.statusCode).toBe(200);
    return response.json() as Found[];
  }

  const names = (list: Found[]) =>
    list.map((car) => Object.keys(cars).find((name) => cars[name]!.id === car._id));

  it('keeps the cars within the radius, nearest first, each with its distance', async () => {
    const near = await found('zip=78701&radius=25&sort=distance');
    expect(names(near)).toEqual(['austinNewer', 'austin', 'roundRock']);
    for (const car of near) {
      const name = names([car])[0]!;
      const expected = haversineMiles(austin, cars[name]!.point!);
      expect(Math.abs(car.distanceMiles! - expected)).toBeLessThan(0.5);
      expect(car.distanceMiles).toBe(Math.round(car.distanceMiles! * 10) / 10);
    }
    expect(near[2]!.distanceMiles).toBeGreaterThan(10);
    expect(near[2]!.distanceMiles).toBeLessThan(25);
  });

  it('widens to 200 miles and the Dallas car joins', async () => {
    const wider = await found('zip=78701&radius=200&sort=distance');
    expect(names(wider)).toEqual(['austinNewer', 'austin', 'roundRock', 'dallas']);
    expect(wider[3]!.distanceMiles).toBeGreaterThan(150);
  });

  it('sorts every car by distance without a radius, the car with no place last', async () => {
    const all = await found('zip=78701&sort=distance');
    expect(names(all)).toEqual([
      'austinNewer',
      'austin',
      'roundRock',
      'dallas',
      'elPaso',
      'nowhere',
    ]);
    expect(all[4]!.distanceMiles).toBeGreaterThan(500);
    expect(all[5]!.distanceMiles).toBeNull();
  });

  it('gives every car a distance with a zip in any sort, and none without a zip', async () => {
    const priced = await found('zip=78701&sort=price_desc');
    expect(priced).toHaveLength(6);
    expect(priced.every((car) => car.distanceMiles !== undefined)).toBe(true);
    const plain = await found('sort=newest');
    expect(plain).toHaveLength(6);
    expect(plain.every((car) => !('distanceMiles' in car))).toBe(true);
  });

  it('combines the radius with free text and with price filters', async () => {
    expect(names(await found('zip=78701&radius=25&q=red'))).toEqual(['roundRock']);
    expect(names(await found('zip=78701&radius=200&maxPrice=25000&sort=distance'))).toEqual([
      'austin',
      'roundRock',
      'dallas',
    ]);
    expect(names(await found('zip=78701&radius=25&q=tesla&sort=distance'))).toEqual([
      'austinNewer',
      'austin',
      'roundRock',
    ]);
  });

  it('pages through the distance sort by cursor, every car once', async () => {
    for (const limit of [1, 2, 4]) {
      const ids: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page++) {
        const response = await get(
          `zip=78701&sort=distance&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-total-count']).toBe('6');
        ids.push(...(response.json() as Found[]).map((car) => car._id));
        cursor = response.headers['x-next-cursor'] as string | undefined;
        if (!cursor) break;
      }
      expect(names(ids.map((_id) => ({ _id })))).toEqual([
        'austinNewer',
        'austin',
        'roundRock',
        'dallas',
        'elPaso',
        'nowhere',
      ]);
    }
  });

  it('counts the cars within each radius in the facets', async () => {
    const response = await ctx.app.inject({
      url: `/api/products/facets?seller=${sellerId}&zip=78701&radius=25`,
    });
    expect(response.statusCode).toBe(200);
    const facets = response.json() as { distanceBands: Record<string, number> } & {
      category: Record<string, number>;
    };
    expect(facets.distanceBands).toEqual({ 10: 2, 25: 3, 50: 3, 100: 3, 200: 4, 500: 4 });
    expect(facets.category).toEqual({ Tesla: 3 });
    const cheap = await ctx.app.inject({
      url: `/api/products/facets?seller=${sellerId}&zip=78701&maxPrice=25000`,
    });
    expect(cheap.json().distanceBands).toEqual({ 10: 1, 25: 2, 50: 2, 100: 2, 200: 3, 500: 3 });
    const none = await ctx.app.inject({ url: `/api/products/facets?seller=${sellerId}` });
    expect(none.json()).not.toHaveProperty('distanceBands');
  });

  it('past the cars a search ranks, counts the bands it read through and says which hold more', async () => {
    // Two cars ranked: the three nearest read (two in Austin, then Round Rock) bound the count.
    const capped = await buildReplica(ctx, { searchCandidates: 2, catalogueCacheMs: 0 });
    try {
      const response = await capped.app.inject({
        url: `/api/products/facets?seller=${sellerId}&zip=78701`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        distanceBands: { 10: 2, 25: 2, 50: 2, 100: 2, 200: 2, 500: 2 },
        distanceBandsAtLeast: ['25', '50', '100', '200', '500'],
      });
      // Fewer cars than the cap: every band exact, nothing said to hold more.
      const few = await capped.app.inject({
        url: `/api/products/facets?seller=${sellerId}&zip=79901`,
      });
      expect(few.json().distanceBands).toMatchObject({ 10: 1, 500: 1 });
      expect(few.json()).not.toHaveProperty('distanceBandsAtLeast');
    } finally {
      await capped.close();
    }
  });

  it('within a radius, ranks the matches of free text nearest the centre when they are more than it ranks', async () => {
    // One match ranked: within 200 miles of Dallas the four Teslas match; the nearest and the
    // one after it (Dallas itself, then Round Rock) are read, not the two Austin cars listed
    // first, and the total says there may be more.
    const one = await buildReplica(ctx, { searchCandidates: 1, catalogueCacheMs: 0 });
    try {
      const response = await one.app.inject({
        url: `/api/products?seller=${sellerId}&zip=75201&radius=200&q=tesla`,
      });
      expect(response.statusCode).toBe(200);
      expect(new Set(names(response.json() as Found[]))).toEqual(new Set(['dallas', 'roundRock']));
      expect(response.headers['x-total-count-exact']).toBe('false');
      // The facets of the same search say as much.
      const facets = await one.app.inject({
        url: `/api/products/facets?seller=${sellerId}&zip=75201&radius=200&q=tesla`,
      });
      expect(facets.json()).toMatchObject({ countsExact: false });
      // Fewer matches than it ranks: all of them, the total exact.
      const few = await one.app.inject({
        url: `/api/products?seller=${sellerId}&zip=79901&radius=25&q=tesla`,
      });
      expect(names(few.json() as Found[])).toEqual(['elPaso']);
      expect(few.headers['x-total-count-exact']).toBe('true');
    } finally {
      await one.close();
    }
  });

  it('keeps every car at the distance where its nearest matches end, and pages through them once while one is edited', async () => {
    // Two ranked: the third nearest is at Austin, where two cars share a point. Both are read,
    // whatever their order in the index, and an edit between two pages changes nothing.
    const two = await buildReplica(ctx, { searchCandidates: 2, catalogueCacheMs: 0 });
    const url = `/api/products?seller=${sellerId}&zip=75201&radius=200&q=tesla&limit=2`;
    const austinCar = eq(products._id, cars.austin!.id);
    try {
      const first = await two.app.inject({ url });
      expect(first.statusCode).toBe(200);
      const cursor = first.headers['x-next-cursor'];
      expect(typeof cursor).toBe('string');
      await ctx.database.db.update(products).set({ resalePrice: 21_000 }).where(austinCar);
      const second = await two.app.inject({
        url: `${url}&cursor=${encodeURIComponent(String(cursor))}`,
      });
      expect(second.statusCode).toBe(200);
      const seen = [...names(first.json() as Found[]), ...names(second.json() as Found[])];
      expect(seen.sort()).toEqual(['austin', 'austinNewer', 'dallas', 'roundRock']);
      expect(second.headers['x-next-cursor']).toBeUndefined();
    } finally {
      await ctx.database.db.update(products).set({ resalePrice: 20_000 }).where(austinCar);
      await two.close();
    }
  });

  it('within a radius past the cars a search ranks, counts the facets of its nearest cars', async () => {
    const capped = await buildReplica(ctx, { searchCandidates: 2, catalogueCacheMs: 0 });
    const facetsOf = async (query: string) => {
      const response = await capped.app.inject({
        url: `/api/products/facets?seller=${sellerId}&zip=78701&${query}`,
      });
      expect(response.statusCode).toBe(200);
      return response.json() as Record<string, unknown>;
    };
    const bands = {
      distanceBands: { 10: 2, 25: 2, 50: 2, 100: 2, 200: 2, 500: 2 },
      distanceBandsAtLeast: ['25', '50', '100', '200', '500'],
    };
    try {
      // Ten miles hold the two Austin cars; the three nearest read reach Round Rock, outside
      // them, so every car of the circle was read: its facets are exact.
      expect(await facetsOf('radius=10')).toMatchObject({
        category: { Tesla: 2 },
        condition: { Good: 2 },
        price: { min: 20_000, max: 30_000 },
        countsExact: true,
        ...bands,
      });
      // Twenty-five miles hold all three read: it may hold more, and the counts say so.
      const wide = await facetsOf('radius=25');
      expect(wide).toMatchObject({ countsExact: false, ...bands });
      expect(Object.keys(wide.category as object)).toEqual(['Tesla']);
      // A facet's own filter: the same bands, and the same facets.
      expect(await facetsOf('radius=25&category=Tesla')).toMatchObject({
        countsExact: false,
        ...bands,
      });
    } finally {
      await capped.close();
    }
  });

  it('counts the same facets within a radius with a facet of its own chosen', async () => {
    const response = await ctx.app.inject({
      url: `/api/products/facets?seller=${sellerId}&zip=78701&radius=25&category=Tesla&condition=Good`,
    });
    expect(response.json()).toMatchObject({
      distanceBands: { 10: 2, 25: 3, 50: 3, 100: 3, 200: 4, 500: 4 },
      category: { Tesla: 3 },
      condition: { Good: 3 },
      countsExact: true,
    });
  });

  it.each([
    ['zip=7870', 'zip: no such US ZIP code'],
    ['zip=00000', 'zip: no such US ZIP code'],
    ['zip=abcde&radius=25', 'zip: no such US ZIP code'],
    ['zip=78701&radius=30', 'radius: must be one of 10, 25, 50, 100, 200, 500'],
    ['zip=78701&radius=1000', 'radius: must be one of 10, 25, 50, 100, 200, 500'],
    ['radius=25', 'radius: needs zip'],
    ['sort=distance', 'sort: distance needs zip'],
  ])('answers 400 for %s', async (query, message) => {
    for (const path of ['/api/products', '/api/products/facets']) {
      if (path.endsWith('facets') && query.startsWith('sort')) continue;
      const response = await ctx.app.inject({ url: `${path}?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });

  it('refuses a tampered distance cursor, and one of another place', async () => {
    const first = await get('zip=78701&sort=distance&limit=2');
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toBeTruthy();
    const last = cursor.at(-1) === 'A' ? 'B' : 'A';
    const tampered = await get(
      `zip=78701&sort=distance&limit=2&cursor=${cursor.slice(0, -1)}${last}`,
    );
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toMatch(/^cursor: /);
    const elsewhere = await get(`zip=75201&sort=distance&limit=2&cursor=${cursor}`);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toMatch(/^cursor: /);
  });

  it.each(['1000', 'x 1', '1 2 3', '1e999 -1767225600', '1000 0x1F', ''])(
    "refuses a signed distance cursor whose value is '%s'",
    async (value) => {
      const first = await get('zip=78701&sort=distance&limit=2');
      const codec = new CursorCodec(TEST_ACCESS_TOKEN_SECRET);
      const genuine = codec.decode(first.headers['x-next-cursor'] as string);
      const forged = codec.encode({ ...genuine, value });
      const response = await get(`zip=78701&sort=distance&limit=2&cursor=${forged}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^cursor: /);
    },
  );
});
