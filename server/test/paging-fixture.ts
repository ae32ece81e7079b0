import { sql } from 'drizzle-orm';
import { products } from '../src/platform/db/schema';
import { buildTestApp, registerUser, type TestContext, type TestUser } from './helper';

/** What the paging and catalogue tests share: the app, an admin and a seller with 30 cars. */
export interface PagingTest {
  ctx: TestContext;
  admin: TestUser;
  seller: TestUser;
}

/** 30 Ferrari products with distinct times, prices and conditions (written directly). */
const conditions = ['Excellent', 'Good', 'Fair'] as const;
const base = Date.UTC(2025, 0, 1);

/**
 * The app with an admin and a seller whose 30 Ferraris are `paging-00` (oldest) to `paging-29`,
 * for a `beforeAll` (close with `ctx.close()`).
 */
export async function openPagingTest(): Promise<PagingTest> {
  const ctx = await buildTestApp();
  const admin = await registerUser(ctx.app, 'Admin');
  const seller = await registerUser(ctx.app, 'Seller');
  await ctx.database.db.insert(products).values(
    Array.from({ length: 30 }, (_, i) => ({
      _id: `paging-${String(i).padStart(2, '0')}`,
      carName: `Ferrari ${i}`,
      carPhoto: '/images/cars/car-04.svg',
      categoryName: 'Ferrari',
      condition: conditions[i % 3],
      originalPrice: 300_000,
      // Prices repeat (ties are broken by _id).
      resalePrice: 100_000 + (i % 10) * 1000,
      productLocation: 'Miami, FL',
      userYears: 2,
      postTime: '1/1/2025, 10:00:00 AM',
      productDescription: 'A car.',
      sellerName: seller.name,
      sellerPhoto: '',
      email: seller.email,
      advertisement: 'false' as const,
      // Two products share each millisecond; the microseconds tell them apart.
      createdAt: new Date(base + Math.floor(i / 2) * 1000),
    })),
  );
  // Distinct microseconds for the pairs that share a millisecond.
  await ctx.database.db.execute(
    sql`update products set created_at = created_at + (right(id, 2)::int % 2) * interval '1 microsecond' where id like 'paging-%'`,
  );
  ctx.app.catalogueCache.invalidate();
  return { ctx, admin, seller };
}

/** A GET of the app, as `auth` when given. */
export function getFrom(ctx: TestContext, url: string, auth?: { authorization: string }) {
  return ctx.app.inject({ method: 'GET', url, headers: auth });
}

export const ids = (body: { _id: string }[]) => body.map((p) => p._id);
