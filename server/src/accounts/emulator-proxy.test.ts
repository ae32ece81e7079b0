import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  buildTestApp,
  emulatorHost,
  registerUser,
  TEST_PASSWORD,
  uniqueEmail,
  type TestContext,
} from '../../test/helper';
import { EMULATOR_CALLS } from './emulator-proxy';

interface Hit {
  method: string;
  url: string;
  authorization?: string;
  cookie?: string;
  contentType?: string;
  body: string;
}

/**
 * A stand-in emulator that echoes what reached it and, like the real one, echoes any Origin in
 * `access-control-allow-origin`. A password sign-in with the password 'wrong' fails.
 */
function echoServer(hits: Hit[]): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        hits.push({
          method: request.method ?? '',
          url: request.url ?? '',
          authorization: request.headers.authorization,
          cookie: request.headers.cookie,
          contentType: request.headers['content-type'],
          body,
        });
        response.setHeader('content-type', 'application/json');
        if (request.headers.origin) {
          response.setHeader('access-control-allow-origin', request.headers.origin);
          response.setHeader('access-control-allow-credentials', 'true');
        }
        if (request.url?.includes('signInWithPassword') && body.includes('"wrong"')) {
          response.statusCode = 400;
          response.end(JSON.stringify({ error: { code: 400, message: 'INVALID_PASSWORD' } }));
          return;
        }
        if (body.includes('answerSecrets')) {
          // User records as the emulator keeps them, at any depth, in an error too.
          const record = { email: 'a@b.c', passwordHash: 'fakeHash:password=p', salt: 's' };
          response.statusCode = request.url?.includes('signInWithPassword') ? 400 : 200;
          response.end(JSON.stringify({ users: [record], nested: { deep: [record] }, ...record }));
          return;
        }
        response.end(JSON.stringify({ method: request.method, url: request.url, body }));
      });
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

describe('sign-in emulator proxy (demo mode)', () => {
  let upstream: Server;
  let ctx: TestContext;
  const hits: Hit[] = [];
  beforeAll(async () => {
    upstream = await echoServer(hits);
    const { port } = upstream.address() as AddressInfo;
    ctx = await buildTestApp({
      authEmulatorHost: `127.0.0.1:${port}`,
      signInThrottle: { max: 3, windowSeconds: 3600 },
      signUpThrottle: { max: 3, windowSeconds: 3600 },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise((r) => upstream.close(r));
  });
  beforeEach(() => hits.splice(0));
  /** A password sign-in to the admin's account through the proxy, from this address. */
  const signIn = (password: string, remoteAddress: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'admin@cardealer.dev', password }),
    });

  /**
   * The calls forwarded whatever their body says: a password reset goes on only with a code the
   * server mailed (password-reset.test.ts).
   */
  const UNCHECKED_CALLS = EMULATOR_CALLS.filter((call) => !call.path.endsWith('resetPassword'));

  it.each(UNCHECKED_CALLS.map((call) => [call.method, call.path] as const))(
    'forwards %s %s, the web app’s call, unchanged',
    async (method, path) => {
      const url = `${path}?key=demo`;
      // Google's: a new test Google account, as the demo's dialog signs in (checked first).
      const body = path.endsWith('signInWithIdp')
        ? JSON.stringify({
            requestUri: 'http://localhost',
            postBody: `id_token=${encodeURIComponent(JSON.stringify({ sub: 'g-1', email: uniqueEmail('g') }))}&providerId=google.com`,
          })
        : path.endsWith('accounts:update')
          ? // The web app's profile change (an e-mail change here is refused: its own test).
            '{"displayName":"New name"}'
          : '{"email":"a@b.c"}';
      const response = await ctx.app.inject({
        method,
        url,
        ...(method === 'POST'
          ? { headers: { 'content-type': 'application/json' }, payload: body }
          : {}),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ method, url });
      expect(hits).toHaveLength(1);
      expect(hits[0].body).toBe(method === 'POST' ? body : '');
    },
  );

  it.each([
    // Every account with its password in clear.
    ['POST', '/identitytoolkit.googleapis.com/v1/projects/demo-cardealer/accounts:query'],
    ['POST', '/identitytoolkit.googleapis.com/v1/projects/demo-cardealer/accounts:batchGet'],
    // Password-reset and verification codes.
    ['GET', '/emulator/v1/projects/demo-cardealer/oobCodes'],
    // Wipes every account.
    ['DELETE', '/emulator/v1/projects/demo-cardealer/accounts'],
    ['GET', '/emulator/v1/projects/demo-cardealer/config'],
    ['PATCH', '/emulator/v1/projects/demo-cardealer/config'],
    ['POST', '/identitytoolkit.googleapis.com/v1/accounts:sendOobCode'],
    ['POST', '/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken'],
    ['GET', '/identitytoolkit.googleapis.com/v1/accounts:signUp'],
    ['POST', '/securetoken.googleapis.com/v1/token/../../emulator/v1/projects/x/accounts'],
    ['POST', '//identitytoolkit.googleapis.com/v1/projects/demo-cardealer/accounts:query'],
    ['POST', '/identitytoolkit.googleapis.com/v1/accounts:lookup/../../v1/projects/x/accounts'],
    ['POST', '/identitytoolkit.googleapis.com/v1/accounts%3Aquery'],
    // No CORS preflight is answered for another origin.
    ['OPTIONS', '/identitytoolkit.googleapis.com/v1/accounts:signUp'],
  ])('answers %s %s with 404 and never reaches the emulator', async (method, url) => {
    const response = await ctx.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      payload: method === 'GET' ? undefined : '{}',
    });
    expect(response.statusCode).toBe(404);
    expect(hits).toEqual([]);
  });

  it.each(UNCHECKED_CALLS.filter((call) => call.method === 'POST').map((call) => call.path))(
    'drops every password hash and salt from what %s answers',
    async (path) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `${path}?key=demo`,
        remoteAddress: '10.9.9.9',
        headers: { 'content-type': 'application/json' },
        payload: path.endsWith('signInWithIdp')
          ? {
              requestUri: 'http://localhost',
              postBody: `id_token=${encodeURIComponent(JSON.stringify({ sub: 'g-2', email: uniqueEmail('g'), answerSecrets: 1 }))}&providerId=google.com`,
            }
          : { answerSecrets: true },
      });
      expect(hits).toHaveLength(1);
      const record = { email: 'a@b.c' };
      expect(response.json()).toEqual({ users: [record], nested: { deep: [record] }, ...record });
      expect(response.headers['content-length']).toBe(String(Buffer.byteLength(response.body)));
    },
  );

  it('forwards the token refresh, a form body, as it came (the API itself refuses forms)', async () => {
    // What firebase/auth sends to renew an ID token (getIdToken(true), an hour after sign-in).
    const form = 'grant_type=refresh_token&refresh_token=AMf-vB%2Fx';
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/securetoken.googleapis.com/v1/token?key=demo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(response.statusCode).toBe(200);
    expect(hits).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/securetoken.googleapis.com/v1/token?key=demo',
        contentType: 'application/x-www-form-urlencoded',
        body: form,
      }),
    ]);
    // The form parser is the proxy's alone: the API still answers a form with 415.
    const buyer = await registerUser(ctx.app, 'Buyer');
    const api = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...buyer.auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(api.statusCode).toBe(415);
  });

  it("drops the emulator's admin credential, and answers another origin without CORS headers", async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo',
      headers: {
        authorization: 'Bearer owner',
        cookie: 'session=app-only',
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ email: ['admin@cardealer.dev'] }),
    });
    expect(response.statusCode).toBe(200);
    expect(hits[0]?.authorization).toBeUndefined();
    expect(hits[0]?.cookie).toBeUndefined();
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers TOO_MANY_ATTEMPTS_TRY_LATER, as Firebase does, after failed sign-ins from one address', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn('wrong', '10.4.4.4')).statusCode).toBe(400);
    const locked = await signIn('right', '10.4.4.4');
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toMatchObject({ error: { message: 'TOO_MANY_ATTEMPTS_TRY_LATER' } });
    // Not even tried: the right password is not revealed either.
    expect(hits).toHaveLength(3);
    // Another address is not locked out; a success does not count.
    expect((await signIn('right', '10.4.4.5')).statusCode).toBe(200);
    expect((await signIn('right', '10.4.4.5')).statusCode).toBe(200);
  });

  it("counts an IPv6 caller's failures per /64 network: new addresses in it are locked out too", async () => {
    // One home connection's /64 holds 2^64 addresses: each guess from a new one.
    for (const host of [':1', 'a:b:c:d', ':2']) {
      expect((await signIn('wrong', `2001:db8:4:4:${host}`)).statusCode).toBe(400);
    }
    const locked = await signIn('wrong', '2001:db8:4:4:ffff:ffff:ffff:fffe');
    expect(locked.json()).toMatchObject({ error: { message: 'TOO_MANY_ATTEMPTS_TRY_LATER' } });
    expect(hits).toHaveLength(3);
    // Another network is not locked out.
    expect((await signIn('right', '2001:db8:4:5::1')).statusCode).toBe(200);
  });

  it('does not let a burst of guesses sent at once outrun the count', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => signIn('wrong', '10.7.7.7')),
    );
    // At most the limit (3 here) reach the emulator; the rest are refused as Firebase refuses.
    expect(hits).toHaveLength(3);
    const refused = answers.filter((a) => a.body.includes('TOO_MANY_ATTEMPTS_TRY_LATER'));
    expect(refused).toHaveLength(9);
  });
  it('answers the sign-up after the limit from one address with 429 TOO_MANY_ATTEMPTS_TRY_LATER, as the web SDK reads it', async () => {
    const signUpFrom = (remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo',
        remoteAddress,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'taken@b.c', password: 'p', returnSecureToken: true }),
      });
    for (let i = 0; i < 3; i++) expect((await signUpFrom('10.6.6.6')).statusCode).toBe(200);
    const refused = await signUpFrom('10.6.6.6');
    expect(refused.statusCode).toBe(429);
    // Firebase's own error: the SDK throws auth/too-many-requests for it.
    expect(refused.json()).toEqual({
      error: {
        code: 429,
        message: 'TOO_MANY_ATTEMPTS_TRY_LATER',
        errors: [{ message: 'TOO_MANY_ATTEMPTS_TRY_LATER', domain: 'global', reason: 'invalid' }],
      },
    });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    // Never reached the emulator; another address signs up, an IPv6 /64 counts as one.
    expect(hits).toHaveLength(3);
    expect((await signUpFrom('10.6.6.7')).statusCode).toBe(200);
    for (const host of ['1', '2', '3']) {
      expect((await signUpFrom(`2001:db8:6:6::${host}`)).statusCode).toBe(200);
    }
    expect((await signUpFrom('2001:db8:6:6:ffff::9')).statusCode).toBe(429);
  });
});

describe('sign-in emulator proxy, with the real emulator', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ authEmulatorHost: emulatorHost() });
  });
  afterAll(() => ctx.close());

  const call = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `${url}?key=demo`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });

  it('signs up, looks up, renews the ID token and signs in through the app, as the web SDK does', async () => {
    const email = uniqueEmail('proxy');
    const signUp = await call('/identitytoolkit.googleapis.com/v1/accounts:signUp', {
      email,
      password: TEST_PASSWORD,
      returnSecureToken: true,
    });
    expect(signUp.statusCode).toBe(200);
    const { idToken, refreshToken } = signUp.json<{ idToken: string; refreshToken: string }>();
    const lookup = await call('/identitytoolkit.googleapis.com/v1/accounts:lookup', { idToken });
    expect(lookup.json()).toMatchObject({ users: [{ email }] });
    const renewed = await ctx.app.inject({
      method: 'POST',
      url: '/securetoken.googleapis.com/v1/token?key=demo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=refresh_token&refresh_token=${encodeURIComponent(refreshToken)}`,
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ id_token: expect.any(String) });
    const signIn = await call('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword', {
      email,
      password: TEST_PASSWORD,
      returnSecureToken: true,
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('slows sign-ups with an existing e-mail in a row: the 11th from one address is a 429 (the default)', async () => {
    const email = uniqueEmail('signup-flood');
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push(
        await ctx.app.inject({
          method: 'POST',
          url: '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo',
          // An address of its own: the other tests' sign-ups are not counted with these.
          remoteAddress: '10.8.8.8',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email, password: TEST_PASSWORD, returnSecureToken: true }),
        }),
      );
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, ...Array(9).fill(400), 429]);
    expect(answers[1]!.json()).toMatchObject({ error: { message: 'EMAIL_EXISTS' } });
    expect(answers[10]!.json()).toMatchObject({
      error: { message: 'TOO_MANY_ATTEMPTS_TRY_LATER' },
    });
  });

  it("keeps the emulator's admin API out of reach: no account list, no reset codes", async () => {
    await registerUser(ctx.app, 'Buyer');
    const query = await call(
      '/identitytoolkit.googleapis.com/v1/projects/demo-cardealer/accounts:query',
      {},
      { authorization: 'Bearer owner' },
    );
    expect(query.statusCode).toBe(404);
    expect(query.body).not.toContain(TEST_PASSWORD);
    const codes = await ctx.app.inject({
      method: 'GET',
      url: '/emulator/v1/projects/demo-cardealer/oobCodes',
    });
    expect(codes.statusCode).toBe(404);
    // The owner credential does not turn a user's call into an admin's.
    const lookup = await call(
      '/identitytoolkit.googleapis.com/v1/accounts:lookup',
      { email: ['admin@cardealer.dev'] },
      { authorization: 'Bearer owner' },
    );
    expect(lookup.statusCode).toBe(400);
    expect(lookup.body).not.toContain('passwordHash');
  });
});

describe('without an emulator (production mode)', () => {
  it('does not expose the emulator paths', async () => {
    const ctx = await buildTestApp();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/identitytoolkit.googleapis.com/v1/accounts:lookup',
    });
    expect(response.statusCode).toBe(404);
    await ctx.close();
  });
});
