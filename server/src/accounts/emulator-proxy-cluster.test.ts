import type { FastifyInstance } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildReplica, buildTestApp, databaseKind, type TestContext } from '../../test/helper';

/** A stand-in emulator: a password sign-in fails with the password 'wrong'; counts the calls. */
function standInEmulator(calls: { count: number }): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        calls.count += 1;
        response.setHeader('content-type', 'application/json');
        const failed = body.includes('"wrong"');
        response.statusCode = failed ? 400 : 200;
        response.end(
          JSON.stringify(failed ? { error: { code: 400, message: 'INVALID_PASSWORD' } } : {}),
        );
      });
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/**
 * The demo's lock-out of failed sign-ins with two replicas on one database (start:cluster): the
 * failures are counted in the database, so an address locked out on one replica is locked out
 * on the other, and guesses sent at once to both cannot outrun the count.
 */
describe(`failed sign-ins through the emulator proxy, across replicas (${databaseKind})`, () => {
  let ctx: TestContext;
  let upstream: Server;
  const calls = { count: 0 };
  const replicas: FastifyInstance[] = [];
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    ctx = await buildTestApp();
    upstream = await standInEmulator(calls);
    const { port } = upstream.address() as AddressInfo;
    for (let i = 0; i < 2; i += 1) {
      const replica = await buildReplica(ctx, {
        authEmulatorHost: `127.0.0.1:${port}`,
        signInThrottle: { max: 3, windowSeconds: 3600 },
        rateLimitStore: 'database',
      });
      await replica.app.ready();
      replicas.push(replica.app);
      closers.push(replica.close);
    }
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await ctx.close();
    await new Promise((resolve) => upstream.close(resolve));
  });
  beforeEach(() => {
    calls.count = 0;
  });

  const signIn = (replica: FastifyInstance, password: string, remoteAddress: string) =>
    replica.inject({
      method: 'POST',
      url: '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'admin@cardealer.dev', password }),
    });
  const tooMany = (body: string) => body.includes('TOO_MANY_ATTEMPTS_TRY_LATER');

  it('locks an address out on every replica once its failures through one reach the limit', async () => {
    const [first, second] = replicas;
    for (let i = 0; i < 3; i += 1) {
      const failed = await signIn(first, 'wrong', '10.60.0.1');
      expect(failed.statusCode).toBe(400);
      expect(tooMany(failed.body)).toBe(false);
    }
    const locked = await signIn(second, 'right', '10.60.0.1');
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toMatchObject({ error: { message: 'TOO_MANY_ATTEMPTS_TRY_LATER' } });
    // Not even tried: the right password is not revealed either.
    expect(calls.count).toBe(3);
    // Another address is not locked out.
    expect((await signIn(second, 'right', '10.60.0.2')).statusCode).toBe(200);
  });

  it('does not let guesses sent at once to both replicas outrun the count', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(replicas[i % 2], 'wrong', '10.60.1.1')),
    );
    expect(calls.count).toBe(3);
    expect(answers.filter((answer) => tooMany(answer.body))).toHaveLength(9);
  });

  it('gives a successful sign-in’s place back', async () => {
    for (let i = 0; i < 6; i += 1) {
      expect((await signIn(replicas[i % 2], 'right', '10.60.2.1')).statusCode).toBe(200);
    }
    await signIn(replicas[0], 'wrong', '10.60.2.1');
    await signIn(replicas[1], 'wrong', '10.60.2.1');
    // Places are given back after the answer: the last success may still hold one a moment.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await signIn(replicas[0], 'right', '10.60.2.1')).statusCode).toBe(200);
    expect(calls.count).toBe(9);
  });
});
