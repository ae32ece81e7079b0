import {
  buildTestApp,
  emulatorHost,
  googleSignIn,
  registerUser,
  TEST_PASSWORD,
  uniqueEmail,
  type TestContext,
} from '../../test/helper';

const IDENTITY = '/identitytoolkit.googleapis.com/v1';
const REFUSED = 'This e-mail already has a password account: sign in with your password';

/**
 * The demo's Google sign-in through the app's emulator proxy: the emulator takes any unsigned
 * Google credential, so the proxy decides which accounts such a credential may reach.
 */
describe('Google test sign-in through the emulator proxy (demo mode)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ authEmulatorHost: emulatorHost() });
  });
  afterAll(() => ctx.close());

  const call = (path: string, body: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: `${IDENTITY}/${path}?key=demo`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const providersOf = async (email: string) =>
    (await ctx.app.signIn.getUserByEmail(email)).providerData.map((p) => p.providerId).sort();
  const signInWithPassword = (email: string) =>
    call('accounts:signInWithPassword', {
      email,
      password: TEST_PASSWORD,
      returnSecureToken: true,
    });
  /** signInWithIdp with a hand-made request (the credential's place and form vary). */
  const signInWithIdp = (requestUri: string, postBody: string) =>
    call('accounts:signInWithIdp', {
      requestUri,
      postBody,
      returnSecureToken: true,
      returnIdpCredential: true,
    });
  const claims = (email: string) =>
    JSON.stringify({ sub: `other-${email}`, email, email_verified: true, name: 'Mallory' });
  /** An unsigned JWT (alg none) with these claims: the emulator reads it unchecked. */
  const unsignedJwt = (payload: string) =>
    `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.` +
    `${Buffer.from(payload).toString('base64url')}.`;

  const expectRefused = (answer: { status: number; body: unknown }) => {
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: expect.objectContaining({
        code: 400,
        message: `PASSWORD_ACCOUNT_EXISTS : ${REFUSED}`,
      }),
    });
    expect(answer.body).not.toHaveProperty('idToken');
  };

  it("refuses a Google sign-in naming a password account's e-mail; its password keeps working", async () => {
    const buyer = await registerUser(ctx.app, 'Buyer', 'takeover');
    expectRefused(await googleSignIn(buyer.email, { app: ctx.app }));
    // Any letter case names the same account.
    expectRefused(await googleSignIn(buyer.email.toUpperCase(), { app: ctx.app }));
    expect(await providersOf(buyer.email)).toEqual(['password']);
    expect((await signInWithPassword(buyer.email)).statusCode).toBe(200);
  });

  it.each([
    ['an unsigned JWT as id_token', (e: string) => `id_token=${unsignedJwt(claims(e))}`, REFUSED],
    [
      'an access_token instead',
      (e: string) => `access_token=${encodeURIComponent(claims(e))}`,
      REFUSED,
    ],
    [
      // The emulator would read the access token: the proxy does not guess which it reads.
      'a bad id_token beside a good access_token',
      (e: string) => `id_token=x&access_token=${encodeURIComponent(claims(e))}`,
      'The Google credential could not be read',
    ],
  ])('refuses it however the credential is written: %s', async (_label, credential, message) => {
    const seller = await registerUser(ctx.app, 'Seller', 'takeover-form');
    const answer = await signInWithIdp(
      'http://localhost',
      `${credential(seller.email)}&providerId=google.com`,
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      error: { code: 400, message: expect.stringContaining(message) },
    });
    expect(answer.body).not.toContain('idToken');
    expect(await providersOf(seller.email)).toEqual(['password']);
    expect((await signInWithPassword(seller.email)).statusCode).toBe(200);
  });

  it('refuses it when the credential hides in the request URI or its fragment', async () => {
    const seller = await registerUser(ctx.app, 'Seller', 'takeover-uri');
    const token = encodeURIComponent(claims(seller.email));
    for (const [uri, body] of [
      [`http://localhost/?providerId=google.com&id_token=${token}`, ''],
      [`http://localhost/#id_token=${token}&providerId=google.com`, 'providerId=google.com'],
    ]) {
      const answer = await signInWithIdp(uri, body);
      expectRefused({ status: answer.statusCode, body: answer.json() });
    }
    expect(await providersOf(seller.email)).toEqual(['password']);
  });

  it('refuses it when a parameter is written twice (the emulator reads the first)', async () => {
    const seller = await registerUser(ctx.app, 'Seller', 'takeover-twice');
    const mine = encodeURIComponent(claims(uniqueEmail('twice-new')));
    const theirs = encodeURIComponent(claims(seller.email));
    for (const [uri, body] of [
      ['http://localhost', `id_token=${theirs}&id_token=${mine}&providerId=google.com`],
      [`http://localhost/#id_token=${theirs}&id_token=${mine}`, 'providerId=google.com'],
      ['http://localhost', `access_token=${theirs}&access_token=${mine}&providerId=google.com`],
    ]) {
      const answer = await signInWithIdp(uri, body);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).not.toContain('idToken');
    }
    expect(await providersOf(seller.email)).toEqual(['password']);
    expect((await signInWithPassword(seller.email)).statusCode).toBe(200);
  });

  it('refuses every Admin, even one linked to Google, by e-mail or by Google id', async () => {
    const email = uniqueEmail('google-admin');
    expect((await googleSignIn(email)).status).toBe(200);
    const { idToken } = (await googleSignIn(email)).body;
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { authorization: `Bearer ${idToken}` },
      payload: { name: 'Ada Admin', email, userRole: 'Buyer' },
    });
    expect(put.statusCode).toBe(200);
    await ctx.app.repos.users.setRole(email, 'Admin');
    expectRefused(await googleSignIn(email, { app: ctx.app }));
    // Another e-mail, with the admin's Google id: the emulator would sign in the admin.
    expectRefused(
      await googleSignIn(uniqueEmail('mallory'), { sub: `google-${email}`, app: ctx.app }),
    );
  });

  it('signs in a new Google account, and again once it is linked to Google', async () => {
    const email = uniqueEmail('google-new');
    const first = await googleSignIn(email, { app: ctx.app });
    expect(first.status).toBe(200);
    expect(first.body.idToken).toEqual(expect.any(String));
    const again = await googleSignIn(email, { app: ctx.app });
    expect(again.status).toBe(200);
    expect(await providersOf(email)).toEqual(['google.com']);
  });

  it('offers Google only, and no linking of a credential to a signed-in account', async () => {
    const email = uniqueEmail('facebook');
    const other = await signInWithIdp(
      'http://localhost',
      `id_token=${encodeURIComponent(claims(email))}&providerId=facebook.com`,
    );
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ error: { message: /^OPERATION_NOT_ALLOWED : / } });
    const buyer = await registerUser(ctx.app, 'Buyer', 'linking');
    const link = await call('accounts:signInWithIdp', {
      idToken: buyer.idToken,
      requestUri: 'http://localhost',
      postBody: `id_token=${encodeURIComponent(claims(email))}&providerId=google.com`,
      returnSecureToken: true,
    });
    expect(link.statusCode).toBe(400);
    expect(link.json()).toMatchObject({ error: { message: /^OPERATION_NOT_ALLOWED : / } });
    expect(await providersOf(buyer.email)).toEqual(['password']);
  });

  it("refuses linking a provider through accounts:update: nobody takes over another's Google id", async () => {
    const victim = uniqueEmail('google-victim');
    expect((await googleSignIn(victim, { app: ctx.app })).status).toBe(200);
    const { uid } = await ctx.app.signIn.getUserByEmail(victim);
    const mallory = await registerUser(ctx.app, 'Buyer', 'linker');
    const link = await call('accounts:update', {
      idToken: mallory.idToken,
      linkProviderUserInfo: { providerId: 'google.com', rawId: `google-${victim}` },
      returnSecureToken: true,
    });
    expect(link.statusCode).toBe(400);
    expect(link.json()).toMatchObject({ error: { message: /^OPERATION_NOT_ALLOWED : / } });
    expect(await providersOf(mallory.email)).toEqual(['password']);
    // The victim's next Google sign-in still reaches the victim's own account.
    const again = await googleSignIn(victim, { app: ctx.app });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ localId: uid, email: victim });
  });

  it("keeps a Google account Google's: no dropping its Google link, no password; it stays a Buyer", async () => {
    const email = uniqueEmail('google-to-seller');
    const { idToken } = (await googleSignIn(email, { app: ctx.app })).body;
    const refusedAs = (answer: { statusCode: number; json: () => unknown }, message: RegExp) => {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error: { code: 400, message } });
    };
    refusedAs(
      await call('accounts:update', { idToken, deleteProvider: ['google.com'] }),
      /^OPERATION_NOT_ALLOWED : A Google account keeps its Google sign-in/,
    );
    refusedAs(
      await call('accounts:update', { idToken, deleteProvider: 'google.com' }),
      /^INVALID_REQ_TYPE : deleteProvider must be a list/,
    );
    refusedAs(
      await call('accounts:update', { idToken, password: TEST_PASSWORD, returnSecureToken: true }),
      /^OPERATION_NOT_ALLOWED : A Google account signs in with Google: it takes no password/,
    );
    refusedAs(
      await call('accounts:update', { idToken: 'not-a-token', password: TEST_PASSWORD }),
      /^INVALID_ID_TOKEN : /,
    );
    // The web SDK's way of linking a password: a sign-up that names the signed-in account.
    refusedAs(
      await call('accounts:signUp', {
        idToken,
        email: uniqueEmail('linked-password'),
        password: TEST_PASSWORD,
        returnSecureToken: true,
      }),
      /^OPERATION_NOT_ALLOWED : /,
    );
    expect(await providersOf(email)).toEqual(['google.com']);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { authorization: `Bearer ${idToken}` },
      payload: { name: 'Would-be Seller', email, userRole: 'Seller' },
    });
    expect(put.statusCode).toBe(200);
    expect(await ctx.app.repos.users.findByEmail(email)).toMatchObject({ userRole: 'Buyer' });
  });

  it('lets a password account change its password, as before', async () => {
    const buyer = await registerUser(ctx.app, 'Buyer', 'new-password');
    const update = await call('accounts:update', {
      idToken: buyer.idToken,
      password: `${TEST_PASSWORD}-2`,
      returnSecureToken: true,
    });
    expect(update.statusCode).toBe(200);
    expect(await providersOf(buyer.email)).toEqual(['password']);
  });

  it('refuses a credential it cannot read, or none', async () => {
    for (const body of [
      { requestUri: 'http://localhost', postBody: 'providerId=google.com' },
      { requestUri: 'http://localhost', postBody: 'id_token=%7Bnot-json&providerId=google.com' },
      { requestUri: 'not a url', postBody: 'id_token=x&providerId=google.com' },
      { postBody: 'providerId=google.com' },
      // The emulator would answer these with a 500 (email.toLowerCase, JSON.parse).
      {
        requestUri: 'http://localhost',
        postBody: `id_token=${encodeURIComponent('{"sub":"n","email":5}')}&providerId=google.com`,
      },
      {
        requestUri: 'http://localhost',
        postBody: `id_token=${encodeURIComponent(claims(uniqueEmail('saml')))}&SAMLResponse=x&providerId=google.com`,
      },
    ]) {
      const answer = await call('accounts:signInWithIdp', body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error: { code: 400, message: expect.any(String) } });
      expect(answer.body).not.toContain('idToken');
    }
  });

  it("answers no password hash or salt on any call, as the emulator's lookup would", async () => {
    const email = uniqueEmail('hash');
    const signUp = await call('accounts:signUp', {
      email,
      password: TEST_PASSWORD,
      returnSecureToken: true,
    });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.body).not.toMatch(/passwordHash|"salt"|secret-password/);
    const { idToken } = signUp.json<{ idToken: string }>();
    const lookup = await call('accounts:lookup', { idToken });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toMatchObject({
      users: [{ email, providerUserInfo: [expect.anything()] }],
    });
    expect(lookup.body).not.toMatch(/passwordHash|"salt"|secret-password/);
    expect(Number(lookup.headers['content-length'])).toBe(Buffer.byteLength(lookup.body));
    const update = await call('accounts:update', {
      idToken,
      displayName: 'Hashless',
      returnSecureToken: true,
    });
    expect(update.statusCode).toBe(200);
    expect(update.body).not.toMatch(/passwordHash|"salt"|secret-password/);
    const signIn = await signInWithPassword(email);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.body).not.toMatch(/passwordHash|"salt"|secret-password/);
  });
});
