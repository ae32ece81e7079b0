/**
 * A seller's dealer profile: `GET`, `PUT` and `DELETE /api/me/dealer`, each bad field's 400, who
 * may write it, and where it shows: the seller's page and the `seller` block of their cars.
 */
import {
  buildTestApp,
  databaseKind,
  getAs,
  postProduct,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';

const PROFILE = {
  name: 'Lakeside Motors',
  address: '200 Congress Ave',
  zip: '78701',
  phone: '+1 (512) 555-0177',
  hours: 'Mo-Fr 09:00-18:00, Sa 10:00-14:00',
  website: 'https://lakeside.example.com',
};

describe(`dealer profiles (${databaseKind})`, () => {
  let ctx: TestContext;
  let dealer: TestUser, other: TestUser, buyer: TestUser, admin: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp();
    [dealer, other, buyer, admin] = await Promise.all([
      registerUser(ctx.app, 'Seller', 'dealer'),
      registerUser(ctx.app, 'Seller', 'private'),
      registerUser(ctx.app, 'Buyer'),
      registerUser(ctx.app, 'Admin'),
    ]);
  });
  afterAll(() => ctx.close());

  const put = (user: TestUser, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: '/api/me/dealer', headers: user.auth, payload });
  const remove = (user: TestUser) =>
    ctx.app.inject({ method: 'DELETE', url: '/api/me/dealer', headers: user.auth });

  it('starts without a profile, then keeps the one written, with its place', async () => {
    expect((await getAs(ctx.app, dealer, '/api/me/dealer')).json()).toEqual({ dealer: null });
    const written = await put(dealer, PROFILE);
    expect(written.statusCode).toBe(200);
    const expected = {
      ...PROFILE,
      website: 'https://lakeside.example.com/',
      city: 'Austin',
      state: 'TX',
    };
    expect(written.json()).toEqual({ dealer: expected });
    expect((await getAs(ctx.app, dealer, '/api/me/dealer')).json()).toEqual({ dealer: expected });
  });

  it('replaces the whole profile: hours and website may be left out', async () => {
    const response = await put(other, { ...PROFILE, name: 'Other Cars', hours: '', website: null });
    expect(response.statusCode).toBe(200);
    expect(response.json().dealer).toMatchObject({
      name: 'Other Cars',
      hours: null,
      website: null,
    });
    const again = await put(other, {
      name: 'Other Cars',
      address: 'Elm St 1',
      zip: '78701',
      phone: '5125550100',
    });
    expect(again.json().dealer).toMatchObject({ address: 'Elm St 1', hours: null, website: null });
    expect((await remove(other)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await remove(other)).json()).toEqual({ acknowledged: true, deletedCount: 0 });
    expect((await getAs(ctx.app, other, '/api/me/dealer')).json()).toEqual({ dealer: null });
  });

  it.each([
    [{ name: '' }, /^name: /],
    [{ name: 'Two\nlines' }, /^name: /],
    [{ address: 'x'.repeat(201) }, /^address: /],
    [{ zip: '00000' }, /^zip: no such US ZIP code/],
    [{ zip: 'abc' }, /^zip: no such US ZIP code/],
    [{ phone: 'call me' }, /^phone: must be 7 to 20 characters/],
    [{ hours: 'weekdays 9 to 5' }, /^hours: must be days and times as 'Mo-Fr 09:00-18:00/],
    [{ hours: 'Mo-Fr 9:00-18:00' }, /^hours: /],
    [{ website: 'javascript:alert(1)' }, /^website: must be an http/],
    [{ website: 'ftp://example.com' }, /^website: must be an http/],
    [{ website: 'https://localhost' }, /^website: must be an http/],
    [{ website: 'https://me:pw@example.com' }, /^website: must not carry/],
    [{ colour: 'red' }, /colour/],
  ])('refuses %j with a 400 naming the field', async (change, message) => {
    const response = await put(other, { ...PROFILE, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('refuses a profile without a needed field, naming it', async () => {
    const { phone: _phone, ...rest } = PROFILE;
    const response = await put(other, rest);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('phone: is required');
  });

  it('is for sellers only, each their own; strangers get 401', async () => {
    for (const user of [buyer, admin]) {
      expect((await put(user, PROFILE)).statusCode).toBe(403);
      expect((await getAs(ctx.app, user, '/api/me/dealer')).statusCode).toBe(403);
      expect((await remove(user)).statusCode).toBe(403);
    }
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/dealer',
      payload: PROFILE,
    });
    expect(anonymous.statusCode).toBe(401);
    // Another seller's write is their own profile: the dealer's stays as it was.
    await put(other, { ...PROFILE, name: 'Not Lakeside' });
    expect((await getAs(ctx.app, dealer, '/api/me/dealer')).json().dealer.name).toBe(PROFILE.name);
    await remove(other);
    expect((await getAs(ctx.app, dealer, '/api/me/dealer')).json().dealer).not.toBeNull();
  });

  it("shows the business on the seller's page and on their cars; a private seller's as private", async () => {
    const [dealerCar, privateCar] = await Promise.all([
      postProduct(ctx.app, dealer),
      postProduct(ctx.app, other),
    ]);
    const page = (await ctx.app.inject(`/api/sellers/${dealer._id}`)).json();
    expect(page).toMatchObject({
      sellerType: 'dealer',
      verified: 'false',
      dealer: { name: PROFILE.name, city: 'Austin', state: 'TX', phone: PROFILE.phone },
    });
    const privatePage = (await ctx.app.inject(`/api/sellers/${other._id}`)).json();
    expect(privatePage).toMatchObject({ sellerType: 'private', dealer: null });

    const car = (await ctx.app.inject(`/api/products/${dealerCar}`)).json();
    expect(car.sellerType).toBe('dealer');
    expect(car.seller).toMatchObject({ sellerType: 'dealer', dealer: { name: PROFILE.name } });
    const privateOne = (await ctx.app.inject(`/api/products/${privateCar}`)).json();
    expect(privateOne.seller).toMatchObject({ sellerType: 'private', dealer: null });

    const found = (await ctx.app.inject(`/api/products?seller=${dealer._id}`)).json();
    expect(found.map((c: { sellerType: string }) => c.sellerType)).toEqual(['dealer']);
  });

  it("is in the seller's data download", async () => {
    const exported = await ctx.app.inject({ url: '/api/me/export', headers: dealer.auth });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().account.dealer).toMatchObject({ name: PROFILE.name, zip: '78701' });
  });

  it('shows a removed profile nowhere', async () => {
    const seller = await registerUser(ctx.app, 'Seller', 'short-lived-dealer');
    const carId = await postProduct(ctx.app, seller);
    await put(seller, PROFILE);
    expect((await ctx.app.inject(`/api/products/${carId}`)).json().sellerType).toBe('dealer');
    await remove(seller);
    const car = (await ctx.app.inject(`/api/products/${carId}`)).json();
    expect(car.seller).toMatchObject({ sellerType: 'private', dealer: null });
  });
});
