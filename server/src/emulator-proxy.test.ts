import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTestApp, type TestContext } from '../test/helper';

/** A stand-in upstream that echoes what reached it. */
function echoServer(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ method: request.method, url: request.url, body }));
      });
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

describe('sign-in emulator proxy (demo mode)', () => {
  let upstream: Server;
  let ctx: TestContext;
  beforeAll(async () => {
    upstream = await echoServer();
    const { port } = upstream.address() as AddressInfo;
    ctx = await buildTestApp({ authEmulatorHost: `127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise((r) => upstream.close(r));
  });

  it.each([
    '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo',
    '/securetoken.googleapis.com/v1/token?key=demo',
    '/emulator/v1/projects/demo-cardealer/config',
  ])('forwards %s to the emulator unchanged', async (url) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ method: 'POST', url, body: '{"email":"a@b.c"}' });
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
