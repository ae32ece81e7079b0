/**
 * Automatic flags: a car posted or edited with another seller's live VIN or photo, or
 * far under its market value, goes into the moderators' queue (a report without a reporter) and
 * stays for sale; a new account's cars past its first day's allowance wait for approval.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { products, reports } from '../platform/db/schema';
import {
  buildTestApp,
  databaseKind,
  getAs,
  postProduct,
  productBody,
  registerUser,
  TEST_IMAGE_KEY,
  uploaderAuth,
  type TestContext,
  type TestUser,
} from '../../test/helper';
import { photoLike } from '../../test/image-fixtures';
import { REAL_VINS } from '../../test/vins';
import { hammingDistance, photoHash } from '../images/photo-hash';

async function upload(app: FastifyInstance, bytes: Buffer): Promise<string> {
  const boundary = 'flags-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="car"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: `/image-host/1/upload?key=${TEST_IMAGE_KEY}`,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...uploaderAuth(app),
    },
    payload,
  });
  if (response.statusCode !== 200) throw new Error(`upload: ${response.body}`);
  return response.json().data.url as string;
}

describe(`automatic flags (${databaseKind})`, () => {
  let ctx: TestContext, app: FastifyInstance, admin: TestUser, buyer: TestUser;
  beforeAll(async () => {
    // No market value refresh while the tests run: one would overwrite the value the low-price
    // test stores (it did, on a loaded machine, 5 s after a post).
    ctx = await buildTestApp({
      newSellerDailyCars: 3,
      dealRatios: { delayMs: 3_600_000, pollMs: 3_600_000 },
    });
    app = ctx.app;
    [admin, buyer] = await Promise.all([registerUser(app, 'Admin'), registerUser(app, 'Buyer')]);
  });
  afterAll(() => ctx.close());

  const flagsOf = (productId: string) =>
    ctx.database.db
      .select({ reason: reports.reason, details: reports.details })
      .from(reports)
      .where(
        and(
          eq(reports.targetKind, 'product'),
          eq(reports.targetId, productId),
          isNull(reports.reporterId),
          isNull(reports.closedAt),
        ),
      )
      .orderBy(reports.reason);
  /** An account old enough that its cars never wait (the new-seller hold is on here). */
  const seasoned = async (label: string) => {
    const seller = await registerUser(app, 'Seller', label);
    await ctx.database.db.execute(
      sql`update users set created_at = now() - interval '2 days' where id = ${seller._id}`,
    );
    return seller;
  };
  const patch = (seller: TestUser, id: string, payload: object) =>
    app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: seller.auth, payload });

  it("flags another seller's live VIN, names that listing, and leaves the car for sale", async () => {
    const [first, second] = await Promise.all([seasoned('vin-first'), seasoned('vin-second')]);
    const original = await postProduct(app, first, { vin: REAL_VINS.tesla });
    expect(await flagsOf(original)).toEqual([]);
    const copy = await postProduct(app, second, { vin: REAL_VINS.tesla });
    expect(await flagsOf(copy)).toEqual([
      { reason: 'same_vin', details: `VIN ${REAL_VINS.tesla} is also on listing ${original}` },
    ]);
    expect((await getAs(app, buyer, `/api/products/${copy}`)).statusCode).toBe(200);
    // Edited again: still one open flag per reason.
    expect((await patch(second, copy, { carName: 'Tesla Model S, again' })).statusCode).toBe(200);
    expect(await flagsOf(copy)).toHaveLength(1);
    // A VIN of a car that is sold is no one's live listing.
    await ctx.database.db
      .update(products)
      .set({ soldAt: new Date() })
      .where(eq(products._id, original));
    const third = await seasoned('vin-third');
    expect(await flagsOf(await postProduct(app, third, { vin: REAL_VINS.tesla }))).toEqual([
      { reason: 'same_vin', details: `VIN ${REAL_VINS.tesla} is also on listing ${copy}` },
    ]);
  });

  it('the hash: the same photo re-encoded or resized is near, another photo far', async () => {
    const original = await photoLike(1).jpeg({ quality: 90 }).toBuffer();
    const reencoded = await sharp(original).webp({ quality: 75 }).toBuffer();
    const resized = await sharp(original).resize(200).png().toBuffer();
    const other = await photoLike(2).jpeg().toBuffer();
    const hash = await photoHash(original);
    expect(hammingDistance(hash, await photoHash(reencoded))).toBeLessThanOrEqual(6);
    expect(hammingDistance(hash, await photoHash(resized))).toBeLessThanOrEqual(6);
    expect(hammingDistance(hash, await photoHash(other))).toBeGreaterThan(6);
  });

  it("flags a photo on another seller's live listing, re-encoded or resized; not another photo, not one's own, not the app's pictures", async () => {
    const [first, second, third] = await Promise.all([
      seasoned('photo-first'),
      seasoned('photo-second'),
      seasoned('photo-third'),
    ]);
    const source = await photoLike(7).jpeg({ quality: 92 }).toBuffer();
    const mine = await upload(app, source);
    const original = await postProduct(app, first, { carPhoto: mine, photos: [mine] });
    expect(await flagsOf(original)).toEqual([]);
    // The seller's own second listing with the same photo: not a flag.
    expect(await flagsOf(await postProduct(app, first, { carPhoto: mine }))).toEqual([]);

    const resized = await upload(app, await sharp(source).resize(320).png().toBuffer());
    const different = await upload(app, await photoLike(8).jpeg().toBuffer());
    const copy = await postProduct(app, second, {
      carPhoto: different,
      photos: [different, resized],
    });
    const flags = await flagsOf(copy);
    expect(flags.map((f) => f.reason)).toEqual(['same_photo']);
    expect(flags[0]?.details).toMatch(new RegExp(`listing (${original}|\\w+)$`));

    const honest = await postProduct(app, third, { carPhoto: different });
    // `different` is on `copy` (second's): a photo shared with another seller is flagged…
    expect((await flagsOf(honest)).map((f) => f.reason)).toEqual(['same_photo']);
    // …but a photo of its own, never seen elsewhere, is not; nor the app's own pictures.
    const fresh = await upload(app, await photoLike(9).jpeg().toBuffer());
    const fourth = await seasoned('photo-fourth');
    expect(await flagsOf(await postProduct(app, fourth, { carPhoto: fresh }))).toEqual([]);
    for (const seller of [first, fourth]) {
      const id = await postProduct(app, seller, { carPhoto: '/images/cars/car-01.svg' });
      expect(await flagsOf(id)).toEqual([]);
    }
  });

  it('flags an edit that puts the price under 30 % of the stored market value', async () => {
    const seller = await seasoned('low-price');
    const car = await postProduct(app, seller, { resalePrice: '30000' });
    await ctx.database.db.execute(sql`
      insert into market_values (product_id, value, basis, make, model, comparables)
      values (${car}, 30000, 'comparables', 'Tesla', '', 5)
      on conflict (product_id) do update set value = 30000`);
    expect((await patch(seller, car, { resalePrice: 9500 })).statusCode).toBe(200);
    expect(await flagsOf(car)).toEqual([]);
    expect((await patch(seller, car, { resalePrice: 8000 })).statusCode).toBe(200);
    expect(await flagsOf(car)).toEqual([
      {
        reason: 'low_price',
        details: 'Price $8,000 is under 30 % of its market value $30,000',
      },
    ]);
    expect((await getAs(app, buyer, `/api/products/${car}`)).statusCode).toBe(200);
  });

  it("holds a new account's 4th and later cars on its first day as 'Pending review'", async () => {
    const seller = await registerUser(app, 'Seller', 'newcomer');
    const posted: { statusCode: number; body: Record<string, unknown> }[] = [];
    for (let i = 1; i <= 5; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/category',
        headers: seller.auth,
        payload: productBody({ carName: `Car ${i}` }),
      });
      posted.push({ statusCode: response.statusCode, body: response.json() });
    }
    expect(posted.map((p) => p.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(posted.map((p) => p.body.moderation ?? null)).toEqual([
      null,
      null,
      null,
      { state: 'pending', reason: '', reviewAsked: false },
      { state: 'pending', reason: '', reviewAsked: false },
    ]);
    const fourth = posted[3]!.body.insertedId as string;
    expect(await flagsOf(fourth)).toEqual([
      {
        reason: 'new_seller',
        details: "A new account's car number 4 on its first day: waiting for approval",
      },
    ]);
    expect(await flagsOf(posted[2]!.body.insertedId as string)).toEqual([]);
    // Out of sale until approved; its owner sees why.
    expect((await getAs(app, buyer, `/api/products/${fourth}`)).statusCode).toBe(410);
    expect((await getAs(app, seller, `/api/products/${fourth}`)).json().moderation).toMatchObject({
      state: 'pending',
    });
    // In the admins' queue.
    const queue = await getAs(app, admin, '/api/admin/reports?limit=100');
    expect(queue.statusCode).toBe(200);
    expect(
      (queue.json() as { targetId: string; reasons: string[] }[]).find(
        (row) => row.targetId === fourth,
      )?.reasons,
    ).toEqual(['new_seller']);
    // An admin approves it: for sale, the flag closed.
    const approved = await app.inject({
      method: 'POST',
      url: `/api/admin/products/${fourth}/restore`,
      headers: admin.auth,
      payload: { reason: 'Looks genuine' },
    });
    expect(approved.statusCode).toBe(200);
    expect((await getAs(app, buyer, `/api/products/${fourth}`)).statusCode).toBe(200);
    expect(await flagsOf(fourth)).toEqual([]);
  });

  it('an account older than a day posts freely; 0 turns the hold off', async () => {
    const seller = await seasoned('old-hand');
    for (let i = 0; i < 4; i++) {
      const id = await postProduct(app, seller);
      expect((await getAs(app, buyer, `/api/products/${id}`)).statusCode).toBe(200);
    }
    const off = await buildTestApp({ newSellerDailyCars: 0 });
    try {
      const newcomer = await registerUser(off.app, 'Seller', 'unlimited');
      for (let i = 0; i < 5; i++) {
        const id = await postProduct(off.app, newcomer);
        expect((await getAs(off.app, buyer, `/api/products/${id}`)).statusCode).not.toBe(410);
      }
    } finally {
      await off.close();
    }
  });

  it("never fails the seller's request when a check fails", async () => {
    const [first, second] = await Promise.all([seasoned('broken-a'), seasoned('broken-b')]);
    const picture = await upload(app, await photoLike(11).jpeg().toBuffer());
    await postProduct(app, first, { carPhoto: picture, vin: REAL_VINS.ferrari });
    await ctx.database.db.execute(sql`alter table image_hashes rename to image_hashes_away`);
    try {
      const id = await postProduct(app, second, { carPhoto: picture, vin: REAL_VINS.ferrari });
      // The photo check failed (logged); the VIN check still ran.
      expect((await flagsOf(id)).map((f) => f.reason)).toEqual(['same_vin']);
    } finally {
      await ctx.database.db.execute(sql`alter table image_hashes_away rename to image_hashes`);
    }
  });

  it('hashes a photo stored before hashes were kept only while the image work has a free slot, never holding the post behind uploads', async () => {
    const seller = await seasoned('old-photo');
    const picture = await upload(app, await photoLike(12).jpeg().toBuffer());
    await ctx.database.db.execute(sql`delete from image_hashes`);
    const hashes = async () =>
      Number(
        (
          (await ctx.database.db.execute(sql`select count(*)::int as n from image_hashes`)) as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = Array.from({ length: app.imageWork.limits.concurrency }, () =>
      app.imageWork.run(() => gate),
    );
    let id: string;
    try {
      // Every slot busy with uploads: the post is answered, and the old photo waits for later.
      id = await postProduct(app, seller, { carPhoto: picture });
      expect(await hashes()).toBe(0);
    } finally {
      release();
      await Promise.all(held);
    }
    const edited = await patch(seller, id, { resalePrice: 41_000 });
    expect(edited.statusCode).toBe(200);
    expect(await hashes()).toBe(1);
  });
});
