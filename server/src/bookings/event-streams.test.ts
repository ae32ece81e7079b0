/**
 * The live event stream is bounded: at most 5 per account on one server process (a 6th closes
 * the oldest), a number per address (more answer 429), only for accounts with a record (409
 * before `PUT /users`), and a stream ends when its access token expires or its account is
 * deleted, on every replica (the deletion is an event of its own on `cardealer_events`).
 */
import type { FastifyInstance } from 'fastify';
import { clientNetwork } from '../platform/http/client-network';
import {
  accessTokenFor,
  buildReplica,
  buildTestApp,
  databaseKind,
  registerUser,
  signUp,
  type TestContext,
  type TestUser,
  uidOf,
  uniqueEmail,
} from '../../test/helper';

/** An open stream: its text so far, and whether the server ended it. */
interface Stream {
  text(): string;
  /** Resolves once the text matches. */
  waitFor(pattern: RegExp): Promise<void>;
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  isEnded(): boolean;
  leave(): void;
}

async function openStream(address: string, auth: { authorization: string }): Promise<Stream> {
  const leave = new AbortController();
  const response = await fetch(`${address}/api/events`, { headers: auth, signal: leave.signal });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let done = false;
  const waiters = new Set<() => void>();
  const ended = (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
        for (const wake of waiters) wake();
      }
    } catch {
      // Left by the test.
    }
    done = true;
    for (const wake of waiters) wake();
  })();
  const stream: Stream = {
    text: () => text,
    waitFor: (pattern) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (pattern.test(text)) {
            waiters.delete(check);
            resolve();
          } else if (done) {
            waiters.delete(check);
            reject(new Error(`the stream ended without ${pattern}: ${text}`));
          }
        };
        waiters.add(check);
        check();
      }),
    ended,
    isEnded: () => done,
    leave: () => leave.abort(),
  };
  // Subscribed once the first event has come.
  await stream.waitFor(/event: unread/);
  return stream;
}

/** Resolves with true when the stream ends within `ms`, false otherwise. */
const endsWithin = (stream: Stream, ms: number) =>
  Promise.race([
    stream.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

describe(`event streams (${databaseKind})`, () => {
  let ctx: TestContext;
  let address: string;
  let admin: TestUser;
  const open: Stream[] = [];

  beforeAll(async () => {
    ctx = await buildTestApp();
    address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await registerUser(ctx.app, 'Admin');
  });
  afterEach(() => {
    for (const stream of open.splice(0)) stream.leave();
  });
  afterAll(() => ctx.close());

  const stream = async (at: string, auth: { authorization: string }) => {
    const opened = await openStream(at, auth);
    open.push(opened);
    return opened;
  };

  const deleteAccount = async (user: TestUser) => {
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/${user._id}`,
      headers: admin.auth,
    });
    expect(response.statusCode).toBe(200);
  };

  it('keeps at most 5 streams per account: a 6th closes the oldest', async () => {
    const buyer = await registerUser(ctx.app, 'Buyer', 'many-streams');
    const other = await registerUser(ctx.app, 'Buyer', 'other-streams');
    const theirs = await stream(address, other.auth);
    const streams: Stream[] = [];
    for (let i = 0; i < 5; i += 1) streams.push(await stream(address, buyer.auth));
    // Five are allowed.
    expect(await endsWithin(streams[0]!, 300)).toBe(false);

    const sixth = await stream(address, buyer.auth);
    expect(await endsWithin(streams[0]!, 2000)).toBe(true);
    expect(streams[0]!.text()).toMatch(/event: end\ndata: \{"reason":"replaced"\}/);
    for (const kept of [...streams.slice(1), sixth, theirs]) expect(kept.isEnded()).toBe(false);
  });

  it('refuses a stream to an address that holds its limit (429 with a message), until one ends', async () => {
    const replica = await buildReplica(ctx, { streamsPerAddress: 2 });
    try {
      const at = await replica.app.listen({ port: 0, host: '127.0.0.1' });
      const [first, second, third] = await Promise.all(
        ['cap-a', 'cap-b', 'cap-c'].map((label) => registerUser(ctx.app, 'Buyer', label)),
      );
      // Two accounts, one address: the limit counts the address, whoever signed in.
      const held = await stream(at, first!.auth);
      await stream(at, second!.auth);
      // The same address (inject's is 127.0.0.1 too), with no connection left for `close` to wait on.
      const refused = await replica.app.inject({ url: '/api/events', headers: third!.auth });
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ message: string }>().message).toBe(
        'Too many live event streams from this address: at most 2 at once; close another tab or try again later',
      );
      // The refused call held nothing; a stream left gives its place back once the server sees it.
      held.leave();
      const network = clientNetwork('127.0.0.1');
      while (replica.app.events.streams.addressCount(network) > 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await stream(at, third!.auth);
    } finally {
      for (const opened of open.splice(0)) opened.leave();
      // Its streams' connections at once (a closing server waits for a client's keep-alive).
      replica.app.server.closeAllConnections();
      await replica.close();
    }
  });

  it('opens no stream for a sign-in account without its user record (409 with a message)', async () => {
    const email = uniqueEmail('no-record');
    const idToken = await signUp(email);
    const accessToken = await accessTokenFor(ctx.app, email, idToken);
    const response = await ctx.app.inject({
      url: '/api/events',
      headers: { authorization: `bearer ${accessToken}` },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(
      'This account has no user record yet: finish the registration (PUT /api/users), then open the live events',
    );
    expect(ctx.app.events.streams.count(uidOf(idToken))).toBe(0);
  });

  it("ends a deleted account's streams, on this server and on another replica", async () => {
    const buyer = await registerUser(ctx.app, 'Buyer', 'deleted-stream');
    const replica = await buildReplica(ctx);
    try {
      const replicaAddress = await replica.app.listen({ port: 0, host: '127.0.0.1' });
      const here = await stream(address, buyer.auth);
      const there = await stream(replicaAddress, buyer.auth);
      await deleteAccount(buyer);
      expect(await endsWithin(here, 3000)).toBe(true);
      expect(await endsWithin(there, 3000)).toBe(true);
      for (const ended of [here, there]) {
        expect(ended.text()).toMatch(/event: end\ndata: \{"reason":"deleted"\}/);
      }
      // And it cannot open another.
      const again = await fetch(`${replicaAddress}/api/events`, { headers: buyer.auth });
      expect(again.status).toBe(401);
    } finally {
      await replica.close();
    }
  });

  it('ends a stream when its access token expires', async () => {
    const buyer = await registerUser(ctx.app, 'Buyer', 'expiring-stream');
    const app: FastifyInstance = ctx.app;
    const shortLived = app.jwt.sign({ email: buyer.email, uid: buyer.uid }, { expiresIn: 2 });
    const started = Date.now();
    const expiring = await stream(address, { authorization: `bearer ${shortLived}` });
    expect(await endsWithin(expiring, 4000)).toBe(true);
    // Not at once: the token had a second or two left.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(expiring.text()).toMatch(/event: end\ndata: \{"reason":"expired"\}/);
  });
});
