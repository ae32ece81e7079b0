/**
 * The callers of the permission matrix (server/src/permissions.test.ts) and what they act on: a
 * buyer, a seller, another seller, an admin, a deleted buyer and a newcomer with that buyer's
 * e-mail, a product, a stored image, and fresh products, users, categories and bookings.
 */
import sharp from 'sharp';
import { unsubscribeTokens } from '../src/alerts/unsubscribe-token';
import { newId } from '../src/platform/db/ids';
import { eq } from 'drizzle-orm';
import { products, reports, users } from '../src/platform/db/schema';
import {
  placeOrder,
  registerAs,
  registerUser,
  TEST_IMAGE_KEY,
  uploaderAuth,
  uniqueEmail,
  type TestContext,
  type TestUser,
} from './helper';
import { importFixture } from './import-fixture';

export const CALLERS = [
  'anonymous',
  'buyer',
  'seller',
  'otherSeller',
  'admin',
  'deleted',
  'newcomer',
] as const;
export type CallerName = (typeof CALLERS)[number];

export interface Fixture {
  users: Record<Exclude<CallerName, 'anonymous'>, TestUser>;
  /** A product of `seller`. */
  productId: string;
  /** A stored image's URL. */
  imageUrl: string;
  pngUpload: { payload: Buffer; headers: Record<string, string> };
  /** A new product of `seller` (so a permitted delete or advertise has something to act on). */
  freshProduct(): Promise<string>;
  /** A new user record without a sign-in account (suspended when asked). */
  freshUser(role: 'Seller' | 'Buyer', suspended?: boolean): Promise<string>;
  /** A new category without cars (its id). */
  freshCategory(): Promise<string>;
  /** A new requested booking by `buyer` of a new car of `seller`. */
  freshBooking(): Promise<string>;
  /** A new booking by `buyer` of a new car of `seller`, marked sold. */
  freshSoldBooking(): Promise<string>;
  /** A new review by `buyer` of `seller` (of a fresh sold booking): its id. */
  freshReview(): Promise<string>;
  /** A new saved search of `buyer`'s (its id). */
  freshSavedSearch(): Promise<string>;
  /** A new car of `seller`'s that `buyer` saved (its id). */
  freshSavedCar(): Promise<string>;
  /** The unsubscribe token of a saved search of `buyer`'s (an alert mail's link). */
  unsubscribeToken(): Promise<string>;
  /** A new car of `seller`'s hidden by moderation, its review asked if `asked`. */
  freshHiddenProduct(asked?: boolean): Promise<string>;
  /** A new car of `seller`'s with an open report by `buyer`. */
  freshReportedProduct(): Promise<string>;
  /**
   * The `authorization` of a new account with this role, signed in a moment ago: for the calls
   * that end the caller's sessions or the account itself.
   */
  freshCaller(role: 'Seller' | 'Buyer' | 'Admin'): Promise<{ authorization: string }>;
  /** Waits until no import job (a dry run, an apply) runs: they write after their answer. */
  importsSettled(): Promise<void>;
  /** A new checked import of `seller`'s (its id). */
  freshImport(): Promise<string>;
}

/** The callers and their things on the app of `ctx`, for a `beforeAll`. */
export async function openPermissionFixture(ctx: TestContext): Promise<Fixture> {
  const app = ctx.app;
  const [buyer, seller, otherSeller, admin, deleted] = await Promise.all([
    registerUser(app, 'Buyer'),
    registerUser(app, 'Seller'),
    registerUser(app, 'Seller', 'other-seller'),
    registerUser(app, 'Admin'),
    registerUser(app, 'Buyer', 'deleted-buyer'),
  ]);
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
  const boundary = 'matrix-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="car.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const pngUpload = {
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
  const uploaded = await app.inject({
    method: 'POST',
    url: `/image-host/1/upload?key=${TEST_IMAGE_KEY}`,
    payload,
    headers: { ...pngUpload.headers, ...uploaderAuth(app) },
  });
  const freshProduct = async () => {
    const id = newId();
    await ctx.database.db.insert(products).values({
      _id: id,
      carName: 'Fresh car',
      carPhoto: '/images/cars/car-01.svg',
      categoryName: 'Tesla',
      condition: 'Good',
      originalPrice: 100,
      resalePrice: 90,
      productLocation: 'Here',
      userYears: 1,
      postTime: 'now',
      productDescription: 'Fresh',
      sellerName: seller.name,
      email: seller.email,
    });
    return id;
  };
  const freshSavedSearch = async () => {
    const q = `matrix${newId()}`;
    const saved = await app.repos.savedSearches.insert({
      userId: buyer._id,
      name: 'Matrix search',
      query: `q=${q}`,
      filters: { q },
    });
    if (!('saved' in saved)) throw new Error('the fixture saved search was refused');
    return saved.saved._id;
  };
  let unsubscribed: string | undefined;
  // A buyer with a booking, deleted by the admin; then someone signs up with their e-mail.
  await placeOrder(app, deleted, await freshProduct());
  const removal = await app.inject({
    method: 'DELETE',
    url: `/api/user/${deleted._id}`,
    headers: admin.auth,
  });
  if (removal.statusCode !== 200) throw new Error(`DELETE /api/user: ${removal.body}`);
  const newcomer = await registerAs(app, deleted.email, 'Buyer');
  const freshBooking = async () => {
    const productID = await freshProduct();
    const booked = await app.repos.orders.insert({
      buyerName: buyer.name,
      buyerId: buyer._id,
      buyerEmail: buyer.email,
      productName: 'Fresh car',
      productPrice: 90,
      phone: '5551234567',
      meetLocation: 'Main St',
      productID,
      carImage: '/images/cars/car-01.svg',
      sellerEmail: seller.email,
      sellerName: seller.name,
    });
    if (!('id' in booked)) throw new Error('the fixture booking was refused');
    return booked.id;
  };
  const freshSoldBooking = async () => {
    const id = await freshBooking();
    for (const [to, by] of [
      ['accepted', 'seller'],
      ['sold', 'seller'],
    ] as const) {
      const moved = await app.repos.orders.move(id, to, by);
      if (!('order' in moved)) throw new Error('the fixture booking was not sold');
    }
    return id;
  };
  const imageUrl: string = uploaded.json().data.display_url;
  return {
    ...importFixture(ctx, seller, () => imageUrl),
    users: { buyer, seller, otherSeller, admin, deleted, newcomer },
    productId: await freshProduct(),
    imageUrl: uploaded.json().data.display_url,
    pngUpload,
    freshProduct,
    freshBooking,
    freshSoldBooking,
    freshReview: async () => {
      const order = await app.repos.orders.findById(await freshSoldBooking());
      const written = await app.repos.reviews.write({
        orderId: order!._id,
        sellerId: seller._id,
        buyerId: buyer._id,
        buyerName: buyer.name,
        productId: order!.productID,
        productName: order!.productName,
        rating: 5,
        text: 'A fixture review, long enough.',
      });
      if (!('review' in written)) throw new Error('the fixture review was refused');
      return written.review._id;
    },
    freshHiddenProduct: async (asked = false) => {
      const id = await freshProduct();
      await ctx.database.db
        .update(products)
        .set({
          hidden: 'moderation',
          hiddenReason: 'Fixture',
          hiddenAt: new Date(),
          reviewAskedAt: asked ? new Date() : null,
        })
        .where(eq(products._id, id));
      return id;
    },
    freshReportedProduct: async () => {
      const id = await freshProduct();
      await ctx.database.db.insert(reports).values({
        _id: newId(),
        targetKind: 'product',
        targetId: id,
        reporterId: buyer._id,
        reason: 'other',
      });
      return id;
    },
    freshSavedSearch,
    // One search for every row (an account keeps at most 50): unsubscribing is idempotent.
    unsubscribeToken: async () =>
      (await unsubscribeTokens(ctx.database.db)).sign({
        kind: 'search',
        searchId: (unsubscribed ??= await freshSavedSearch()),
      }),
    freshSavedCar: async () => {
      const productId = await freshProduct();
      const saved = await app.repos.savedCars.save(buyer._id, productId, () => false);
      if ('refused' in saved) throw new Error('the fixture saved car was refused');
      return productId;
    },
    freshCategory: async () => {
      const made = await app.repos.categories.create({
        categoryName: `Fresh make ${newId().slice(0, 8)}`,
        image: '/images/categories/bmw.svg',
        rating: 4,
      });
      if (!('_id' in made)) throw new Error('the fixture category was refused');
      return made._id;
    },
    freshCaller: async (role) => {
      const email = uniqueEmail(`fresh-caller-${role.toLowerCase()}`);
      await app.repos.users.upsert({
        email,
        name: `Fresh ${role}`,
        userImg: '',
        userRole: role === 'Admin' ? 'Buyer' : role,
      });
      if (role === 'Admin') await app.repos.users.setRole(email, 'Admin');
      const token = app.signAccessToken({ email, uid: `uid-${email}`, authTime: Date.now() });
      return { authorization: `bearer ${token}` };
    },
    freshUser: async (role, suspended = false) => {
      const outcome = await app.repos.users.upsert({
        email: uniqueEmail(`fresh-${role.toLowerCase()}`),
        name: `Fresh ${role}`,
        userImg: '',
        userRole: role,
      });
      const id = outcome.upsertedId!;
      if (suspended) {
        await ctx.database.db
          .update(users)
          .set({ suspendedAt: new Date(), suspendReason: 'Fixture' })
          .where(eq(users._id, id));
      }
      return id;
    },
  };
}
