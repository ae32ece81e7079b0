/**
 * Deals: a booking the seller answers. Every move × every state × every caller, the order of the
 * refusals, what marking sold does to the car and the other bookings, the conversation, the
 * notifications and the live stream.
 */
import { eq } from 'drizzle-orm';
import type { OrderStatus } from '../platform/db/schema';
import { orders } from '../platform/db/schema';
import { MOVES, type Move } from './order-states';
import {
  buildTestApp,
  databaseKind,
  getAs,
  placeOrder,
  postProduct,
  registerUser,
  sendMessage,
  tableHashes,
  type TestContext,
  type TestUser,
} from '../../test/helper';

const STATES: OrderStatus[] = ['requested', 'accepted', 'declined', 'cancelled', 'sold'];
const ACTORS = ['buyer', 'seller', 'otherSeller', 'admin'] as const;
type Actor = (typeof ACTORS)[number];

/** What each actor gets for each move from each state. */
function expected(from: OrderStatus, move: Move, actor: Actor): number {
  if (actor === 'otherSeller' || actor === 'admin') return 404;
  if (MOVES[move].by !== actor) return 403;
  return MOVES[move].from.includes(from) ? 200 : 409;
}

const table = STATES.flatMap((from) =>
  (Object.keys(MOVES) as Move[]).flatMap((move) =>
    ACTORS.map((actor) => [from, move, actor, expected(from, move, actor)] as const),
  ),
);

describe(`deals (${databaseKind})`, () => {
  let ctx: TestContext;
  let buyer: TestUser;
  let otherBuyer: TestUser;
  let seller: TestUser;
  let otherSeller: TestUser;
  let admin: TestUser;
  const users = () => ({ buyer, seller, otherSeller, admin });
  beforeAll(async () => {
    ctx = await buildTestApp();
    [buyer, otherBuyer, seller, otherSeller, admin] = await Promise.all([
      registerUser(ctx.app, 'Buyer'),
      registerUser(ctx.app, 'Buyer', 'other-buyer'),
      registerUser(ctx.app, 'Seller'),
      registerUser(ctx.app, 'Seller', 'other-seller'),
      registerUser(ctx.app, 'Admin'),
    ]);
  });
  afterAll(() => ctx.close());

  const patch = (user: TestUser, id: string, payload: object) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/orders/${id}`, headers: user.auth, payload });
  const get = (user: TestUser, url: string) => getAs(ctx.app, user, url);
  const book = (user: TestUser, productID: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: user.auth,
      payload: { buyerName: user.name, phone: '5551234567', meetLocation: 'Main St', productID },
    });

  /** A booking by `buyer` of a new car of `seller`, put in state `status`. */
  async function bookingIn(status: OrderStatus): Promise<string> {
    const id = await placeOrder(ctx.app, buyer, await postProduct(ctx.app, seller));
    const path: Record<OrderStatus, Move[]> = {
      requested: [],
      accepted: ['accepted'],
      declined: ['declined'],
      cancelled: ['cancelled'],
      sold: ['accepted', 'sold'],
    };
    for (const move of path[status]) {
      const who = MOVES[move].by === 'buyer' ? buyer : seller;
      expect((await patch(who, id, { status: move })).statusCode).toBe(200);
    }
    return id;
  }

  it.each(table)('from %s, %s by the %s answers %i', async (from, move, actor, status) => {
    const id = await bookingIn(from);
    const before = await tableHashes(ctx.database.db);
    const response = await patch(users()[actor], id, { status: move });
    expect(response.statusCode).toBe(status);
    if (status === 200) {
      expect(response.json()).toMatchObject({ _id: id, status: move });
      const history = (response.json() as { history: { status: string }[] }).history;
      expect(history.map((step) => step.status).at(-1)).toBe(move);
    } else {
      expect(await tableHashes(ctx.database.db)).toEqual(before);
      const message = (response.json() as { message: string }).message;
      if (status === 409) expect(message).toBe(`status: the booking is ${from}`);
      if (status === 404) expect(message).toBe('id: no such booking');
    }
  });

  it('checks in order: a malformed body 400, not a party 404, the wrong party 403', async () => {
    const id = await bookingIn('requested');
    expect((await patch(otherSeller, id, { status: 'bogus' })).statusCode).toBe(400);
    expect((await patch(admin, id, { status: 'accepted' })).statusCode).toBe(404);
    expect((await patch(buyer, id, { status: 'accepted' })).json()).toEqual({
      message: "status: only the car's seller may make a booking accepted",
    });
    expect(
      (await patch(seller, '0123456789abcdef01234567', { status: 'accepted' })).statusCode,
    ).toBe(404);
    expect(
      (await patch(seller, id, { status: 'declined', reason: 'x'.repeat(501) })).statusCode,
    ).toBe(400);
  });

  it('holds one open booking per buyer and car; a cancelled one may be made again', async () => {
    const car = await postProduct(ctx.app, seller);
    const first = await book(buyer, car);
    expect(first.statusCode).toBe(201);
    const again = await book(buyer, car);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You already booked this car' });
    expect((await book(otherBuyer, car)).statusCode).toBe(201);
    expect((await patch(buyer, first.json().insertedId, { status: 'cancelled' })).statusCode).toBe(
      200,
    );
    expect((await book(buyer, car)).statusCode).toBe(201);
  });

  it('marks sold: the car leaves every list for sale, the other bookings are declined', async () => {
    const car = await postProduct(ctx.app, seller, { carName: 'Sold Soon', categoryName: 'BMW' });
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/seller-products/${car}`,
      headers: seller.auth,
    });
    const countOf = async () =>
      (await ctx.app.inject({ url: '/api/category-products/BMW?limit=1' })).headers[
        'x-total-count'
      ];
    const countBefore = await countOf();
    const mine = await placeOrder(ctx.app, buyer, car);
    const theirs = await placeOrder(ctx.app, otherBuyer, car);
    await patch(seller, mine, { status: 'accepted' });
    await patch(seller, theirs, { status: 'accepted' });
    const sold = await patch(seller, mine, { status: 'sold' });
    expect(sold.statusCode).toBe(200);

    const other = await get(otherBuyer, `/api/orders/${theirs}`);
    expect(other.json()).toMatchObject({ status: 'declined', reason: 'Sold to another buyer' });
    const names = async (url: string) =>
      ((await ctx.app.inject({ url })).json() as { carName: string }[]).map((p) => p.carName);
    expect(await names('/api/advertisment')).not.toContain('Sold Soon');
    expect(await names('/api/category-products/BMW')).not.toContain('Sold Soon');
    expect(Number(await countOf())).toBe(Number(countBefore) - 1);
    // The seller still sees it, marked sold; it cannot be advertised or booked again.
    const listed = await get(seller, `/api/seller-products/${seller.email}`);
    expect(
      (listed.json() as { _id: string; sold: boolean }[]).find((p) => p._id === car),
    ).toMatchObject({ sold: true, advertisement: 'false' });
    const advertise = await ctx.app.inject({
      method: 'PUT',
      url: `/api/seller-products/${car}`,
      headers: seller.auth,
    });
    expect(advertise.statusCode).toBe(409);
    expect(advertise.json()).toEqual({ message: 'This car has been sold' });
    const late = await book(admin.role === 'Admin' ? otherBuyer : buyer, car);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'This car has been sold' });
  });

  it('lets exactly one of two parallel Mark as sold on one car win', async () => {
    const car = await postProduct(ctx.app, seller);
    const a = await placeOrder(ctx.app, buyer, car);
    const b = await placeOrder(ctx.app, otherBuyer, car);
    await patch(seller, a, { status: 'accepted' });
    await patch(seller, b, { status: 'accepted' });
    const answers = await Promise.all([
      patch(seller, a, { status: 'sold' }),
      patch(seller, b, { status: 'sold' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await ctx.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.productID, car));
    expect(rows.map((r) => r.status).sort()).toEqual(['declined', 'sold']);
  });

  it('lists the bookings on a seller’s cars (filtered, paged) and every booking for an admin', async () => {
    const car = await postProduct(ctx.app, otherSeller, { carName: 'Listed' });
    const id = await placeOrder(ctx.app, buyer, car);
    const list = await get(otherSeller, '/api/seller-orders?status=requested&limit=5');
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toMatchObject({
      _id: id,
      buyerName: buyer.name,
      buyerEmail: buyer.email,
      phone: '5551234567',
      meetLocation: 'Main St',
      productName: 'Listed',
      status: 'requested',
    });
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    const accepted = await get(otherSeller, '/api/seller-orders?status=accepted');
    expect((accepted.json() as { _id: string }[]).map((o) => o._id)).not.toContain(id);
    expect((await get(otherSeller, '/api/seller-orders?status=lost')).statusCode).toBe(400);
    const all = await get(admin, '/api/admin/orders?limit=100');
    expect((all.json() as { _id: string }[]).map((o) => o._id)).toContain(id);
  });

  it('keeps a conversation between the two parties, as plain text', async () => {
    const id = await bookingIn('requested');
    const say = (user: TestUser, text: string) => sendMessage(ctx.app, user, id, text);
    expect((await say(buyer, 'Is it still available?')).statusCode).toBe(201);
    expect((await say(seller, '<script>alert(1)</script> Yes!')).statusCode).toBe(201);
    expect((await say(otherSeller, 'Me too')).statusCode).toBe(404);
    expect((await say(buyer, '   ')).statusCode).toBe(400);
    expect((await say(buyer, 'x'.repeat(2001))).statusCode).toBe(400);
    const thread = await get(seller, `/api/orders/${id}/messages`);
    expect(
      (thread.json() as { senderEmail: string; text: string }[]).map((m) => [
        m.senderEmail,
        m.text,
      ]),
    ).toEqual([
      [buyer.email, 'Is it still available?'],
      [seller.email, '<script>alert(1)</script> Yes!'],
    ]);
  });

  it('notifies the party who did not act, and marks notifications read', async () => {
    const fresh = await registerUser(ctx.app, 'Seller', 'notified-seller');
    const car = await postProduct(ctx.app, fresh, { carName: 'Bell Car' });
    const id = await placeOrder(ctx.app, buyer, car);
    const inbox = await get(fresh, '/api/notifications');
    expect(inbox.json()).toMatchObject({
      unread: 1,
      items: [{ orderId: id, kind: 'booking', text: `${buyer.name} booked Bell Car`, read: false }],
    });
    // The buyer caused it: nothing for them about this booking.
    const buyers = (await get(buyer, '/api/notifications')).json() as {
      items: { orderId: string }[];
    };
    expect(buyers.items.some((n) => n.orderId === id)).toBe(false);
    await patch(fresh, id, { status: 'declined', reason: 'Already promised' });
    const told = (await get(buyer, '/api/notifications')).json() as {
      items: { orderId: string; text: string }[];
    };
    expect(told.items[0]).toMatchObject({
      orderId: id,
      text: 'Your booking of Bell Car was declined: Already promised',
    });
    const read = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: fresh.auth,
      payload: {},
    });
    expect(read.json()).toEqual({ modifiedCount: 1, unread: 0 });
  });

  it('streams a new booking to the seller within 2 seconds, and refuses a stream without a token', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    expect((await fetch(`${address}/api/events`)).status).toBe(401);
    const fresh = await registerUser(ctx.app, 'Seller', 'live-seller');
    const car = await postProduct(ctx.app, fresh, { carName: 'Live Car' });
    const leave = new AbortController();
    const stream = await fetch(`${address}/api/events`, {
      headers: fresh.auth,
      signal: leave.signal,
    });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = stream.body!.getReader();
    let text = '';
    const read = async (until: RegExp) => {
      while (!until.test(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    };
    await read(/event: unread\ndata: \{"unread":0\}/);
    const started = Date.now();
    const id = await placeOrder(ctx.app, buyer, car);
    await read(/event: notification/);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(text).toContain(`"orderId":"${id}","kind":"booking","unread":1`);
    leave.abort();
  });
});
