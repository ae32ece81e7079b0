import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  buildReplica,
  buildTestApp,
  databaseKind,
  postProduct,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../../test/helper';

/** The cars a list answer holds, by name. */
function names(body: string): string[] {
  return (JSON.parse(body) as { carName: string }[]).map((car) => car.carName);
}

/**
 * Two replicas on one database, each with its own answer cache (kept the full second) and its own
 * image folder: what a write on one changes, the other answers at once.
 */
describe(`the catalogue across replicas (${databaseKind})`, () => {
  let a: TestContext;
  let b: FastifyInstance;
  let closeB: () => Promise<void>;
  let seller: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    a = await buildTestApp({ catalogueCacheMs: 1000 });
    const replica = await buildReplica(a, { catalogueCacheMs: 1000 });
    ({ app: b, close: closeB } = replica);
    await b.ready();
    seller = await registerUser(a.app, 'Seller');
    admin = await registerUser(a.app, 'Admin');
  });
  afterAll(async () => {
    await closeB();
    await a.close();
  });

  const read = (url: string) => b.inject({ method: 'GET', url });

  /** How many live replicas have not seen `change`, once it is down to `expected` (or 2 s). */
  async function behindOnceSettled(change: number, expected: number): Promise<number> {
    const deadline = Date.now() + 2000;
    let behind = await a.app.repos.catalogueReplicas.behind(change);
    while (behind > expected && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      behind = await a.app.repos.catalogueReplicas.behind(change);
    }
    return behind;
  }

  it('lists on one replica a car posted and advertised on another, at once, every time', async () => {
    for (let i = 0; i < 5; i += 1) {
      // The other replica has the lists cached, as it would under any traffic.
      expect((await read('/api/category-products/Ferrari?limit=24')).statusCode).toBe(200);
      expect((await read('/api/advertisment')).statusCode).toBe(200);
      const carName = `Ferrari Roma ${i}`;
      const id = await postProduct(a.app, seller, { categoryName: 'Ferrari', carName });
      expect(names((await read('/api/category-products/Ferrari?limit=24')).body)).toContain(
        carName,
      );
      expect(names((await read('/api/advertisment')).body)).not.toContain(carName);
      const advertise = await a.app.inject({
        method: 'PUT',
        url: `/api/seller-products/${id}`,
        headers: seller.auth,
      });
      expect(advertise.statusCode).toBe(200);
      expect(names((await read('/api/advertisment')).body)).toContain(carName);
    }
  });

  it("shows a seller's verification made on one replica on the other's cards at once", async () => {
    const verified = await registerUser(a.app, 'Seller', 'to-verify');
    await postProduct(a.app, verified, { categoryName: 'BMW', carName: 'BMW i4 verified' });
    const card = async () =>
      (
        JSON.parse((await read('/api/category-products/BMW?limit=24')).body) as {
          carName: string;
          isVerify: string;
        }[]
      ).find((car) => car.carName === 'BMW i4 verified');
    expect(await card()).toMatchObject({ isVerify: 'false' });
    const verify = await a.app.inject({
      method: 'PUT',
      url: `/api/users/verify/${verified._id}`,
      headers: admin.auth,
    });
    expect(verify.statusCode).toBe(200);
    expect(await card()).toMatchObject({ isVerify: 'true' });
  });

  it('drops from the other replica a car deleted on one', async () => {
    const id = await postProduct(a.app, seller, { categoryName: 'Tesla', carName: 'Tesla gone' });
    expect(names((await read('/api/category-products/Tesla?limit=24')).body)).toContain(
      'Tesla gone',
    );
    const removed = await a.app.inject({
      method: 'DELETE',
      url: `/api/seller-products/${id}`,
      headers: seller.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(names((await read('/api/category-products/Tesla?limit=24')).body)).not.toContain(
      'Tesla gone',
    );
  });

  it('answers a write even when a live replica never reports what it has seen', async () => {
    // A replica that beats but never hears a notice (its listener is stuck): the write waits at
    // most the cache's lifetime, after which no answer older than it is left anywhere.
    await a.app.repos.catalogueReplicas.seen('stuck-replica');
    const beating = setInterval(
      () => void a.app.repos.catalogueReplicas.seen('stuck-replica'),
      200,
    );
    try {
      const change = await a.app.repos.catalogueReplicas.barrier();
      // Replicas a and b hear it within moments; the stuck one never does.
      expect(await behindOnceSettled(change, 1)).toBe(1);
      const id = await postProduct(a.app, seller, { categoryName: 'Tesla', carName: 'Tesla late' });
      expect(id).toEqual(expect.any(String));
      expect(names((await read('/api/category-products/Tesla?limit=24')).body)).toContain(
        'Tesla late',
      );
    } finally {
      clearInterval(beating);
      await a.app.repos.catalogueReplicas.remove('stuck-replica');
    }
  });

  it('leaves out of the count a replica that stopped beating', async () => {
    const replicas = a.app.repos.catalogueReplicas;
    await replicas.seen('gone-replica');
    await a.database.db.execute(
      sql`update catalogue_replicas set heartbeat_at = now() - interval '10 seconds' where id = 'gone-replica'`,
    );
    const change = await replicas.barrier();
    // Replicas a and b hear it within moments; the gone one is not waited for.
    expect(await behindOnceSettled(change, 0)).toBe(0);
    await replicas.remove('gone-replica');
  });

  it('marks every route that changes the catalogue, and no other', () => {
    const writes = a.app.registeredRoutes
      .filter((route) => route.catalogueWrite)
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(writes).toEqual([
      'DELETE /api/admin/categories/:id',
      'DELETE /api/me',
      'DELETE /api/me/dealer',
      'DELETE /api/seller-products/:id',
      'DELETE /api/user/:id',
      'PATCH /api/admin/categories/:id',
      'PATCH /api/me',
      'PATCH /api/orders/:id',
      'PATCH /api/products/:id',
      'POST /api/admin/categories',
      // What takes a car out of sale or brings it back, and what changes a rating.
      'POST /api/admin/products/:id/hide',
      'POST /api/admin/products/:id/restore',
      'POST /api/admin/reviews/:id/hide',
      'POST /api/admin/users/:id/suspend',
      'POST /api/admin/users/:id/unsuspend',
      'POST /api/category',
      // A change of e-mail moves the seller's address on each of their cars.
      'POST /api/email-change',
      'POST /api/email-change/undo',
      'POST /api/orders/:id/review',
      // What a seller's page shows, read on a standby.
      'POST /api/reviews/:id/reply',
      // A dealer's profile is in the seller block of each of their cars.
      'PUT /api/me/dealer',
      'PUT /api/seller-products/:id',
      'PUT /api/users',
      'PUT /api/users/verify/:id',
    ]);
  });

  it('keeps the cache when a barrier passes: only changes clear it', async () => {
    await read('/api/categories');
    const cached = b.catalogueCache.size;
    expect(cached).toBeGreaterThan(0);
    const change = await a.app.repos.catalogueReplicas.barrier();
    expect(await behindOnceSettled(change, 0)).toBe(0);
    expect(b.catalogueCache.size).toBe(cached);
  });
});

describe(`a catalogue write whose answer cannot be sent (${databaseKind})`, () => {
  it('answers 500 with its request id, and the server goes on answering', async () => {
    const ctx = await buildTestApp({ catalogueCacheMs: 1000 });
    const replica = await buildReplica(ctx, { catalogueCacheMs: 1000 });
    const { app } = replica;
    // A write whose answer Node refuses to send once the replicas have seen it (a header with a
    // line break): the error comes after the hook has handed the answer on.
    app.post('/api/broken-write', { config: { catalogueWrite: true } }, async (_request, reply) =>
      reply.header('x-broken', 'one\ntwo').send({ ok: true }),
    );
    const unheard: unknown[] = [];
    const listener = (reason: unknown) => unheard.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const broken = await fetch(`${address}/api/broken-write`, { method: 'POST' });
      expect(broken.status).toBe(500);
      expect(await broken.json()).toEqual({
        message: 'Something went wrong on our side',
        requestId: expect.any(String),
      });
      const health = await fetch(`${address}/api/health`);
      expect(health.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      process.off('unhandledRejection', listener);
      await replica.close();
      await ctx.close();
    }
    expect(unheard).toEqual([]);
  });
});
