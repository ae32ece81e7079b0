/**
 * A declined or cancelled booking's conversation is closed: its parties still read it, nobody
 * writes in it (nor reaches the other party through it). Requested, accepted and sold bookings
 * keep theirs.
 */
import { sql } from 'drizzle-orm';
import {
  buildTestApp,
  databaseKind,
  getAs,
  placeOrder,
  postProduct,
  registerUser,
  sendMessage,
  type TestContext,
  type TestUser,
} from '../../test/helper';

describe(`closed bookings' conversations (${databaseKind})`, () => {
  let ctx: TestContext;
  let buyer: TestUser;
  let seller: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp();
    [buyer, seller] = await Promise.all([
      registerUser(ctx.app, 'Buyer', 'closed-buyer'),
      registerUser(ctx.app, 'Seller', 'closed-seller'),
    ]);
  });
  afterAll(() => ctx.close());

  const move = (user: TestUser, id: string, status: string) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${id}`,
      headers: user.auth,
      payload: { status },
    });
  const say = (user: TestUser, id: string, text: string) => sendMessage(ctx.app, user, id, text);
  const read = (user: TestUser, id: string) => getAs(ctx.app, user, `/api/orders/${id}/messages`);

  /** A booking of a new car, taken through these moves, with one message said before them. */
  async function booking(moves: [TestUser, string][]): Promise<string> {
    const id = await placeOrder(ctx.app, buyer, await postProduct(ctx.app, seller));
    expect((await say(buyer, id, 'Before')).statusCode).toBe(201);
    for (const [user, status] of moves) expect((await move(user, id, status)).statusCode).toBe(200);
    return id;
  }

  const notificationsOf = async (id: string) => {
    const result = (await ctx.database.db.execute(
      sql`select count(*)::int as n from notifications where order_id = ${id} and kind = 'message'`,
    )) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]!.n);
  };

  it.each([
    ['declined', () => [[seller, 'declined']] as [TestUser, string][]],
    ['cancelled', () => [[buyer, 'cancelled']] as [TestUser, string][]],
  ])(
    'refuses a message on a %s booking with 409, and its parties still read it',
    async (_, moves) => {
      const id = await booking(moves());
      for (const user of [buyer, seller]) {
        const refused = await say(user, id, 'After');
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({ message: 'This booking is closed' });
      }
      expect(await notificationsOf(id)).toBe(1);
      for (const user of [buyer, seller]) {
        const thread = await read(user, id);
        expect(thread.statusCode).toBe(200);
        expect((thread.json() as { text: string }[]).map((m) => m.text)).toEqual(['Before']);
      }
      // Not a party: still told there is no such booking.
      const stranger = await registerUser(ctx.app, 'Buyer', 'closed-stranger');
      expect((await say(stranger, id, 'Hi')).statusCode).toBe(404);
    },
  );

  it.each([
    ['requested', () => [] as [TestUser, string][]],
    ['accepted', () => [[seller, 'accepted']] as [TestUser, string][]],
    [
      'sold',
      () =>
        [
          [seller, 'accepted'],
          [seller, 'sold'],
        ] as [TestUser, string][],
    ],
  ])('keeps the conversation of a booking that is %s', async (_, moves) => {
    const id = await booking(moves());
    expect((await say(seller, id, 'After')).statusCode).toBe(201);
    expect((await say(buyer, id, 'Thanks')).statusCode).toBe(201);
    const thread = await read(buyer, id);
    expect(thread.statusCode).toBe(200);
    expect((thread.json() as { text: string }[]).map((m) => m.text)).toEqual([
      'Before',
      'After',
      'Thanks',
    ]);
  });
});
