/**
 * A booking and a booking's message sent with an `Idempotency-Key` are safe to send again: a
 * repeat answers the first answer (the same id) and writes nothing; the same key with another
 * body answers 422; two at once make one booking; another account's key is its own; a bad key
 * answers 400. On both engines (on PostgreSQL the two at once are truly concurrent).
 */
import { sql } from 'drizzle-orm';
import {
  buildTestApp,
  databaseKind,
  placeOrder,
  postProduct,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';

describe(`writes with an Idempotency-Key (${databaseKind})`, () => {
  let ctx: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    ctx = await buildTestApp();
    seller = await registerUser(ctx.app, 'Seller');
    buyer = await registerUser(ctx.app, 'Buyer');
    other = await registerUser(ctx.app, 'Buyer', 'other');
  });
  afterAll(() => ctx.close());

  const book = (user: TestUser, productID: string, key?: string, meetLocation = 'Main St') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...user.auth, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: { buyerName: user.name, phone: '5551234567', meetLocation, productID },
    });
  const write = (user: TestUser, order: string, text: string, key: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order}/messages`,
      headers: { ...user.auth, 'idempotency-key': key },
      payload: { text },
    });
  const bookingsOf = async (user: TestUser) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/orders?email=${encodeURIComponent(user.email)}`,
        headers: user.auth,
      })
    ).json() as { _id: string; productID: string }[];
  const bookingsOn = async (user: TestUser, car: string) =>
    (await bookingsOf(user)).filter((booking) => booking.productID === car);
  const car = (name: string) => postProduct(ctx.app, seller, { carName: name });

  it('a repeat with the same key and body answers the same booking and writes none', async () => {
    const id = await car('Idempotent Honda Civic');
    const first = await book(buyer, id, 'booking-key-1');
    const again = await book(buyer, id, 'booking-key-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await bookingsOn(buyer, id)).map((booking) => booking._id)).toEqual([
      first.json().insertedId,
    ]);
  });

  it('the same key with a different body answers 422 naming the key, and writes nothing', async () => {
    const one = await car('Keyed Mazda 3');
    const two = await car('Keyed Mazda 6');
    expect((await book(buyer, one, 'booking-key-2')).statusCode).toBe(201);
    const reused = await book(buyer, two, 'booking-key-2');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toMatch(/^Idempotency-Key: /);
    expect(await bookingsOn(buyer, two)).toEqual([]);
    // Another place on the same car is another request too.
    expect((await book(buyer, one, 'booking-key-2', 'Elm St')).statusCode).toBe(422);
  });

  it('two requests with one key at the same moment make one booking, both answered with it', async () => {
    const id = await car('Concurrent Kia Ceed');
    const answers = await Promise.all([1, 2, 3].map(() => book(buyer, id, 'booking-key-3')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set(answers.map((answer) => answer.json().insertedId as string));
    expect(ids.size).toBe(1);
    expect((await bookingsOn(buyer, id)).map((booking) => booking._id)).toEqual([...ids]);
  });

  it("another account's key never matches: the same key books for each", async () => {
    const id = await car('Shared-key Skoda Octavia');
    const mine = await book(buyer, id, 'booking-key-4');
    const theirs = await book(other, id, 'booking-key-4');
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().insertedId).not.toBe(mine.json().insertedId);
    expect(await bookingsOn(other, id)).toHaveLength(1);
  });

  it('a bad key answers 400 naming it, and writes nothing', async () => {
    const id = await car('Bad-key Fiat 500');
    for (const key of ['', 'k'.repeat(201), 'tab\there']) {
      const answer = await book(buyer, id, key);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(
        'idempotency-key: must be 1 to 200 printable ASCII characters',
      );
    }
    expect(await bookingsOn(buyer, id)).toEqual([]);
    expect((await book(buyer, id, 'k'.repeat(200))).statusCode).toBe(201);
  });

  it('a refused booking keeps nothing with its key; a key is kept 24 hours', async () => {
    const id = await car('Sold-out Seat Leon');
    await placeOrder(ctx.app, other, id);
    expect((await book(other, id, 'booking-key-5')).statusCode).toBe(409);
    // Nothing kept: the key is free for another request.
    const next = await car('Next Seat Ibiza');
    expect((await book(other, next, 'booking-key-5')).statusCode).toBe(201);
    await ctx.database.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'booking-key-5'`,
    );
    const later = await car('Later Seat Arona');
    expect((await book(other, later, 'booking-key-5')).statusCode).toBe(201);
  });

  it("a message repeated with its key is in the conversation once; another text's 422", async () => {
    const id = await car('Chatty Opel Astra');
    const booking = await placeOrder(ctx.app, buyer, id);
    const first = await write(buyer, booking, 'Is it still available?', 'message-key-1');
    const again = await write(buyer, booking, 'Is it still available?', 'message-key-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const other = await write(buyer, booking, 'Something else', 'message-key-1');
    expect(other.statusCode).toBe(422);
    // The seller's own key of the same text is the seller's message.
    expect(
      (await write(seller, booking, 'Is it still available?', 'message-key-1')).statusCode,
    ).toBe(201);
    const conversation = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${booking}/messages`,
      headers: buyer.auth,
    });
    expect(conversation.json().map((message: { text: string }) => message.text)).toEqual([
      'Is it still available?',
      'Is it still available?',
    ]);
  });
});
