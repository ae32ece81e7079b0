import {
  buildTestApp,
  databaseKind,
  postProduct,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';

describe(`orders (${databaseKind})`, () => {
  let ctx: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  let otherBuyer: TestUser;
  let productId: string;
  beforeAll(async () => {
    // The car's photo is on imgbb, configured as the outside image host.
    ctx = await buildTestApp({ imageOrigins: ['https://i.ibb.co'] });
    [seller, buyer, otherBuyer] = await Promise.all([
      registerUser(ctx.app, 'Seller'),
      registerUser(ctx.app, 'Buyer'),
      registerUser(ctx.app, 'Buyer', 'other-buyer'),
    ]);
    productId = await postProduct(ctx.app, seller, {
      carName: 'BMW i4',
      resalePrice: '44300',
      carPhoto: 'https://i.ibb.co/x/i4.jpg',
    });
  });
  afterAll(() => ctx.close());

  const order = (user: TestUser, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/orders', headers: user.auth, payload });

  it('POST /api/orders stores the order with the product data from the database', async () => {
    const response = await order(buyer, {
      buyerName: 'Bea Buyer',
      buyerEmail: otherBuyer.email,
      productName: 'A cheaper name',
      productPrice: '1',
      phone: '+1 (555) 123-4567',
      meetLocation: 'Main Street',
      productID: productId,
      carImage: 'https://evil.example/x.png',
    });
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json();
    expect(response.json()).toEqual({
      acknowledged: true,
      insertedId: expect.stringMatching(/^[0-9a-f]{24}$/),
    });

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders?email=${buyer.email}`,
      headers: buyer.auth,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        _id: insertedId,
        buyerName: 'Bea Buyer',
        buyerEmail: buyer.email,
        productName: 'BMW i4',
        productPrice: 44300,
        phone: '+1 (555) 123-4567',
        meetLocation: 'Main Street',
        productID: productId,
        carImage: 'https://i.ibb.co/x/i4.jpg',
        // A booking starts requested, with the seller copied from the car.
        status: 'requested',
        history: [{ status: 'requested', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }],
        sellerEmail: seller.email,
        sellerName: 'Sam Seller',
        // The seller's account: their page.
        sellerId: seller._id,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders?email=${otherBuyer.email}`,
      headers: otherBuyer.auth,
    });
    expect(theirs.json()).toEqual([]);
  });

  it('accepts the phone as a number, as the booking form sends it', async () => {
    const response = await order(otherBuyer, {
      buyerName: 'O',
      phone: 5551234567,
      meetLocation: 'Park',
      productID: productId,
    });
    expect(response.statusCode).toBe(201);
    const [stored] = await ctx.app.repos.orders.listByBuyer(otherBuyer._id);
    expect(stored.phone).toBe('5551234567');
  });

  it('answers 404 for an unknown product', async () => {
    const response = await order(buyer, {
      buyerName: 'B',
      phone: '5551234567',
      meetLocation: 'X',
      productID: '0123456789abcdef01234567',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'productID: no such product' });
  });

  it.each([
    [
      { phone: 'call me' },
      'phone: must be a phone number (digits; spaces, dashes, brackets and a leading + allowed)',
    ],
    [{ phone: undefined }, 'phone: is required'],
    [{ meetLocation: 'x'.repeat(201) }, 'meetLocation: must NOT have more than 200 characters'],
    [{ productID: '../etc' }, "productID: must be a record's _id (letters, digits, _ and -)"],
    [{ buyerName: ['a'] }, 'buyerName: must be string'],
  ])('answers 400 naming the field for %j', async (overrides, message) => {
    const response = await order(buyer, {
      buyerName: 'B',
      phone: '5551234567',
      meetLocation: 'X',
      productID: productId,
      ...overrides,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it("is for buyers only; GET answers only the caller's own orders", async () => {
    const bySeller = await order(seller, {
      buyerName: 'S',
      phone: '5551234567',
      meetLocation: 'X',
      productID: productId,
    });
    expect(bySeller.statusCode).toBe(403);
    expect(bySeller.json()).toEqual({ message: 'Only a buyer may do this' });
    const peek = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders?email=${buyer.email}`,
      headers: otherBuyer.auth,
    });
    expect(peek.statusCode).toBe(403);
    expect(peek.json()).toEqual({ message: 'email: you may only read your own orders' });
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/orders',
      headers: buyer.auth,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'email: is required' });
  });
});
