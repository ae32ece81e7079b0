/**
 * Notices sent while a replica's LISTEN connection is lost (a failover: the old primary's
 * connections cut, the new one not yet listened on) still reach that replica's open streams once
 * it listens again: read back from the notifications table.
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
});
