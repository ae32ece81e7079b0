/**
 * Account settings: `GET /api/me` and `PATCH /api/me` (name, photo, phone number, ZIP code), what
 * a new name changes elsewhere, and who sees the phone number.
 */
import {
  buildTestApp,
  databaseKind,
  getAs,
  placeOrder,
  postProduct,
  registerUser,
  sendMessage,
  type TestContext,
  type TestUser,
} from '../../test/helper';

describe(`account settings (${databaseKind})`, () => {
  let ctx: TestContext;
  let admin: TestUser, seller: TestUser, buyer: TestUser, otherBuyer: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp();
    [admin, seller, buyer, otherBuyer] = await Promise.all([
      registerUser(ctx.app, 'Admin'),
      registerUser(ctx.app, 'Seller'),
      registerUser(ctx.app, 'Buyer'),
      registerUser(ctx.app, 'Buyer', 'other-buyer'),
    ]);
  });
  afterAll(() => ctx.close());

  const patch = (user: { auth: { authorization: string } }, payload: unknown) =>
    ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: user.auth,
      payload: payload as object,
    });
  const me = async (user: TestUser) => (await getAs(ctx.app, user, '/api/me')).json();

  it('answers the own account with its settings, none given yet', async () => {
    const response = await getAs(ctx.app, buyer, '/api/me');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      _id: buyer._id,
      name: buyer.name,
      email: buyer.email.toLowerCase(),
      userRole: 'Buyer',
      userImg: expect.any(String),
      userVerify: 'false',
      phone: null,
      zip: null,
      place: null,
      bookingMails: true,
    });
  });

  it("changes only the fields sent, and shows the ZIP code's place", async () => {
    const response = await patch(otherBuyer, { phone: '+1 (512) 555-0100', zip: '78701' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: otherBuyer.name,
      phone: '+1 (512) 555-0100',
      zip: '78701',
      place: 'Austin, TX',
    });
    const cleared = await patch(otherBuyer, { phone: null, zip: '' });
    expect(cleared.json()).toMatchObject({ phone: null, zip: null, place: null });
  });

  it('refuses each bad field with a 400 naming it, and changes nothing', async () => {
    const before = await me(buyer);
    const cases: [unknown, RegExp][] = [
      [{ name: '   ' }, /^name: /],
      [{ name: 'x'.repeat(101) }, /^name: must NOT have more than 100 characters/],
      [{ name: 'Two\nlines' }, /^name: /],
      [{ userImg: 'javascript:alert(1)' }, /^userImg: /],
      [{ phone: 'call me' }, /^phone: /],
      [{ phone: '12345' }, /^phone: /],
      [{ phone: '1'.repeat(21) }, /^phone: /],
      [{ zip: '7870' }, /^zip: no such US ZIP code$/],
      [{ zip: '00000' }, /^zip: no such US ZIP code$/],
      [{ email: 'someone@else.example' }, /^email: not a setting/],
      [{ name: 'Fine', userRole: 'Admin' }, /^userRole: not a setting/],
      [{}, /^body: /],
    ];
    for (const [payload, message] of cases) {
      const response = await patch(buyer, payload);
      expect([JSON.stringify(payload), response.statusCode]).toEqual([
        JSON.stringify(payload),
        400,
      ]);
      expect(response.json().message).toMatch(message);
    }
    expect(await me(buyer)).toEqual(before);
  });

  it('changes only the caller: there is no id to aim at another account', async () => {
    const sellerBefore = await me(seller);
    const response = await patch(buyer, { name: 'Buyer Renamed' });
    expect(response.json()).toMatchObject({ _id: buyer._id, name: 'Buyer Renamed' });
    expect(await me(seller)).toEqual(sellerBefore);
  });

  it('refuses anonymous callers and forged tokens with 401, a suspended account with 403', async () => {
    const anonymous = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      payload: { name: 'X' },
    });
    expect(anonymous.statusCode).toBe(401);
    const [head, body] = seller.accessToken.split('.');
    const forged = { auth: { authorization: `Bearer ${head}.${body}.${'A'.repeat(43)}` } };
    expect((await patch(forged, { name: 'Forged' })).statusCode).toBe(401);
    expect((await getAs(ctx.app, forged, '/api/me')).statusCode).toBe(401);

    const suspended = await registerUser(ctx.app, 'Seller', 'suspended');
    const suspend = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${suspended._id}/suspend`,
      headers: admin.auth,
      payload: { reason: 'Spam' },
    });
    expect(suspend.statusCode).toBe(200);
    const refused = await patch(suspended, { name: 'Still here' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Account suspended' });
  });

  it("shows a new name on the seller's page, their cars' seller block and their messages", async () => {
    const productId = await postProduct(ctx.app, seller, { sellerName: 'Typed For This Car' });
    const orderId = await placeOrder(ctx.app, otherBuyer, productId);
    expect((await sendMessage(ctx.app, seller, orderId, 'Hello there')).statusCode).toBe(201);
    // Read once, so that the catalogue cache holds the car with the old name.
    const car = async () => (await ctx.app.inject({ url: `/api/products/${productId}` })).json();
    expect((await car()).seller.name).toBe(seller.name);

    const photo = '/images/avatar.svg';
    const renamed = await patch(seller, { name: '  Sam Renamed ', userImg: photo });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Sam Renamed', userImg: photo });

    const after = await car();
    expect(after.seller).toMatchObject({ name: 'Sam Renamed', photo });
    expect(after.sellerName).toBe('Typed For This Car');
    const page = (await ctx.app.inject({ url: `/api/sellers/${seller._id}` })).json();
    expect(JSON.stringify(page)).toContain('Sam Renamed');
    const messages = (await getAs(ctx.app, otherBuyer, `/api/orders/${orderId}/messages`)).json();
    expect(messages.map((m: { senderName: string }) => m.senderName)).toEqual(['Sam Renamed']);
  });

  it('shows a phone number only to the other party of an accepted booking', async () => {
    const phoneSeller = await registerUser(ctx.app, 'Seller', 'phone-seller');
    const phoneBuyer = await registerUser(ctx.app, 'Buyer', 'phone-buyer');
    expect((await patch(phoneSeller, { phone: '512-555-0199' })).statusCode).toBe(200);
    expect((await patch(phoneBuyer, { phone: '(512) 555 0142' })).statusCode).toBe(200);
    const productId = await postProduct(ctx.app, phoneSeller);
    const orderId = await placeOrder(ctx.app, phoneBuyer, productId);
    const booking = async (user: TestUser) =>
      (await getAs(ctx.app, user, `/api/orders/${orderId}`)).json();

    expect(await booking(phoneBuyer)).not.toHaveProperty('contactPhone');
    expect(await booking(phoneSeller)).not.toHaveProperty('contactPhone');

    const accepted = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}`,
      headers: phoneSeller.auth,
      payload: { status: 'accepted' },
    });
    expect(accepted.json()).toMatchObject({ status: 'accepted', contactPhone: '(512) 555 0142' });
    expect(await booking(phoneBuyer)).toMatchObject({ contactPhone: '512-555-0199' });
    expect(await booking(phoneSeller)).toMatchObject({ contactPhone: '(512) 555 0142' });
    const buyersList = (
      await getAs(ctx.app, phoneBuyer, `/api/orders?email=${phoneBuyer.email}`)
    ).json();
    expect(buyersList[0]).toMatchObject({ _id: orderId, contactPhone: '512-555-0199' });
    const sellersList = (await getAs(ctx.app, phoneSeller, '/api/seller-orders')).json();
    expect(sellersList[0]).toMatchObject({ _id: orderId, contactPhone: '(512) 555 0142' });

    // Nowhere else: not to an admin, not on the seller's page or their car.
    const adminList = await getAs(ctx.app, admin, '/api/admin/orders');
    expect(adminList.body).not.toContain('555-0199');
    expect(adminList.body).not.toContain('555 0142');
    const publicAnswers = [
      await ctx.app.inject({ url: `/api/sellers/${phoneSeller._id}` }),
      await ctx.app.inject({ url: `/api/products/${productId}` }),
    ];
    for (const answer of publicAnswers) expect(answer.body).not.toContain('555-0199');

    // Once sold, the booking is no longer accepted: the numbers go.
    const sold = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}`,
      headers: phoneSeller.auth,
      payload: { status: 'sold' },
    });
    expect(sold.statusCode).toBe(200);
    expect(sold.json()).not.toHaveProperty('contactPhone');
    expect(await booking(phoneBuyer)).not.toHaveProperty('contactPhone');
  });
});

describe(`account settings' rate limit (${databaseKind})`, () => {
  let ctx: TestContext;
  let first: TestUser, second: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp({ rateLimits: { users: { max: 3, windowSeconds: 3600 } } });
    [first, second] = await Promise.all([
      registerUser(ctx.app, 'Buyer', 'limited-1'),
      registerUser(ctx.app, 'Seller', 'limited-2'),
    ]);
  });
  afterAll(() => ctx.close());

  const patchFrom = (user: TestUser, remoteAddress: string) =>
    ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: user.auth,
      remoteAddress,
      payload: { zip: '78701' },
    });

  it('counts PATCH /api/me per account and per address, as registration is counted', async () => {
    for (let i = 0; i < 3; i++) expect((await patchFrom(first, '10.0.0.1')).statusCode).toBe(200);
    const limited = await patchFrom(first, '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // The same account on another address, and another account on the same address.
    expect((await patchFrom(first, '10.0.0.2')).statusCode).toBe(429);
    expect((await patchFrom(second, '10.0.0.1')).statusCode).toBe(429);
    expect((await patchFrom(second, '10.0.0.3')).statusCode).toBe(200);
  });
});
