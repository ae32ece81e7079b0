import { createHmac } from 'node:crypto';
import {
  buildTestApp,
  databaseKind,
  emulatorHost,
  registerUser,
  signUp,
  uniqueEmail,
  type TestContext,
  type TestUser,
} from '../../test/helper';

/** An HS256 JWT signed by hand (to make expired, foreign and unsigned tokens). */
function jwt(payload: object, secret: string, alg = 'HS256'): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const head = `${encode({ alg, typ: 'JWT' })}.${encode(payload)}`;
  if (alg === 'none') return `${head}.`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

const SECRET = 'test-access-token-secret-at-least-32-characters';

describe(`access tokens: GET /api/jwt (${databaseKind})`, () => {
  let ctx: TestContext;
  let buyer: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp();
    buyer = await registerUser(ctx.app, 'Buyer');
  });
  afterAll(() => ctx.close());

  const jwtCall = (email: string, authorization?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/jwt?email=${encodeURIComponent(email)}`,
      headers: authorization ? { authorization } : {},
    });

  it('answers {accessToken} for a Firebase ID token of the same email, in any letter case', async () => {
    const response = await jwtCall(buyer.email.toUpperCase(), `Bearer ${buyer.idToken}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body)).toEqual(['accessToken']);
    const [, payload] = body.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims.email).toBe(buyer.email);
    // The sign-in account's id beside the e-mail: an account is its id.
    expect(claims.uid).toBe(buyer.uid);
    expect(claims.exp - claims.iat).toBe(3600);
  });

  it('issues a token to a signed-in user who has no record yet', async () => {
    const email = uniqueEmail('newcomer');
    const idToken = await signUp(email);
    const response = await jwtCall(email, `Bearer ${idToken}`);
    expect(response.statusCode).toBe(200);
    // The token proves the email, not a role: with no record, role calls are refused.
    const token = response.json().accessToken;
    const buyers = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/buyers',
      headers: { authorization: `bearer ${token}` },
    });
    expect(buyers.statusCode).toBe(403);
  });

  it.each([
    ['no authorization header', undefined],
    ['a malformed header', 'Token abc'],
    ['a garbage token', 'Bearer not-a-jwt'],
    ['an access token instead of an ID token', 'ACCESS'],
  ])('answers 401 for %s', async (_label, header) => {
    const authorization = header === 'ACCESS' ? `Bearer ${buyer.accessToken}` : header;
    const response = await jwtCall(buyer.email, authorization);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.stringMatching(/^authorization: /) });
  });

  it("answers 401 for another account's ID token", async () => {
    const response = await jwtCall(uniqueEmail('someone-else'), `Bearer ${buyer.idToken}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/^email: /);
  });

  it("refuses an ID token whose e-mail claim was rewritten to someone else's (the admin's)", async () => {
    // The emulator's tokens are unsigned (alg none): anyone can rewrite a claim and keep `sub`.
    const admin = await registerUser(ctx.app, 'Admin');
    const [head, body] = buyer.idToken.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${head}.${Buffer.from(
      JSON.stringify({ ...claims, email: admin.email }),
    ).toString('base64url')}.`;
    const asAdmin = await jwtCall(admin.email, `Bearer ${forged}`);
    expect(asAdmin.statusCode).toBe(401);
    expect(asAdmin.json()).toEqual({
      message: 'authorization: the ID token is not valid or has expired',
    });
    // PUT /users takes an ID token too: the forged one proves nothing there either.
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { authorization: `Bearer ${forged}` },
      payload: { name: 'Mallory', email: admin.email, userRole: 'Seller' },
    });
    expect(put.statusCode).toBe(401);
    // The untouched token still works for its own account.
    expect((await jwtCall(buyer.email, `Bearer ${buyer.idToken}`)).statusCode).toBe(200);
  });

  it('accepts a new account whose tokens the emulator dates one second after its sign-in, and refuses a token revoked later', async () => {
    // The emulator's sign-up can stamp "valid since" one second after the token's auth_time (a
    // second ends between the two on a busy machine): its first token must still be good. A
    // revocation (here: tokens valid since now, as a password change does) two or more seconds
    // later refuses it.
    const email = uniqueEmail('revoked');
    const idToken = await signUp(email);
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as {
      auth_time: number;
      user_id: string;
    };
    const revokeAt = async (second: number) => {
      const wait = second * 1000 + 50 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const response = await fetch(
        `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/projects/demo-cardealer/accounts:update`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
          body: JSON.stringify({ localId: claims.user_id, validSince: String(second) }),
        },
      );
      expect(response.status).toBe(200);
    };
    await revokeAt(claims.auth_time + 1);
    expect((await jwtCall(email, `Bearer ${idToken}`)).statusCode).toBe(200);
    await revokeAt(claims.auth_time + 2);
    const refused = await jwtCall(email, `Bearer ${idToken}`);
    expect(refused.statusCode).toBe(401);
  });

  it('answers 400 naming the field for a missing or malformed email', async () => {
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/jwt',
      headers: { authorization: `Bearer ${buyer.idToken}` },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'email: is required' });
    const malformed = await jwtCall('not-an-email', `Bearer ${buyer.idToken}`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/^email: /);
  });
});

describe(`access tokens on the API (${databaseKind})`, () => {
  let ctx: TestContext;
  let buyer: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp();
    buyer = await registerUser(ctx.app, 'Buyer');
  });
  afterAll(() => ctx.close());

  const ordersWith = (authorization: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/orders?email=${encodeURIComponent(buyer.email)}`,
      headers: { authorization },
    });

  it('accepts the bearer scheme in any letter case', async () => {
    for (const scheme of ['bearer', 'Bearer', 'BEARER']) {
      const response = await ordersWith(`${scheme} ${buyer.accessToken}`);
      expect(response.statusCode).toBe(200);
    }
  });

  it.each([
    ['expired', () => jwt({ email: buyer.email, uid: buyer.uid, iat: 1000, exp: 2000 }, SECRET)],
    [
      'signed with another secret',
      () => jwt({ email: buyer.email, uid: buyer.uid }, 'another-secret-another-secret-xx'),
    ],
    ['unsigned (alg none)', () => jwt({ email: buyer.email, uid: buyer.uid }, SECRET, 'none')],
    ['without an email', () => jwt({ uid: buyer.uid, iat: Math.floor(Date.now() / 1000) }, SECRET)],
    [
      'without the sign-in account (the older {email} kind)',
      () => {
        const now = Math.floor(Date.now() / 1000);
        return jwt({ email: buyer.email, iat: now, exp: now + 60 }, SECRET);
      },
    ],
    ['a Firebase ID token', () => buyer.idToken],
  ])('refuses a token that is %s with 401', async (_label, token) => {
    const response = await ordersWith(`bearer ${token()}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      message: 'authorization: the access token is not valid or has expired',
    });
  });

  it('accepts a token signed by hand with the right secret (the format is plain HS256)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const response = await ordersWith(
      `bearer ${jwt({ email: buyer.email, uid: buyer.uid, iat: now, exp: now + 60 }, SECRET)}`,
    );
    expect(response.statusCode).toBe(200);
  });
});
