/**
 * Alerts near a ZIP code: a saved search keeps its `zip` and `radius`, and a new car alerts it
 * only when the car is within the radius of the ZIP's place; a car without a place alerts no
 * search with a radius, and every search without one as before.
 */
import { sql } from 'drizzle-orm';
import { alertsFor, MATCH_ON_DEMAND, saveSearch } from '../../test/alert-fixture';
import {
  buildTestApp,
  databaseKind,
  postProduct,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';

describe(`alerts near a ZIP code (${databaseKind})`, () => {
  let ctx: TestContext;
  let seller: TestUser;

  /** A car posted, then put at the place of `zip` (null: it has none). */
  async function carAt(zip: string | null, name: string): Promise<string> {
    const id = await postProduct(ctx.app, seller, { carName: name, categoryName: 'BMW' });
    await ctx.database.db.execute(sql`
      update products p set zip = pl.zip, latitude = pl.latitude, longitude = pl.longitude
      from (select ${zip}::text as zip) z left join places pl on pl.zip = z.zip
      where p.id = ${id}`);
    return id;
  }

  beforeAll(async () => {
    ctx = await buildTestApp(MATCH_ON_DEMAND);
    seller = await registerUser(ctx.app, 'Seller');
  });
  afterAll(() => ctx.close());

  it('keeps zip and radius in the saved query and its name, and refuses a bad one as search does', async () => {
    const buyer = await registerUser(ctx.app, 'Buyer', 'keeps');
    await saveSearch(ctx.app, buyer, 'radius=25&category=BMW&zip=78701');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/saved-searches',
      headers: buyer.auth,
    });
    expect(list.json()[0].query).toBe('category=BMW&zip=78701&radius=25');
    expect(list.json()[0].name).toBe('BMW · within 25 mi of 78701');
    for (const [query, message] of [
      ['zip=99999&radius=25', 'zip: no such US ZIP code'],
      ['zip=7870&radius=25', 'zip: no such US ZIP code'],
      ['radius=25', 'radius: needs zip'],
      ['zip=78701&radius=30', 'radius: must be one of 10, 25, 50, 100, 200, 500'],
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/saved-searches',
        headers: buyer.auth,
        payload: { query },
      });
      expect({ query, status: response.statusCode, message: response.json().message }).toEqual({
        query,
        status: 400,
        message,
      });
    }
  });

  it('alerts a search within 25 miles of 78701 of Round Rock, not of Dallas or El Paso', async () => {
    const near = await registerUser(ctx.app, 'Buyer', 'near');
    const anywhere = await registerUser(ctx.app, 'Buyer', 'anywhere');
    const within = await saveSearch(ctx.app, near, 'category=BMW&zip=78701&radius=25');
    const everywhere = await saveSearch(ctx.app, anywhere, 'category=BMW&zip=78701');
    const roundRock = await carAt('78664', 'BMW in Round Rock');
    const dallas = await carAt('75201', 'BMW in Dallas');
    const elPaso = await carAt('79901', 'BMW in El Paso');
    const nowhere = await carAt(null, 'BMW in Maranello');
    await ctx.app.alertMatching.run();

    const cars = async (user: TestUser, search: string) =>
      (await alertsFor(ctx.database.db, user))
        .filter((alert) => alert.savedSearchId === search)
        .map((alert) => alert.productId)
        .sort();
    expect(await cars(near, within)).toEqual([roundRock]);
    expect(await cars(anywhere, everywhere)).toEqual([roundRock, dallas, elPaso, nowhere].sort());
  });
});
