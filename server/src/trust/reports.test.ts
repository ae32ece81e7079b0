/**
 * Reports: anyone signed in reports a listing or an account, once while it is open;
 * their own listing, themselves and an admin are refused; a reported car stays for sale; reports
 * are limited per account like messages.
 */
import { closeReports } from './moderation-writes';
import {
  buildTestApp,
  databaseKind,
  getAs,
  postProduct,
  registerUser,
  tableHashes,
  type TestContext,
  type TestUser,
} from '../../test/helper';
import { ALREADY_REPORTED } from './reports-routes';

describe(`reports (${databaseKind})`, () => {
  let ctx: TestContext;
  let buyer: TestUser;
  let seller: TestUser;
  let otherSeller: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await buildTestApp();
    [buyer, seller, otherSeller, admin] = await Promise.all([
      registerUser(ctx.app, 'Buyer'),
      registerUser(ctx.app, 'Seller'),
      registerUser(ctx.app, 'Seller', 'other-seller'),
      registerUser(ctx.app, 'Admin'),
    ]);
  });
  afterAll(() => ctx.close());

  const report = (user: TestUser | null, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: user ? user.auth : {},
      payload,
    });

  /** A refusal: its status and message, with nothing written. */
  async function refused(user: TestUser | null, payload: Record<string, unknown>) {
    const before = await tableHashes(ctx.database.db);
    const response = await report(user, payload);
    expect(await tableHashes(ctx.database.db)).toEqual(before);
    return [response.statusCode, response.json().message as string] as const;
  }

  it('writes a report of a car, which stays for sale and in search', async () => {
    const car = await postProduct(ctx.app, seller, { carName: 'Reported Roadster' });
    const response = await report(buyer, {
      targetKind: 'product',
      targetId: car,
      reason: 'scam',
      details: '  Asked me to pay by gift card.  ',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      _id: expect.any(String),
      targetKind: 'product',
      targetId: car,
      reason: 'scam',
      details: 'Asked me to pay by gift card.',
      createdAt: expect.any(String),
    });
    expect(Date.now() - Date.parse(response.json().createdAt)).toBeLessThan(60_000);
    expect((await getAs(ctx.app, buyer, `/api/products/${car}`)).statusCode).toBe(200);
    const search = await ctx.app.inject({ url: '/api/products?q=Roadster' });
    expect(search.json().map((p: { _id: string }) => p._id)).toContain(car);
  });

  it('writes a report of an account, details optional, by any role (an admin too)', async () => {
    for (const [who, reason] of [
      [buyer, 'offensive'],
      [otherSeller, 'other'],
      [admin, 'wrong_info'],
    ] as const) {
      const response = await report(who, { targetKind: 'user', targetId: seller._id, reason });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ targetId: seller._id, reason, details: '' });
    }
  });

  it('refuses a second open report of the same target by the same person with 409', async () => {
    const car = await postProduct(ctx.app, seller);
    const payload = { targetKind: 'product', targetId: car, reason: 'already_sold' };
    expect((await report(buyer, payload)).statusCode).toBe(201);
    expect(await refused(buyer, { ...payload, reason: 'scam' })).toEqual([409, ALREADY_REPORTED]);
    // Someone else may.
    expect((await report(otherSeller, payload)).statusCode).toBe(201);
    // Once decided, the same person may report it again.
    await closeReports(ctx.database.db, { kind: 'product', id: car, name: 'Car' }, 'dismissed');
    expect((await report(buyer, payload)).statusCode).toBe(201);
  });

  it('writes one of two reports sent at once, and answers the other 409', async () => {
    const car = await postProduct(ctx.app, seller);
    const payload = { targetKind: 'product', targetId: car, reason: 'scam' };
    const answers = await Promise.all([report(buyer, payload), report(buyer, payload)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(ALREADY_REPORTED);
  });

  it('refuses an unknown target with 404, naming which', async () => {
    expect(
      await refused(buyer, { targetKind: 'product', targetId: 'no-such-car', reason: 'scam' }),
    ).toEqual([404, 'targetId: no such car']);
    expect(
      await refused(buyer, { targetKind: 'user', targetId: 'no-such-user', reason: 'scam' }),
    ).toEqual([404, 'targetId: no such account']);
    // A car's id is not an account's, nor the reverse.
    expect(
      await refused(buyer, {
        targetKind: 'user',
        targetId: await postProduct(ctx.app, seller),
        reason: 'scam',
      }),
    ).toEqual([404, 'targetId: no such account']);
    expect(
      await refused(buyer, { targetKind: 'product', targetId: seller._id, reason: 'scam' }),
    ).toEqual([404, 'targetId: no such car']);
  });

  it("refuses one's own listing, oneself and an admin with 400, saying which", async () => {
    const car = await postProduct(ctx.app, seller);
    expect(await refused(seller, { targetKind: 'product', targetId: car, reason: 'scam' })).toEqual(
      [400, 'targetId: you cannot report your own listing'],
    );
    expect(
      await refused(buyer, { targetKind: 'user', targetId: buyer._id, reason: 'scam' }),
    ).toEqual([400, 'targetId: you cannot report yourself']);
    expect(
      await refused(seller, { targetKind: 'user', targetId: admin._id, reason: 'offensive' }),
    ).toEqual([400, 'targetId: an admin account cannot be reported']);
  });

  it('refuses the signed-out, bad reasons and targets, and long details', async () => {
    const car = await postProduct(ctx.app, seller);
    const good = { targetKind: 'product', targetId: car, reason: 'scam' };
    expect((await refused(null, good))[0]).toBe(401);
    for (const bad of [
      { ...good, reason: 'same_vin' },
      { ...good, reason: 'spam' },
      { ...good, targetKind: 'review' },
      { ...good, targetId: '../etc' },
      { ...good, details: 'x'.repeat(1001) },
      { ...good, details: 7 },
      { targetKind: 'product', targetId: car },
    ]) {
      const [status, message] = await refused(buyer, bad);
      expect(status).toBe(400);
      expect(message).toMatch(/reason|targetKind|targetId|details/);
    }
    expect((await report(buyer, { ...good, details: 'x'.repeat(1000) })).statusCode).toBe(201);
  });
});

describe(`reports' rate limit (${databaseKind})`, () => {
  let ctx: TestContext;
  let buyer: TestUser;
  let seller: TestUser;

  beforeAll(async () => {
    ctx = await buildTestApp({ rateLimits: { reports: { max: 2, windowSeconds: 3600 } } });
    [buyer, seller] = await Promise.all([
      registerUser(ctx.app, 'Buyer'),
      registerUser(ctx.app, 'Seller'),
    ]);
  });
  afterAll(() => ctx.close());

  it('limits reports per account, refusals counted, whatever the address', async () => {
    const car = await postProduct(ctx.app, seller);
    const send = (remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: buyer.auth,
        remoteAddress,
        payload: { targetKind: 'product', targetId: car, reason: 'scam' },
      });
    expect((await send('10.0.0.1')).statusCode).toBe(201);
    expect((await send('10.0.0.2')).statusCode).toBe(409);
    const limited = await send('10.0.0.3');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().message).toMatch(/^Too many requests: at most 2 per 60 minutes/);
  });
});
