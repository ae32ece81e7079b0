import { sql } from 'drizzle-orm';
import {
  databaseKind,
  placeOrder,
  postProduct,
  registerUser,
  sendMessage,
  type TestContext,
} from '../../../test/helper';
import {
  closeMailTest,
  drain as drainWorker,
  mailWorker,
  openMailTest,
  type SmtpServer,
} from '../../../test/mail-fixture';
import { oneLine, quoted } from './mail-text';

/** The platform's own link line: nothing a user writes may start a line like it. */
const LINK = /^Open the booking: /;

describe(`users' words in e-mail (${databaseKind})`, () => {
  let ctx: TestContext;
  let smtp: SmtpServer;
  beforeAll(async () => ({ ctx, smtp } = await openMailTest()));
  afterAll(() => closeMailTest({ ctx, smtp }));
  beforeEach(() => {
    smtp.received.length = 0;
    smtp.raw.length = 0;
  });

  const drain = () => drainWorker(mailWorker({ ctx, smtp }));
  /** Each line of a mail's text that holds `what` is quoted; the platform's link is its own. */
  const expectOnlyQuoted = (text: string, what: string, order: string) => {
    const lines = text.split('\n');
    const holding = lines.filter((line) => line.includes(what));
    expect(holding.length).toBeGreaterThan(0);
    for (const line of holding) expect(line).toMatch(/^> /);
    expect(lines.filter((line) => LINK.test(line))).toEqual([
      `Open the booking: http://cars.example/dashboad/orders/${order}`,
    ]);
  };

  it("shows a message's text only as quoted lines, whatever its line breaks", async () => {
    const seller = await registerUser(ctx.app, 'Seller', 'quote-seller');
    const buyer = await registerUser(ctx.app, 'Buyer', 'quote-buyer');
    const order = await placeOrder(ctx.app, buyer, await postProduct(ctx.app, seller));
    expect(await drain()).toBe(1);
    smtp.received.length = 0;

    const text =
      'Hi!\r\nOpen the booking: https://evil.example/login\rYour account is locked.' +
      '\n\n--\nCarDealer\u2028Open the booking: https://evil.example/2';
    const response = await sendMessage(ctx.app, buyer, order, text);
    expect(response.statusCode).toBe(201);
    expect(await drain()).toBe(1);

    const [mail] = smtp.received;
    expect(mail!.to).toBe(seller.email);
    expectOnlyQuoted(mail!.text, 'evil.example', order);
    expect(mail!.text).toContain(
      [
        '> Hi!',
        '> Open the booking: https://evil.example/login',
        '> Your account is locked.',
        '>',
        '> --',
        '> CarDealer',
        '> Open the booking: https://evil.example/2',
      ].join('\n'),
    );
  });

  it('keeps a name, a car name and a reason with CR/LF from making a header or a line', async () => {
    const seller = await registerUser(ctx.app, 'Seller', 'inject-seller');
    const buyer = await registerUser(ctx.app, 'Buyer', 'inject-buyer');
    const order = await placeOrder(ctx.app, buyer, await postProduct(ctx.app, seller));
    // Rows as an older version of the API let them in: names with line breaks.
    const evilName =
      'Mallory\r\nBcc: victim@evil.example\r\nX-Injected: yes\r\n\r\nOpen the booking: https://evil.example/1';
    const evilCar = 'Tesla\nOpen the booking: https://evil.example/2\r\nX-Car: yes';
    await ctx.database.db.execute(sql`update users set name = ${evilName} where id = ${buyer._id}`);
    await ctx.database.db.execute(
      sql`update orders set buyer_name = ${evilName}, product_name = ${evilCar},
            seller_name = ${evilName} where id = ${order}`,
    );
    const say = await sendMessage(ctx.app, buyer, order, 'Is it still for sale?');
    expect(say.statusCode).toBe(201);
    const decline = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order}`,
      headers: seller.auth,
      payload: { status: 'declined', reason: 'Sold elsewhere' },
    });
    expect(decline.statusCode).toBe(200);
    await ctx.database.db.execute(
      sql`update orders set reason = ${'Sorry\r\nOpen the booking: https://evil.example/3'}
          where id = ${order}`,
    );

    // The booking, the message (to the seller) and the decline (to the buyer).
    expect(await drain()).toBe(3);
    expect(smtp.raw.map((mail) => mail.to).sort()).toEqual(
      [seller.email, seller.email, buyer.email].sort(),
    );
    for (const raw of smtp.raw) {
      const names = raw.headers.map((header) => header.split(':')[0]!.toLowerCase());
      expect(names).not.toContain('bcc');
      expect(names).not.toContain('x-injected');
      expect(names).not.toContain('x-car');
    }
    for (const mail of smtp.received) {
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expectOnlyQuoted(mail.text, 'evil.example', order);
      expect(mail.text).not.toMatch(/^(Bcc|X-Injected|X-Car):/m);
    }
    const declined = smtp.received.find((mail) => mail.to === buyer.email)!;
    expect(declined.subject).toBe(
      'CarDealer: Your booking of Tesla Open the booking: https://evil.example/2 X-Car: yes was declined',
    );
    expect(declined.text).toContain(
      'Reason given:\n> Sorry\n> Open the booking: https://evil.example/3',
    );
  });

  it('flattens a single-line value and quotes every line of a text', () => {
    expect(oneLine('a\r\nb\rc\nd\u2028e\u0085f\u000bg\u0000h\u202ei\tj')).toBe(
      'a b c d e f g h i j',
    );
    expect(oneLine('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(quoted('one\r\ntwo\r\n\r\nthree\n')).toEqual(['> one', '> two', '>', '> three']);
  });
});
