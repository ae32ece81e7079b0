/**
 * Single-line fields refuse line breaks and other control characters (400 naming the field):
 * such text reaches e-mails, where a line break would let a caller write lines of their own.
 * Multi-line fields (a car's description, a message) keep their line breaks.
 */
import {
  buildTestApp,
  databaseKind,
  placeOrder,
  postProduct,
  productBody,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../../test/helper';

/** A pasted line break, and the other controls: tab, escape, DEL, NEL (C1), line separator. */
const BREAKS = [
  'Sam\r\nOpen the booking: https://evil.example/',
  'Sam\nSmith',
  'Sam\rSmith',
  'Sam\tSmith',
  'Sam\u001bSmith',
  'Sam\u007fSmith',
  'Sam\u0085Smith',
  'Sam\u2028Smith',
];
const ONE_LINE = /^[A-Za-z.]+: must be one line, without line breaks or other control characters$/;

let ctx: TestContext;
let seller: TestUser;
let buyer: TestUser;
let carId: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  [seller, buyer] = await Promise.all([
    registerUser(ctx.app, 'Seller'),
    registerUser(ctx.app, 'Buyer'),
  ]);
  carId = await postProduct(ctx.app, seller);
});

afterAll(async () => {
  await ctx?.close();
});

async function expectRefused(
  request: {
    method: 'POST' | 'PUT' | 'PATCH';
    url: string;
    headers: Record<string, string>;
    payload: Record<string, unknown>;
  },
  field: string,
) {
  const response = await ctx.app.inject(request);
  expect({ field, status: response.statusCode }).toEqual({ field, status: 400 });
  expect(response.json().message).toMatch(ONE_LINE);
  expect(response.json().message.startsWith(`${field}: `)).toBe(true);
}

describe(`single-line fields refuse control characters (${databaseKind})`, () => {
  it.each(BREAKS.map((text) => [JSON.stringify(text), text]))(
    'PUT /users name %s',
    async (_shown, text) => {
      await expectRefused(
        {
          method: 'PUT',
          url: '/api/users',
          headers: { authorization: `Bearer ${buyer.idToken}` },
          payload: { name: text, email: buyer.email, userRole: 'Buyer' },
        },
        'name',
      );
    },
  );

  it.each(['carName', 'productLocation', 'categoryName', 'sellerName', 'postTime'])(
    'POST /category %s',
    async (field) => {
      for (const text of BREAKS) {
        await expectRefused(
          {
            method: 'POST',
            url: '/api/category',
            headers: seller.auth,
            payload: productBody({ [field]: text }),
          },
          field,
        );
      }
    },
  );

  it.each(['carName', 'productLocation', 'categoryName', 'sellerName', 'postTime'])(
    'PATCH /products/{id} %s',
    async (field) => {
      for (const text of BREAKS) {
        await expectRefused(
          {
            method: 'PATCH',
            url: `/api/products/${carId}`,
            headers: seller.auth,
            payload: { [field]: text },
          },
          field,
        );
      }
    },
  );

  it.each([
    ['buyerName', BREAKS],
    ['meetLocation', BREAKS],
    ['phone', ['555 123\r\n4567', '5551234567\n', '\n5551234567', '555\t1234567']],
  ] as const)('POST /orders %s', async (field, texts) => {
    for (const text of texts) {
      const payload = {
        buyerName: 'Sam',
        phone: '5551234567',
        meetLocation: 'Main St',
        productID: carId,
        [field]: text,
      };
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: buyer.auth,
        payload,
      });
      expect({ text, status: response.statusCode }).toEqual({ text, status: 400 });
      expect(response.json().message).toMatch(new RegExp(`^${field}: `));
    }
  });

  it("PATCH /orders/{id} a decline's reason", async () => {
    const orderId = await placeOrder(ctx.app, buyer, carId);
    for (const text of BREAKS) {
      await expectRefused(
        {
          method: 'PATCH',
          url: `/api/orders/${orderId}`,
          headers: seller.auth,
          payload: { status: 'declined', reason: text },
        },
        'reason',
      );
    }
    const declined = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}`,
      headers: seller.auth,
      payload: { status: 'declined', reason: 'Sold elsewhere' },
    });
    expect(declined.statusCode).toBe(200);
  });

  it('still says "must not be blank" of a blank single line', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/category',
      headers: seller.auth,
      payload: productBody({ carName: '   ' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('carName: must not be blank');
  });
});

/** Text-direction controls: a right-to-left override shows 'gpj.exe' as 'exe.jpg'. */
const DIRECTION_CONTROLS = [
  ...['\u202a', '\u202b', '\u202c', '\u202d', '\u202e'],
  ...['\u2066', '\u2067', '\u2068', '\u2069'],
].map((control) => `Tesla ${control}3 ledoM`);
const DIRECTION =
  /^[A-Za-z.]+: must not contain text-direction controls \(U\+202A–U\+202E, U\+2066–U\+2069\)$/;

describe(`single-line fields refuse text-direction controls (${databaseKind})`, () => {
  const expectDirectionRefused = async (
    request: { method: 'POST' | 'PUT' | 'PATCH'; url: string; headers: Record<string, string> },
    field: string,
    payload: (text: string) => Record<string, unknown>,
  ) => {
    for (const text of DIRECTION_CONTROLS) {
      const response = await ctx.app.inject({ ...request, payload: payload(text) });
      expect({ text, status: response.statusCode }).toEqual({ text, status: 400 });
      expect(response.json().message).toMatch(DIRECTION);
      expect(response.json().message.startsWith(`${field}: `)).toBe(true);
    }
  };

  it.each(['carName', 'productLocation', 'sellerName'])('POST /category %s', async (field) => {
    await expectDirectionRefused(
      { method: 'POST', url: '/api/category', headers: seller.auth },
      field,
      (text) => productBody({ [field]: text }),
    );
  });

  it('PATCH /products/{id} carName, PUT /users name, POST /orders buyerName', async () => {
    await expectDirectionRefused(
      { method: 'PATCH', url: `/api/products/${carId}`, headers: seller.auth },
      'carName',
      (text) => ({ carName: text }),
    );
    await expectDirectionRefused(
      { method: 'PUT', url: '/api/users', headers: { authorization: `Bearer ${buyer.idToken}` } },
      'name',
      (text) => ({ name: text, email: buyer.email, userRole: 'Buyer' }),
    );
    await expectDirectionRefused(
      { method: 'POST', url: '/api/orders', headers: buyer.auth },
      'buyerName',
      (text) => ({
        buyerName: text,
        phone: '5551234567',
        meetLocation: 'Main St',
        productID: carId,
      }),
    );
  });

  it('keeps right-to-left text itself: a Hebrew place name passes', async () => {
    const id = await postProduct(ctx.app, seller, { productLocation: 'תל אביב' });
    const car = (await ctx.app.inject({ url: `/api/products/${id}` })).json();
    expect(car.productLocation).toBe('תל אביב');
  });
});

describe(`multi-line fields keep their line breaks (${databaseKind})`, () => {
  it("a car's description and a message", async () => {
    const description = 'One owner.\nAlways garaged.\r\nNew tyres.';
    const id = await postProduct(ctx.app, seller, { productDescription: description });
    const car = (await ctx.app.inject({ url: `/api/products/${id}` })).json();
    expect(car.productDescription).toBe(description);
    const orderId = await placeOrder(ctx.app, buyer, id);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/messages`,
      headers: buyer.auth,
      payload: { text: 'Hello,\nis it still there?' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().text).toBe('Hello,\nis it still there?');
  });
});
