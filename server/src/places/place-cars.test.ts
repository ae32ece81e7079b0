/**
 * The cars listed before the places were loaded: placed once, when the places are first loaded,
 * by the rule a new car's location follows; a car with a ZIP or a location naming no place is
 * left as it is.
 */
import { inArray } from 'drizzle-orm';
import { newId } from '../platform/db/ids';
import { products } from '../platform/db/schema';
import {
  buildTestApp,
  databaseKind,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';
import { ensurePlaces } from './load-places';
import { placeExistingCars } from './place-cars';

describe(`placing the cars listed before the places (${databaseKind})`, () => {
  let ctx: TestContext;
  let seller: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp();
    seller = await registerUser(ctx.app, 'Seller');
  });
  afterAll(() => ctx.close());

  async function insertCar(productLocation: string, zip: string | null = null) {
    const id = newId();
    await ctx.database.db.insert(products).values({
      _id: id,
      carName: 'An older car',
      carPhoto: '/images/cars/car-01.svg',
      categoryName: 'BMW',
      condition: 'Good',
      originalPrice: 30000,
      resalePrice: 20000,
      productLocation,
      userYears: 3,
      postTime: 'today',
      productDescription: 'Listed before the places.',
      sellerName: 'Early Seller',
      email: seller.email,
      ...(zip ? { zip, latitude: 39.7491, longitude: -104.9946 } : {}),
    });
    return id;
  }

  const placesOf = async (ids: string[]) => {
    const rows = await ctx.database.db
      .select({
        id: products._id,
        zip: products.zip,
        latitude: products.latitude,
        longitude: products.longitude,
      })
      .from(products)
      .where(inArray(products._id, ids));
    return Object.fromEntries(rows.map(({ id, ...place }) => [id, place]));
  };

  it('places each car whose location names one US place, as a new car would be, once', async () => {
    const locations = ['Austin, TX', 'round rock  tx', 'Maranello', 'ATX', 'Springfield, ZZ'];
    const ids = await Promise.all(locations.map((location) => insertCar(location)));
    const denver = await insertCar('Austin, TX', '80202');
    const { places } = ctx.app.repos;
    const austin = await places.ofText('Austin, TX');
    const roundRock = await places.ofText('Round Rock, TX');
    // What the first start runs once it has loaded the places (reloading them here would cost
    // the suite some 15 s on PGlite).
    expect(await placeExistingCars(ctx.database.db)).toBe(2);

    const placed = await placesOf([...ids, denver]);
    const point = (place: typeof austin) => ({
      zip: place!.zip,
      latitude: place!.latitude,
      longitude: place!.longitude,
    });
    const none = { zip: null, latitude: null, longitude: null };
    expect(placed[ids[0]!]).toEqual(point(austin));
    expect(placed[ids[1]!]).toEqual(point(roundRock));
    for (const id of ids.slice(2)) expect(placed[id]).toEqual(none);
    // A car with its own ZIP keeps it, whatever its location says.
    expect(placed[denver]).toEqual({ zip: '80202', latitude: 39.7491, longitude: -104.9946 });
    const answer = await ctx.app.inject({ url: `/api/products/${ids[1]}` });
    expect(answer.json()).toMatchObject({ zip: roundRock!.zip, place: 'Round Rock, TX' });

    // Later starts find the places there and place nothing.
    const later = await insertCar('Mesa, AZ');
    await ensurePlaces(ctx.database.db);
    expect((await placesOf([later]))[later]).toEqual(none);
  });
});
