import {
  buildTestApp,
  emulatorHost,
  googleSignIn,
  signUp,
  uniqueEmail,
  type TestContext,
} from '../../test/helper';

/** A new account's role comes from its sign-in account: a Google user is a Buyer. */
describe('PUT /users: the role of a new account', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  const put = (idToken: string, email: string, userRole: 'Seller' | 'Buyer') =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { authorization: `Bearer ${idToken}` },
      payload: { name: 'New User', email, userRole, userImg: '', userVerify: 'false' },
    });

  it('makes a Google-only account a Buyer, whatever the body asks', async () => {
    const email = uniqueEmail('google-seller');
    const { idToken } = (await googleSignIn(email)).body;
    const answer = await put(idToken!, email, 'Seller');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ upsertedCount: 1 });
    expect(await ctx.app.repos.users.findByEmail(email)).toMatchObject({ userRole: 'Buyer' });
    // Asking again changes nothing: an existing account keeps its role.
    expect((await put(idToken!, email, 'Seller')).statusCode).toBe(200);
    expect(await ctx.app.repos.users.findByEmail(email)).toMatchObject({ userRole: 'Buyer' });
  });

  /** An `accounts:update` straight to the sign-in provider (no proxy: as production could). */
  const updateAccount = async (body: Record<string, unknown>) => {
    const response = await fetch(
      `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:update?key=any`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, returnSecureToken: true }),
      },
    );
    expect(response.status).toBe(200);
  };

  it.each([
    ['added a password', { password: 'another-password-1' }, ['google.com', 'password']],
    ['dropped its Google link', { deleteProvider: ['google.com'] }, []],
  ])(
    'makes a Google account a Buyer even when it %s at the provider',
    async (_label, change, providers) => {
      const email = uniqueEmail('google-changed');
      const { idToken } = (await googleSignIn(email)).body;
      await updateAccount({ idToken, ...change });
      const account = await ctx.app.signIn.getUserByEmail(email);
      expect(account.providerData.map((p) => p.providerId).sort()).toEqual(providers);
      expect((await put(idToken!, email, 'Seller')).statusCode).toBe(200);
      expect(await ctx.app.repos.users.findByEmail(email)).toMatchObject({ userRole: 'Buyer' });
    },
  );

  it('lets a password account choose Seller or Buyer, as registration does', async () => {
    for (const role of ['Seller', 'Buyer'] as const) {
      const email = uniqueEmail(`password-${role.toLowerCase()}`);
      const idToken = await signUp(email);
      expect((await put(idToken, email, role)).statusCode).toBe(200);
      expect(await ctx.app.repos.users.findByEmail(email)).toMatchObject({ userRole: role });
    }
  });
});
