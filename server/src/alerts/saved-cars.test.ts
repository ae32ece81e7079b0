/**
 * Saved cars: a signed-in account saves and unsaves cars (idempotently), lists them
 * with their price when saved and now, and sees a sold or deleted car as such. At most 500 each.
 */
import { eq } from 'drizzle-orm';
import { DELETED_ACCOUNT } from '../platform/caller/access';
import { SAVED_CARS_CAP } from './saved-cars-repository';
import { products, savedCars } from '../platform/db/schema';
import {
  buildTestApp,
  databaseKind,
  getAs,
  postProduct,
  registerAs,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';
import { LISTING_REMOVED } from '../cars/hidden-cars';
import { SAVED_CARS_FULL } from './saved-cars-routes';

describe(`saved cars (${databaseKind})`, () => {
  let ctx: TestContext;
  let buyer: TestUser;
  let seller: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await buildTestApp();
    [buyer, seller, admin] = await Promise.all([
      registerUser(ctx.app, 'Buyer'),
      registerUser(ctx.app, 'Seller'),
      registerUser(ctx.app, 'Admin'),
    ]);
  });
  afterAll(() => ctx.close());

  const save = (user: TestUser, id: string) =>
    ctx.app.inject({ method: 'PUT', url: `/api/saved-cars/${id}`, headers: user.auth });
  const unsave = (user: TestUser, id: string) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/saved-cars/${id}`, headers: user.auth });
  const list = async (user: TestUser) => {
    const response = await getAs(ctx.app, user, '/api/saved-cars');
    expect(response.statusCode).toBe(200);
    return response.json() as Record<string, unknown>[];
  };

  it('saves a car once however often it is saved, and removes it once', async () => {
    const car = await postProduct(ctx.app, seller, {
      carName: 'Tesla Model Y',
      resalePrice: 30000,
    });
    const first = await save(buyer, car);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      productId: car,
      carName: 'Tesla Model Y',
      savedPrice: 30000,
      price: 30000,
      status: 'listed',
    });
    expect((await save(buyer, car)).statusCode).toBe(200);
    expect((await list(buyer)).filter((saved) => saved.productId === car)).toHaveLength(1);

    expect((await unsave(buyer, car)).json()).toEqual({ deletedCount: 1 });
    expect((await unsave(buyer, car)).json()).toEqual({ deletedCount: 0 });
    expect((await list(buyer)).some((saved) => saved.productId === car)).toBe(false);
  });

  it('two saves of one car at the same moment make one saved car, without an error', async () => {
    const car = await postProduct(ctx.app, seller);
    const answers = await Promise.all([save(buyer, car), save(buyer, car), save(buyer, car)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect((await list(buyer)).filter((saved) => saved.productId === car)).toHaveLength(1);
  });

  it('shows the price when saved and now, then Sold, then gone with its copy kept', async () => {
    const user = await registerUser(ctx.app, 'Buyer', 'watcher');
    const car = await postProduct(ctx.app, seller, { carName: 'BMW M3', resalePrice: 42000 });
    await save(user, car);
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/${car}`,
      headers: seller.auth,
      payload: { resalePrice: 40000 },
    });
    expect(patched.statusCode).toBe(200);
    expect((await list(user))[0]).toMatchObject({ savedPrice: 42000, price: 40000 });
    // Saving it again keeps the price it was saved at.
    expect((await save(user, car)).json()).toMatchObject({ savedPrice: 42000, price: 40000 });

    await ctx.database.db.update(products).set({ soldAt: new Date() }).where(eq(products._id, car));
    expect((await list(user))[0]).toMatchObject({ status: 'sold' });

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/seller-products/${car}`,
      headers: seller.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(await list(user)).toEqual([
      expect.objectContaining({
        productId: car,
        carName: 'BMW M3',
        savedPrice: 42000,
        price: null,
        status: 'gone',
      }),
    ]);
    // A car that is gone is still removed from the list like any other.
    expect((await unsave(user, car)).json()).toEqual({ deletedCount: 1 });
  });

  it('lists the latest saved first, and only the caller’s own', async () => {
    const user = await registerUser(ctx.app, 'Seller', 'lister');
    const [older, newer] = [await postProduct(ctx.app, seller), await postProduct(ctx.app, seller)];
    await save(user, older);
    await save(user, newer);
    expect((await list(user)).map((saved) => saved.productId)).toEqual([newer, older]);
    // Another account's saved car is not in this one's list; removing it there removes nothing.
    expect((await list(buyer)).some((saved) => saved.productId === newer)).toBe(false);
    expect((await unsave(buyer, newer)).json()).toEqual({ deletedCount: 0 });
    expect(await list(user)).toHaveLength(2);
  });

  it('lets an admin save too', async () => {
    const car = await postProduct(ctx.app, seller);
    expect((await save(admin, car)).statusCode).toBe(200);
    expect((await list(admin)).map((saved) => saved.productId)).toEqual([car]);
  });

  it('refuses an unknown car (404), a malformed id (400) and a signed-out caller (401)', async () => {
    const unknown = await save(buyer, 'no-such-car');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('productId: no such car');
    const malformed = await save(buyer, 'not%20an%20id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/productId/);
    const tooLong = await unsave(buyer, 'x'.repeat(65));
    expect(tooLong.statusCode).toBe(400);
    for (const [method, url] of [
      ['GET', '/api/saved-cars'],
      ['PUT', '/api/saved-cars/abc'],
      ['DELETE', '/api/saved-cars/abc'],
    ] as const) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toMatch(/authorization/);
    }
  });

  it('answers a hidden or held car as its page does: 410 and nothing of it, but to its seller', async () => {
    const [hidden, held] = [await postProduct(ctx.app, seller), await postProduct(ctx.app, seller)];
    await ctx.database.db
      .update(products)
      .set({ hidden: 'moderation', hiddenReason: 'Spam' })
      .where(eq(products._id, hidden));
    await ctx.database.db.update(products).set({ hidden: 'pending' }).where(eq(products._id, held));
    for (const car of [hidden, held]) {
      const page = await ctx.app.inject({ method: 'GET', url: `/api/products/${car}` });
      expect(page.statusCode).toBe(410);
      const saved = await save(buyer, car);
      expect(saved.statusCode).toBe(410);
      expect(saved.json()).toEqual({ message: LISTING_REMOVED });
      // Its seller may keep an eye on it, as its page shows it to them.
      expect((await save(seller, car)).statusCode).toBe(200);
    }
    const kept = (await list(buyer)).map((row) => row.productId);
    expect(kept).not.toContain(hidden);
    expect(kept).not.toContain(held);
  });

  it(`refuses the ${SAVED_CARS_CAP + 1}st car with a 409 and its message`, async () => {
    const user = await registerUser(ctx.app, 'Buyer', 'collector');
    await ctx.database.db.insert(savedCars).values(
      Array.from({ length: SAVED_CARS_CAP }, (_, i) => ({
        userId: user._id,
        productId: `kept-${i}`,
        carName: `Car ${i}`,
        carPhoto: '/images/cars/car-01.svg',
        savedPrice: 1000 + i,
      })),
    );
    const car = await postProduct(ctx.app, seller);
    const full = await save(user, car);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(SAVED_CARS_FULL);
    // One already saved is still saved (idempotent, even gone), and removing one makes room.
    expect((await save(user, 'kept-7')).json()).toMatchObject({ status: 'gone', price: null });
    expect((await unsave(user, 'kept-7')).json()).toEqual({ deletedCount: 1 });
    expect((await save(user, car)).statusCode).toBe(200);
    expect(await list(user)).toHaveLength(SAVED_CARS_CAP);
  });

  it('two saves at the cap at the same moment: one is refused, never both kept', async () => {
    const user = await registerUser(ctx.app, 'Buyer', 'racer');
    await ctx.database.db.insert(savedCars).values(
      Array.from({ length: SAVED_CARS_CAP - 1 }, (_, i) => ({
        userId: user._id,
        productId: `race-${i}`,
        carName: `Car ${i}`,
        carPhoto: '/images/cars/car-01.svg',
        savedPrice: 1000,
      })),
    );
    const [a, b] = [await postProduct(ctx.app, seller), await postProduct(ctx.app, seller)];
    const answers = await Promise.all([save(user, a), save(user, b)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await list(user)).toHaveLength(SAVED_CARS_CAP);
  });

  it('goes with a deleted account; a newcomer with the freed e-mail starts empty', async () => {
    const leaver = await registerUser(ctx.app, 'Buyer', 'leaver');
    const car = await postProduct(ctx.app, seller);
    await save(leaver, car);
    const removal = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/${leaver._id}`,
      headers: admin.auth,
    });
    expect(removal.statusCode).toBe(200);
    const stale = await save(leaver, car);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe(DELETED_ACCOUNT);
    expect(
      await ctx.database.db.select().from(savedCars).where(eq(savedCars.userId, leaver._id)),
    ).toEqual([]);
    const newcomer = await registerAs(ctx.app, leaver.email, 'Buyer');
    expect(await list(newcomer)).toEqual([]);
  });
});
