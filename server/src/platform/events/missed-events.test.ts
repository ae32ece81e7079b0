/**
 * Notices sent while a replica's LISTEN connection is lost (a failover: the old primary's
 * connections cut, the new one not yet listened on) still reach that replica's open streams once
 * it listens again: read back from the notifications table. So do the ends of accounts deleted,
 * suspended or signed out everywhere meanwhile: read from their records.
 */
import { sql } from 'drizzle-orm';
import {
  buildReplica,
  buildTestApp,
  databaseKind,
  placeOrder,
  postProduct,
  registerUser,
  sendMessage,
  type TestContext,
} from '../../../test/helper';
import { deafenedListen, relayedListen, type LostListen } from '../../../test/lost-listen';

/** The database URL of the test app's own database. */
async function urlOf(ctx: TestContext): Promise<string> {
  const result = await ctx.database.db.execute(sql`select current_database() as name`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${(result as unknown as { rows: { name: string }[] }).rows[0]!.name}`;
  return url.toString();
}

/** Reads a stream's text as it comes; `seen` waits (at most `ms`) until it matches. */
async function readStream(address: string, authorization: string) {
  const leave = new AbortController();
  const response = await fetch(`${address}/api/events`, {
    headers: { authorization },
    signal: leave.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) return;
      text += decoder.decode(chunk.value, { stream: true });
    }
  })();
  const seen = async (pattern: RegExp, ms: number) => {
    const deadline = Date.now() + ms;
    while (!pattern.test(text) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return pattern.test(text);
  };
  return { seen, text: () => text, leave: () => leave.abort() };
}

describe(`live notices across a lost LISTEN connection (${databaseKind})`, () => {
  let ctx: TestContext;
  let lost: LostListen;
  let replica: Awaited<ReturnType<typeof buildReplica>>;
  let address: string;
  beforeAll(async () => {
    ctx = await buildTestApp();
    lost =
      databaseKind === 'postgres'
        ? await relayedListen(await urlOf(ctx))
        : deafenedListen(ctx.database);
    replica = await buildReplica(ctx, { listen: lost.listen });
    address = await replica.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await replica?.close();
    await lost?.close();
    await ctx?.close();
  });

  it("tells a stream the message sent while its replica's LISTEN connection was lost, once it listens again", async () => {
    const seller = await registerUser(ctx.app, 'Seller');
    const buyer = await registerUser(ctx.app, 'Buyer');
    const order = await placeOrder(ctx.app, buyer, await postProduct(ctx.app, seller));
    const stream = await readStream(address, buyer.auth.authorization);
    try {
      expect(await stream.seen(/event: unread/, 5_000)).toBe(true);
      // Heard as it is sent while the connection is there.
      expect((await sendMessage(ctx.app, seller, order, 'Before the cut')).statusCode).toBe(201);
      expect(await stream.seen(/"kind":"message"/, 5_000)).toBe(true);
      const heardBefore = stream.text().match(/event: notification/g)!.length;

      await lost.cut();
      expect((await sendMessage(ctx.app, seller, order, 'During the cut')).statusCode).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const during = new RegExp(`(event: notification[^]*){${heardBefore + 1}}`);
      expect(await stream.seen(during, 0)).toBe(false);
      await lost.resume();

      // Listening again, the replica reads back what it missed and tells the stream.
      expect(await stream.seen(during, 15_000)).toBe(true);
      expect(stream.text()).toMatch(
        new RegExp(`event: notification\\ndata: \\{"orderId":"${order}","kind":"message"`),
      );
    } finally {
      stream.leave();
    }
  }, 60_000);

  it("ends the streams of accounts suspended, signed out everywhere or deleted while the replica's LISTEN connection was lost, and no one else's", async () => {
    const [admin, suspended, signedOut, bystander, deleted] = await Promise.all([
      registerUser(ctx.app, 'Admin', 'gap-admin'),
      registerUser(ctx.app, 'Buyer', 'gap-suspended'),
      registerUser(ctx.app, 'Buyer', 'gap-signed-out'),
      registerUser(ctx.app, 'Buyer', 'gap-bystander'),
      registerUser(ctx.app, 'Buyer', 'gap-deleted'),
    ]);
    const streams = await Promise.all(
      [suspended, signedOut, bystander, deleted].map((user) =>
        readStream(address, user.auth.authorization),
      ),
    );
    try {
      for (const stream of streams) expect(await stream.seen(/event: unread/, 5_000)).toBe(true);
      await lost.cut();
      const suspend = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/users/${suspended._id}/suspend`,
        headers: admin.auth,
        payload: { reason: 'Spam' },
      });
      expect(suspend.statusCode).toBe(200);
      const signOut = await ctx.app.inject({
        method: 'POST',
        url: '/api/me/sign-out-everywhere',
        headers: signedOut.auth,
      });
      expect(signOut.statusCode).toBeLessThan(300);
      const close = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/me',
        headers: deleted.auth,
        payload: { confirm: 'delete my account' },
      });
      expect(close.statusCode).toBeLessThan(300);
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const stream of streams) expect(await stream.seen(/event: end/, 0)).toBe(false);
      await lost.resume();

      const [ofSuspended, ofSignedOut, ofBystander, ofDeleted] = streams;
      expect(await ofSuspended!.seen(/event: end\ndata: \{"reason":"suspended"\}/, 15_000)).toBe(
        true,
      );
      expect(await ofSignedOut!.seen(/event: end\ndata: \{"reason":"signed-out"\}/, 15_000)).toBe(
        true,
      );
      expect(await ofDeleted!.seen(/event: end\ndata: \{"reason":"deleted"\}/, 15_000)).toBe(true);
      expect(await ofBystander!.seen(/event: end/, 1_000)).toBe(false);
    } finally {
      for (const stream of streams) stream.leave();
    }
  }, 60_000);
});
