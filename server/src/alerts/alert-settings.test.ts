/**
 * Alert settings as callers see them: the account's digest and saved-car mail settings
 * (defaults until changed, admins refused), each saved search's `notify`, each saved car's
 * `alerts`, and alerts in the bell (no booking; a car and a saved search) and its live stream.
 */
import { newId } from '../platform/db/ids';
import { notifications } from '../platform/db/schema';
import {
  buildTestApp,
  databaseKind,
  postProduct,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';

describe(`alert settings (${databaseKind})`, () => {
  let ctx: TestContext;
  let buyer: TestUser;
  let seller: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await buildTestApp();
    [buyer, seller, admin] = await Promise.all([
      registerUser(ctx.app, 'Buyer', 'alerts-buyer'),
      registerUser(ctx.app, 'Seller', 'alerts-seller'),
      registerUser(ctx.app, 'Admin', 'alerts-admin'),
    ]);
  });
  afterAll(() => ctx.close());

  const call = (
    user: TestUser,
    method: 'GET' | 'PUT' | 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: user.auth,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  describe('GET and PUT /api/alert-settings', () => {
    it('answers the defaults until changed, then what was put', async () => {
      const fresh = await registerUser(ctx.app, 'Buyer', 'settings-buyer');
      const first = await call(fresh, 'GET', '/api/alert-settings');
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ digest: true, savedCars: 'instant' });
      const put = await call(fresh, 'PUT', '/api/alert-settings', {
        digest: false,
        savedCars: 'daily',
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual({ digest: false, savedCars: 'daily' });
      expect((await call(fresh, 'GET', '/api/alert-settings')).json()).toEqual({
        digest: false,
        savedCars: 'daily',
      });
      // A second write changes the same row.
      await call(fresh, 'PUT', '/api/alert-settings', { digest: true, savedCars: 'never' });
      expect((await call(fresh, 'GET', '/api/alert-settings')).json()).toEqual({
        digest: true,
        savedCars: 'never',
      });
      // Another account's settings are its own.
      expect((await call(seller, 'GET', '/api/alert-settings')).json()).toEqual({
        digest: true,
        savedCars: 'instant',
      });
    });

    it.each([
      [{ digest: true, savedCars: 'weekly' }, /savedCars/],
      [{ digest: 'no', savedCars: 'daily' }, /digest/],
      [{ savedCars: 'daily' }, /digest/],
      [{ digest: true }, /savedCars/],
      [{ unknown: 1 }, /digest|savedCars/],
    ])('refuses %j with a 400 naming the field', async (payload, field) => {
      const response = await call(buyer, 'PUT', '/api/alert-settings', payload);
      expect(response.statusCode).toBe(400);
      expect((response.json() as { message: string }).message).toMatch(field);
    });

    it('refuses an admin (403) and an anonymous caller (401)', async () => {
      expect((await call(admin, 'GET', '/api/alert-settings')).statusCode).toBe(403);
      expect(
        (await call(admin, 'PUT', '/api/alert-settings', { digest: true, savedCars: 'daily' }))
          .statusCode,
      ).toBe(403);
      expect((await ctx.app.inject({ url: '/api/alert-settings' })).statusCode).toBe(401);
    });
  });

  describe("saved searches' notify", () => {
    it("defaults to 'daily', takes one on saving, and changes by PATCH", async () => {
      const plain = await call(buyer, 'POST', '/api/saved-searches', { query: 'category=BMW' });
      expect(plain.statusCode).toBe(201);
      expect(plain.json()).toMatchObject({ notify: 'daily' });
      const instant = await call(buyer, 'POST', '/api/saved-searches', {
        query: 'category=Tesla',
        notify: 'instant',
      });
      expect(instant.json()).toMatchObject({ notify: 'instant' });
      const id = (plain.json() as { _id: string })._id;
      const changed = await call(buyer, 'PATCH', `/api/saved-searches/${id}`, { notify: 'never' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ notify: 'never', name: 'BMW' });
      const listed = (await call(buyer, 'GET', '/api/saved-searches')).json() as {
        _id: string;
        notify: string;
      }[];
      expect(listed.find((s) => s._id === id)?.notify).toBe('never');
    });

    it('refuses a bad notify (400 naming notify) and a PATCH that changes nothing', async () => {
      const bad = await call(buyer, 'POST', '/api/saved-searches', {
        query: 'category=Audi',
        notify: 'hourly',
      });
      expect(bad.statusCode).toBe(400);
      expect((bad.json() as { message: string }).message).toMatch(/notify/);
      const saved = await call(buyer, 'POST', '/api/saved-searches', { query: 'category=Ford' });
      const id = (saved.json() as { _id: string })._id;
      const badPatch = await call(buyer, 'PATCH', `/api/saved-searches/${id}`, { notify: 'soon' });
      expect(badPatch.statusCode).toBe(400);
      expect((badPatch.json() as { message: string }).message).toMatch(/notify/);
      expect((await call(buyer, 'PATCH', `/api/saved-searches/${id}`, {})).statusCode).toBe(400);
      // Unknown keys are dropped: what is left changes nothing.
      const unknown = await call(buyer, 'PATCH', `/api/saved-searches/${id}`, { other: 'x' });
      expect(unknown.statusCode).toBe(400);
      expect((unknown.json() as { message: string }).message).toMatch(/notify/);
    });
  });

  describe("saved cars' alerts", () => {
    it('are on when saved, turn off and on by PATCH, and a car not saved is a 404', async () => {
      const car = await postProduct(ctx.app, seller, { carName: 'Alert Car' });
      const saved = await call(buyer, 'PUT', `/api/saved-cars/${car}`);
      expect(saved.json()).toMatchObject({ productId: car, alerts: true });
      const off = await call(buyer, 'PATCH', `/api/saved-cars/${car}`, { alerts: false });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ productId: car, carName: 'Alert Car', alerts: false });
      const list = (await call(buyer, 'GET', '/api/saved-cars')).json() as {
        productId: string;
        alerts: boolean;
      }[];
      expect(list.find((c) => c.productId === car)?.alerts).toBe(false);
      // Saving it again changes nothing, its alerts included.
      expect((await call(buyer, 'PUT', `/api/saved-cars/${car}`)).json()).toMatchObject({
        alerts: false,
      });
      const on = await call(buyer, 'PATCH', `/api/saved-cars/${car}`, { alerts: true });
      expect(on.json()).toMatchObject({ alerts: true });
      // Not the seller's saved car (nor anyone's): 404.
      const notSaved = await call(seller, 'PATCH', `/api/saved-cars/${car}`, { alerts: false });
      expect(notSaved.statusCode).toBe(404);
      expect((notSaved.json() as { message: string }).message).toMatch(/productId/);
    });

    it.each([[{}], [{ alerts: 'off' }], [{ other: true }]])(
      'refuses %j with a 400 naming alerts',
      async (payload) => {
        const car = await postProduct(ctx.app, seller);
        await call(buyer, 'PUT', `/api/saved-cars/${car}`);
        const response = await call(buyer, 'PATCH', `/api/saved-cars/${car}`, payload);
        expect(response.statusCode).toBe(400);
        expect((response.json() as { message: string }).message).toMatch(/alerts/);
      },
    );
  });

  describe('alerts in the bell', () => {
    it('answer their car and saved search, with no booking, and are streamed live', async () => {
      const fresh = await registerUser(ctx.app, 'Buyer', 'bell-buyer');
      const car = await postProduct(ctx.app, seller, { carName: 'Matched Car' });
      const search = await call(fresh, 'POST', '/api/saved-searches', { query: 'category=Tesla' });
      const searchId = (search.json() as { _id: string })._id;
      const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const leave = new AbortController();
      const stream = await fetch(`${address}/api/events`, {
        headers: fresh.auth,
        signal: leave.signal,
      });
      const reader = stream.body!.getReader();
      let text = '';
      const read = async (until: RegExp) => {
        while (!until.test(text)) {
          const { value, done } = await reader.read();
          if (done) break;
          text += new TextDecoder().decode(value);
        }
      };
      await read(/event: unread/);
      // As the matcher writes one (server/src/alerts/).
      await ctx.database.db.insert(notifications).values({
        _id: newId(),
        userId: fresh._id,
        userEmail: fresh.email,
        kind: 'match',
        text: 'New match for "Tesla": Matched Car, $38,500',
        productId: car,
        savedSearchId: searchId,
        alertKey: `match:${searchId}:${car}`,
        mail: 'none',
      });
      await read(/event: notification\ndata: .*\n/);
      leave.abort();
      expect(text).toContain(
        `"orderId":null,"kind":"match","unread":1,"productId":"${car}","savedSearchId":"${searchId}"`,
      );
      const bell = await call(fresh, 'GET', '/api/notifications');
      expect(bell.json()).toMatchObject({
        unread: 1,
        items: [
          {
            orderId: null,
            kind: 'match',
            productId: car,
            savedSearchId: searchId,
            text: 'New match for "Tesla": Matched Car, $38,500',
            read: false,
          },
        ],
      });
    });
  });
});
