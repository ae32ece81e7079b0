/** An alert reaches its owner's live event stream (the bell) as the matcher writes it. */
import { MATCH_ON_DEMAND, saveSearch } from '../../test/alert-fixture';
import {
  buildTestApp,
  databaseKind,
  postProduct,
  registerUser,
  type TestContext,
} from '../../test/helper';

describe(`alerts, live (${databaseKind})`, () => {
  let ctx: TestContext;
  let address: string;

  beforeAll(async () => {
    ctx = await buildTestApp(MATCH_ON_DEMAND);
    address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  it("tells the search's owner's open stream of a new match", async () => {
    const [buyer, seller] = await Promise.all([
      registerUser(ctx.app, 'Buyer'),
      registerUser(ctx.app, 'Seller'),
    ]);
    await saveSearch(ctx.app, buyer, 'category=Ferrari');
    const leave = new AbortController();
    const response = await fetch(`${address}/api/events`, {
      headers: buyer.auth,
      signal: leave.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const until = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const chunk = await reader.read();
        if (chunk.done) throw new Error(`the stream ended without ${pattern}: ${text}`);
        text += decoder.decode(chunk.value, { stream: true });
      }
    };
    try {
      await until(/event: unread\ndata: \{"unread":0\}/);
      await postProduct(ctx.app, seller, { categoryName: 'Ferrari' });
      await ctx.app.alertMatching.run();
      await until(/event: notification\ndata: [^\n]*"kind":"match"[^\n]*"unread":1/);
    } finally {
      leave.abort();
    }
  });
});
