/**
 * 'Booking and message e-mails' (account settings, `PATCH /api/me {bookingMails}`): on by
 * default; turned off, a booking's news and its messages are not mailed to the account, and the
 * bell still has them. The other party's mail is not touched.
 */
import {
  databaseKind,
  getAs,
  placeOrder,
  postProduct,
  registerUser,
  sendMessage,
  type TestContext,
  type TestUser,
} from '../../test/helper';
import {
  clearOutbox,
  closeMailTest,
  drain,
  mailWorker,
  openMailTest,
  type SmtpServer,
} from '../../test/mail-fixture';

describe(`booking and message e-mails turned off (${databaseKind})`, () => {
  let ctx: TestContext;
  let smtp: SmtpServer;
  beforeAll(async () => {
    ({ ctx, smtp } = await openMailTest());
  });
  afterAll(() => closeMailTest({ ctx, smtp }));

  const setBookingMails = (user: TestUser, bookingMails: unknown) =>
    ctx.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: user.auth,
      payload: { bookingMails },
    });
  const move = (user: TestUser, order: string, status: string) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order}`,
      headers: user.auth,
      payload: { status },
    });

  it('is on by default and refuses anything but true or false', async () => {
    const user = await registerUser(ctx.app, 'Buyer', 'mails-default');
    expect((await getAs(ctx.app, user, '/api/me')).json()).toMatchObject({ bookingMails: true });
    const bad = await setBookingMails(user, 'sometimes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/bookingMails/);
  });

  it("sends none of the account's booking and message mails while off; the bell keeps them", async () => {
    const seller = await registerUser(ctx.app, 'Seller', 'mails-seller');
    const buyer = await registerUser(ctx.app, 'Buyer', 'mails-quiet-buyer');
    const off = await setBookingMails(buyer, false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ bookingMails: false });

    const order = await placeOrder(ctx.app, buyer, await postProduct(ctx.app, seller));
    await drain(mailWorker({ ctx, smtp }));
    // The seller's mail of the new booking goes as before.
    expect(smtp.received.map((mail) => mail.to)).toEqual([seller.email]);
    smtp.received.length = 0;
    await clearOutbox(ctx);

    expect((await move(seller, order, 'accepted')).statusCode).toBe(200);
    expect((await sendMessage(ctx.app, seller, order, 'Come on Saturday')).statusCode).toBe(201);
    await drain(mailWorker({ ctx, smtp }));
    expect(smtp.received.filter((mail) => mail.to === buyer.email)).toEqual([]);
    const bell = (await getAs(ctx.app, buyer, '/api/notifications')).json() as unknown;
    expect(JSON.stringify(bell)).toContain(order);
    expect(JSON.stringify(bell)).toMatch(/message/);

    // Turned on again, the next one is mailed.
    expect((await setBookingMails(buyer, true)).statusCode).toBe(200);
    expect((await move(seller, order, 'sold')).statusCode).toBe(200);
    await drain(mailWorker({ ctx, smtp }));
    expect(smtp.received.map((mail) => mail.to)).toContain(buyer.email);
  });
});
