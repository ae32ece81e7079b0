import { newId } from '../src/platform/db/ids';
import { products } from '../src/platform/db/schema';
import type { TestContext } from './helper';

/**
 * A car for sale written straight into the table (the sitemap reads only ids and dates), and the
 * catalogue's notice of it; answers its id.
 */
export async function addSitemapCar(
  ctx: TestContext,
  email: string,
  id: string = newId(),
): Promise<string> {
  await ctx.database.db.insert(products).values({
    _id: id,
    carName: 'Tesla Model 3',
    carPhoto: '/images/cars/car-01.svg',
    categoryName: 'Tesla',
    condition: 'Good',
    originalPrice: 50_000,
    resalePrice: 40_000,
    productLocation: 'Austin, TX',
    userYears: 2,
    postTime: '1/1/2025, 10:00:00 AM',
    productDescription: 'A car.',
    sellerName: 'S',
    email,
  });
  ctx.app.catalogueCache.invalidate();
  return id;
}
