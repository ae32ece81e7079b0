import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTestApp, type TestContext } from '../test/helper';
import { EMULATOR_CALLS } from './emulator-proxy';

interface Hit {
  method: string;
  url: string;
  authorization?: string;
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
    });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise((r) => upstream.close(r));
  });
  beforeEach(() => hits.splice(0));

  it.each(EMULATOR_CALLS.map((call) => [call.method, call.path] as const))(
    'forwards %s %s, the web app’s call, unchanged',
    async (method, path) => {
      const url = `${path}?key=demo`;
      const response = await ctx.app.inject({
        method,
        url,
        ...(method === 'POST'
          ? {
              headers: { 'content-type': 'application/json' },
              payload: JSON.stringify({ email: 'a@b.c' }),
            }
          : {}),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ method, url });
      expect(hits).toHaveLength(1);
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

  it("drops the emulator's admin credential, and answers another origin without CORS headers", async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo',
      headers: {
        authorization: 'Bearer owner',
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ email: ['admin@cardealer.dev'] }),
    });
    expect(response.statusCode).toBe(200);
    expect(hits[0]?.authorization).toBeUndefined();
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers TOO_MANY_ATTEMPTS_TRY_LATER, as Firebase does, after failed sign-ins from one address', async () => {
    const signIn = (password: string, remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo',
        remoteAddress,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'admin@cardealer.dev', password }),
      });
    for (let i = 0; i < 3; i++) expect((await signIn('wrong', '10.4.4.4')).statusCode).toBe(400);
    const locked = await signIn('right', '10.4.4.4');
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toMatchObject({ error: { message: 'TOO_MANY_ATTEMPTS_TRY_LATER' } });
    // Not even tried: the right password is not revealed either.
    expect(hits).toHaveLength(3);
    // Another address is not locked out; a success does not count.
    expect((await signIn('right', '10.4.4.5')).statusCode).toBe(200);
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
