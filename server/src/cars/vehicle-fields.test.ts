import { eq, sql } from 'drizzle-orm';
import { maxModelYear } from '../platform/db/vehicle-fields';
import { products } from '../platform/db/schema';
import {
  buildTestApp,
  databaseKind,
  postProduct,
  productBody,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';

/** Real VINs' form, with correct check digits (position 9), so a check-digit rule keeps them. */
const VINS = [
  '5YJ3E1EA8KF000001',
  '5YJ3E1EAXKF000002',
  '5YJ3E1EA1KF000003',
  '5YJ3E1EA3KF000004',
  '5YJ3E1EA5KF000005',
  '5YJ3E1EA7KF000006',
] as const;

const VEHICLE = {
  vin: VINS[0],
  model: 'Model 3',
  modelYear: 2019,
  trim: 'Long Range',
  bodyStyle: 'Sedan',
  fuel: 'Electric',
  transmission: 'Automatic',
  drive: 'AWD',
  exteriorColor: 'Pearl White',
  mileage: 48000,
  owners: 1,
};

const UNKNOWN = {
  vin: null,
  model: null,
  modelYear: null,
  trim: null,
  bodyStyle: null,
  fuel: null,
  transmission: null,
  drive: null,
  exteriorColor: null,
  mileage: null,
  owners: null,
};

const next = maxModelYear();

/** Each wrong value, and the message it gets (on POST /category and PATCH /products/{id}). */
const REFUSED: [string, unknown, string][] = [
  ['vin', '5YJ3E1EA8KF00000', 'vin: A VIN has 17 characters, this one has 16'],
  ['vin', '5YJ3E1EA8KF00000I', 'vin: A VIN has no letter I (character 17)'],
  ['vin', 'OYJ3E1EA8KF000001', 'vin: A VIN has no letter O (character 1)'],
  ['vin', '5YJ3E1EA8KF-00001', 'vin: A VIN has only letters and digits: character 12 is "-"'],
  // One digit of a real VIN's form mistyped: its check digit no longer holds.
  ['vin', '5YJ3E1EA8KF000002', 'vin: Character 9 should be X (the check digit), not 8'],
  ['vin', 'x'.repeat(33), 'vin: must be the VIN: 17 letters and digits without I, O or Q'],
  ['vin', 17, 'vin: must be the VIN'],
  ['model', '   ', "model: must be the model (e.g. 'Model 3'): one line of up to 60"],
  ['model', 'Model\n3', 'model: must be the model'],
  ['model', 'M'.repeat(61), 'model: must be the model'],
  ['modelYear', 1899, 'modelYear: must be a model year from 1900 to next year, or null'],
  ['modelYear', 2019.5, 'modelYear: must be a model year from 1900 to next year, or null'],
  ['modelYear', '2019', 'modelYear: must be a model year from 1900 to next year, or null'],
  ['modelYear', next + 1, `modelYear: must be a model year from 1900 to ${next}`],
  ['mileage', -1, 'mileage: must be a whole number of miles from 0 to 1,000,000, or null'],
  ['mileage', 1_000_001, 'mileage: must be a whole number of miles from 0 to 1,000,000'],
  ['mileage', 48000.5, 'mileage: must be a whole number of miles from 0 to 1,000,000'],
  ['owners', 100, 'owners: must be the number of previous owners from 0 to 99, or null'],
  ['fuel', 'Petrol', 'fuel: must be the fuel: Gasoline, Diesel, Electric, Hybrid, Plug-in hybrid'],
  ['transmission', 'CVT', 'transmission: must be the transmission: Automatic, Manual'],
  ['drive', '2WD', 'drive: must be the driven wheels: FWD, RWD, AWD, 4WD, or null'],
  ['bodyStyle', 'Truck', 'bodyStyle: must be the body style: Sedan, Coupe, Convertible'],
  ['exteriorColor', 'Red\r\nBcc: x', 'exteriorColor: must be the exterior colour'],
  ['trim', '', 'trim: must be the trim'],
];

describe(`a car's vehicle data (${databaseKind})`, () => {
  let ctx: TestContext;
  let seller: TestUser;
  let otherSeller: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp();
    [seller, otherSeller] = await Promise.all([
      registerUser(ctx.app, 'Seller', 'vehicle-seller'),
      registerUser(ctx.app, 'Seller', 'vehicle-other'),
    ]);
  });
  afterAll(() => ctx.close());

  const post = (user: TestUser, overrides: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/category',
      headers: user.auth,
      payload: productBody(overrides),
    });
  const patch = (user: TestUser, id: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: user.auth, payload });
  const marks = async () =>
    new Map(
      (
        await ctx.database.db
          .select({ id: products._id, shared: products.vinShared })
          .from(products)
          .where(sql`${products.vin} is not null`)
      ).map((row) => [row.id, row.shared]),
    );

  it('stores every field and answers them wherever the car is listed; the make is the category', async () => {
    const response = await post(seller, {
      ...VEHICLE,
      vin: ` ${VINS[0].toLowerCase()} `,
      model: ' Model 3 ',
      categoryName: 'tesla',
    });
    expect(response.statusCode).toBe(201);
    const id = response.json().insertedId as string;
    const expected = { _id: id, make: 'Tesla', categoryName: 'Tesla', ...VEHICLE };
    const mine = await ctx.app.inject({
      url: `/api/seller-products/${seller.email}`,
      headers: seller.auth,
    });
    expect(mine.json()).toEqual([expect.objectContaining(expected)]);
    const category = await ctx.app.inject({ url: '/api/category-products/Tesla?limit=5' });
    expect(category.json()).toContainEqual(expect.objectContaining(expected));
    expect(await ctx.app.repos.products.findById(id)).toMatchObject(expected);
  });

  it("posts the spec's payload without any of them: each is null, the make is still known", async () => {
    const id = await postProduct(ctx.app, seller, { categoryName: 'BMW' });
    const mine = await ctx.app.inject({
      url: `/api/seller-products/${seller.email}`,
      headers: seller.auth,
    });
    const car = (mine.json() as { _id: string }[]).find((row) => row._id === id);
    expect(car).toMatchObject({ make: 'BMW', ...UNKNOWN });
    // Null is "unknown" in a body too.
    const nulls = await post(seller, { ...UNKNOWN });
    expect(nulls.statusCode).toBe(201);
  });

  it('refuses each wrong value with a 400 naming the field, on post and on edit', async () => {
    const id = await postProduct(ctx.app, seller, { model: 'X5', modelYear: 2020, mileage: 1 });
    for (const [field, value, message] of REFUSED) {
      const posted = await post(seller, { [field]: value });
      expect([field, value, posted.statusCode]).toEqual([field, value, 400]);
      expect(posted.json().message).toContain(message);
      const edited = await patch(seller, id, { [field]: value });
      expect([field, value, edited.statusCode]).toEqual([field, value, 400]);
      expect(edited.json().message).toContain(message);
    }
    // Nothing of it was stored.
    expect(await ctx.app.repos.products.findById(id)).toMatchObject({
      model: 'X5',
      modelYear: 2020,
      mileage: 1,
      vin: null,
    });
  });

  it('takes the range ends: model year 1900 and next year, 0 and 1,000,000 miles, 0 and 99 owners', async () => {
    for (const [modelYear, mileage, owners] of [
      [1900, 0, 0],
      [next, 1_000_000, 99],
    ]) {
      expect((await post(seller, { modelYear, mileage, owners })).statusCode).toBe(201);
    }
  });

  it('edits the fields, null clears one, and the answer carries them', async () => {
    const id = await postProduct(ctx.app, seller, { ...VEHICLE, vin: VINS[1] });
    const edited = await patch(seller, id, { mileage: 51000, trim: null, fuel: 'Hybrid' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ mileage: 51000, trim: null, fuel: 'Hybrid' });
    expect(await ctx.app.repos.products.findById(id)).toMatchObject({
      vin: VINS[1],
      model: 'Model 3',
      mileage: 51000,
      trim: null,
      fuel: 'Hybrid',
    });
    // Another seller's car stays refused as every edit of it is.
    const stranger = await patch(otherSeller, id, { mileage: 1, vin: VINS[5] });
    expect(stranger.statusCode).toBe(403);
    expect(await ctx.app.repos.products.findById(id)).toMatchObject({ mileage: 51000 });
  });

  it("refuses the seller's second live listing of a VIN (409), on post and on edit", async () => {
    const first = await postProduct(ctx.app, seller, { vin: VINS[2] });
    const again = await post(seller, { vin: VINS[2].toLowerCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You already listed this car' });
    const other = await postProduct(ctx.app, seller, { vin: VINS[3] });
    const moved = await patch(seller, other, { vin: VINS[2] });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe('You already listed this car');
    expect(await ctx.app.repos.products.findById(other)).toMatchObject({ vin: VINS[3] });
    // Its own VIN again is no change of car.
    expect((await patch(seller, first, { vin: VINS[2], mileage: 3 })).statusCode).toBe(200);
    // Once the first is sold (or removed) the car may be listed again.
    await ctx.database.db
      .update(products)
      .set({ soldAt: new Date() })
      .where(eq(products._id, first));
    expect((await post(seller, { vin: VINS[2] })).statusCode).toBe(201);
  });

  it("allows another seller's listing of the VIN and marks both, not the seller's own others", async () => {
    const mine = await postProduct(ctx.app, seller, { vin: VINS[4] });
    const unrelated = await postProduct(ctx.app, otherSeller, { vin: VINS[5] });
    expect((await marks()).get(mine)).toBe(false);
    const theirs = await postProduct(ctx.app, otherSeller, { vin: VINS[4] });
    let now = await marks();
    expect([now.get(mine), now.get(theirs), now.get(unrelated)]).toEqual([true, true, false]);
    // Given the VIN by an edit: marked the same way.
    await patch(otherSeller, unrelated, { vin: VINS[0] });
    now = await marks();
    expect(now.get(unrelated)).toBe(true);
    // The mark is not in the public answers (it is moderation's).
    const page = await ctx.app.inject({ url: `/api/products/${theirs}` });
    expect(page.json()).not.toHaveProperty('vinShared');
  });

  it('settles two posts of one VIN at the same moment: one 201, one 409; across sellers both marked', async () => {
    const vin = '1HGCM82633A004352';
    const both = await Promise.all([post(seller, { vin }), post(seller, { vin })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const race = 'WBA3A5C53CF256551';
    const two = await Promise.all([post(seller, { vin: race }), post(otherSeller, { vin: race })]);
    expect(two.map((r) => r.statusCode)).toEqual([201, 201]);
    const now = await marks();
    expect(two.map((r) => now.get(r.json().insertedId as string))).toEqual([true, true]);
  });
});
