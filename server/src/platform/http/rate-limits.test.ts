import type { FastifyInstance } from 'fastify';
import {
  buildReplica,
  buildTestApp,
  databaseKind,
  placeOrder,
  postProduct,
  registerUser,
  sendMessage,
  type TestContext,
  type TestUser,
} from '../../../test/helper';

/**
 * Three replicas on one database, a load balancer's round robin between them: a limit holds once
 * for the cluster when the calls are counted in the database, and three times over when each
 * replica counts in its own memory (what the database store is for).
 */
describe(`rate limits across replicas (${databaseKind})`, () => {
  let first: TestContext;
  const others: Array<{ close: () => Promise<void> }> = [];
  let seller: TestUser;
  let cars: string[];

  beforeAll(async () => {
    first = await buildTestApp();
    seller = await registerUser(first.app, 'Seller');
    cars = [];
    for (let i = 0; i < 8; i += 1) cars.push(await postProduct(first.app, seller));
  });
  afterAll(async () => {
    for (const other of others) await other.close();
    await first.close();
  });

  /** Three replicas with the orders limit (3 an hour), counting in `store`. */
  async function cluster(store: 'memory' | 'database'): Promise<FastifyInstance[]> {
    const replicas: FastifyInstance[] = [];
    for (let i = 0; i < 3; i += 1) {
      const replica = await buildReplica(first, {
        rateLimits: { orders: { max: 3, windowSeconds: 3600 } },
        rateLimitStore: store,
      });
      const { app } = replica;
      await app.ready();
      others.push(replica);
      replicas.push(app);
    }
    return replicas;
  }

  /** Books car `i` as `buyer` from `address` on `replica`. */
  const book = (replica: FastifyInstance, buyer: TestUser, i: number, address: string) =>
    replica.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.auth,
      remoteAddress: address,
      payload: { buyerName: 'B', phone: '5551234567', meetLocation: 'Main St', productID: cars[i] },
    });

  it('holds once for the whole cluster when counted in the database', async () => {
    const replicas = await cluster('database');
    const buyer = await registerUser(first.app, 'Buyer', 'shared-limit');
    const answers: number[] = [];
    // Round robin: each replica gets every third call.
    for (let i = 0; i < 6; i += 1) {
      answers.push((await book(replicas[i % 3], buyer, i, `10.40.0.${i}`)).statusCode);
    }
    expect(answers).toEqual([201, 201, 201, 429, 429, 429]);
  });

  it('holds per address for the whole cluster too, whatever the account', async () => {
    const replicas = await cluster('database');
    const buyers = await Promise.all(
      [0, 1, 2, 3].map((i) => registerUser(first.app, 'Buyer', `address-${i}`)),
    );
    const answers = await Promise.all(
      buyers.map((buyer, i) => book(replicas[i % 3], buyer, 6 + (i % 2), '10.41.0.1')),
    );
    const codes = answers.map((answer) => answer.statusCode);
    // Four calls at once from one address: three counted in, the fourth refused.
    expect(codes.filter((code) => code === 429)).toHaveLength(1);
  });

  it('holds per IPv6 /64 network, whatever the address in it', async () => {
    const replicas = await cluster('database');
    const buyers = await Promise.all(
      [0, 1, 2, 3].map((i) => registerUser(first.app, 'Buyer', `network-${i}`)),
    );
    // One connection's /64 holds 2^64 addresses: a new one for each call starts no new count.
    const answers = await Promise.all(
      buyers.map((buyer, i) => book(replicas[i % 3], buyer, 6 + (i % 2), `2001:db8:41::${i + 1}`)),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 429)).toHaveLength(1);
  });

  it('holds a message limit once for two replicas on one database, each window counted', async () => {
    const replicas: FastifyInstance[] = [];
    for (let i = 0; i < 2; i += 1) {
      const replica = await buildReplica(first, {
        rateLimits: {
          messages: [
            { max: 5, windowSeconds: 60 },
            { max: 4, windowSeconds: 3600 },
          ],
        },
        rateLimitStore: 'database',
      });
      await replica.app.ready();
      others.push(replica);
      replicas.push(replica.app);
    }
    const buyer = await registerUser(first.app, 'Buyer', 'shared-messages');
    const order = await placeOrder(first.app, buyer, cars[7]!);
    const answers = await Promise.all(
      [0, 1, 2, 3, 4, 5, 6, 7].map((i) =>
        sendMessage(replicas[i % 2]!, buyer, order, `Message ${i}`, `10.43.0.${i}`),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    // The hour's four, whichever replica took them; the rest told how long is left of it.
    expect(codes).toEqual([201, 201, 201, 201, 429, 429, 429, 429]);
    for (const answer of answers.filter((a) => a.statusCode === 429)) {
      expect(answer.json().message).toMatch(/^You are sending messages too fast: wait /);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(60);
    }
  });

  it('would allow three times the limit if each replica counted alone', async () => {
    const replicas = await cluster('memory');
    const buyer = await registerUser(first.app, 'Buyer', 'memory-limit');
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      answers.push((await book(replicas[i % 3], buyer, i, `10.42.0.${i}`)).statusCode);
    }
    expect(answers.filter((code) => code === 429)).toHaveLength(0);
  });
});
