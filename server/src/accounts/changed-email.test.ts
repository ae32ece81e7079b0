/**
 * A sign-in account can change its e-mail (Firebase's accounts:update, which the demo's emulator
 * proxy passes on): its record stays the one made for its uid, and the caller is that record,
 * with the record's e-mail. The token's new e-mail names nobody: not in a booking, not in
 * `PUT /users` (which would otherwise write another record with that e-mail).
 */
import {
  accessTokenFor,
  buildTestApp,
  databaseKind,
  emulatorHost,
  postProduct,
  registerAs,
  registerUser,
  uniqueEmail,
  type TestContext,
  type TestUser,
} from '../../test/helper';

/** Changes the sign-in account's e-mail in the emulator; answers the new ID token. */
async function changeEmail(idToken: string, email: string): Promise<string> {
  const response = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:update?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken, email, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; error?: { message: string } };
  if (!response.ok || !body.idToken) {
    throw new Error(`emulator accounts:update failed: ${body.error?.message ?? response.status}`);
  }
  return body.idToken;
}

describe(`a sign-in account whose e-mail changed (${databaseKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  /** The user, signed in again after changing its sign-in e-mail to `email`. */
  async function withEmail(user: TestUser, email: string) {
    const idToken = await changeEmail(user.idToken, email);
    const accessToken = await accessTokenFor(ctx.app, email, idToken);
    return { idToken, auth: { authorization: `bearer ${accessToken}` } };
  }

  it("books with its record's e-mail, not the sign-in account's new one", async () => {
    const seller = await registerUser(ctx.app, 'Seller', 'changed-seller');
    const buyer = await registerUser(ctx.app, 'Buyer', 'changed-buyer');
    const car = await postProduct(ctx.app, seller);
    const changed = await withEmail(buyer, uniqueEmail('ceo'));

    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: changed.auth,
      payload: { buyerName: 'Buyer', phone: '5551234567', meetLocation: 'Main St', productID: car },
    });
    expect(booked.statusCode).toBe(201);
    const order = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${booked.json().insertedId as string}`,
      headers: seller.auth,
    });
    expect(order.json()).toMatchObject({ buyerEmail: buyer.email });
  });

  it('cannot write another record with the new e-mail through PUT /users (403, never 500)', async () => {
    const buyer = await registerUser(ctx.app, 'Buyer', 'changed-put');
    const email = uniqueEmail('changed-put-new');
    const changed = await withEmail(buyer, email);

    for (const auth of [changed.auth, { authorization: `Bearer ${changed.idToken}` }]) {
      const put = await ctx.app.inject({
        method: 'PUT',
        url: '/api/users',
        headers: auth,
        payload: { name: 'Second me', email, userRole: 'Seller' },
      });
      expect(put.statusCode).toBe(403);
      expect(put.json().message).toBe('email: you may only create or update your own account');
    }
    expect(await ctx.app.repos.users.findByEmail(email)).toBeNull();
  });

  it('cannot rename the record of another account that had the e-mail before', async () => {
    const victim = await registerUser(ctx.app, 'Seller', 'changed-victim');
    // The victim moves its sign-in account to another e-mail: its old one is free to sign in.
    await withEmail(victim, uniqueEmail('changed-victim-new'));
    const attacker = await registerAs(ctx.app, uniqueEmail('changed-attacker'), 'Buyer');
    const changed = await withEmail(attacker, victim.email);

    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: changed.auth,
      payload: { name: 'Hacked', email: victim.email, userRole: 'Buyer', userImg: '/x.png' },
    });
    expect(put.statusCode).toBe(403);
    expect(await ctx.app.repos.users.findByEmail(victim.email)).toMatchObject({
      name: victim.name,
    });
  });
  it('takes no record made before uids were kept with its new e-mail (GET /jwt, never 500)', async () => {
    const buyer = await registerUser(ctx.app, 'Buyer', 'changed-jwt');
    // A record of the older kind: made before sign-in accounts were kept, no uid yet.
    const email = uniqueEmail('changed-jwt-legacy');
    await ctx.app.repos.users.upsert({ email, name: 'Legacy', userImg: '', userRole: 'Seller' });
    const idToken = await changeEmail(buyer.idToken, email);

    const jwt = await ctx.app.inject({
      method: 'GET',
      url: `/api/jwt?email=${encodeURIComponent(email)}`,
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(jwt.statusCode).toBe(200);
    const legacy = await ctx.app.repos.users.findByEmail(email);
    expect((await ctx.app.repos.users.findById(legacy!._id))?.authUid).toBeNull();
    const seller = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/seller/${encodeURIComponent(email)}`,
      headers: { authorization: `bearer ${jwt.json().accessToken as string}` },
    });
    expect(seller.statusCode).toBe(403);
  });
});
