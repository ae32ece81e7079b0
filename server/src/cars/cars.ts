/** One car for its page (with its seller and fair price), and the cars for sale for the sitemap. */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { FOR_SALE_SQL } from '../platform/db/for-sale';
import { boundsOf, inRange, type IdRange } from '../platform/db/id-ranges';
import { moderationOf, type HiddenColumns } from './listing-moderation';
import { MARKET_COLUMNS, MARKET_JOIN, marketOf } from '../valuation/fair-price';
import { COLUMNS, toProduct, type RawRow } from './car-rows';
import { rowsOf } from '../platform/db/rows';
import type { SellerSummary } from './car-types';
import { dealerJsonSql, dealerOf } from '../accounts/dealer-profiles';

/** The car's page's and the sitemap's reads of the cars. */
export function carQueries(db: Db) {
  /**
   * One car, sold or not, hidden or not, with its fair price and market value (null when out of
   * sale) and its seller, and its moderation when hidden (for its owner and the admins only:
   * the routes answer everyone else 410); null: none.
   */
  async function car(id: string) {
    const [row] = await rowsOf<
      RawRow & {
        sellerName2: string | null;
        sellerImg: string | null;
        memberSince: Date | string | null;
        carsSold: number | string;
        dealer: unknown;
      } & HiddenColumns
    >(
      db,
      sql`select ${COLUMNS}, ${MARKET_COLUMNS},
          u.name as "sellerName2", u.user_img as "sellerImg", u.created_at as "memberSince",
          (select count(*) from products s where s.email = p.email and s.sold_at is not null)
            as "carsSold", ${dealerJsonSql(sql`u.id`)} as "dealer",
          p.hidden, p.hidden_reason as "hiddenReason", p.review_asked_at as "reviewAskedAt"
        from products p
        left join users u on u.email = p.email
        ${MARKET_JOIN}
        where p.id = ${id}`,
    );
    if (!row) return null;
    const {
      sellerName2,
      sellerImg,
      memberSince,
      carsSold,
      dealer,
      hidden,
      hiddenReason,
      reviewAskedAt,
      ...rest
    } = row;
    const moderation = moderationOf({ hidden, hiddenReason, reviewAskedAt });
    const product = toProduct(rest);
    const { marketValue } = marketOf(rest);
    const seller: SellerSummary = {
      name: sellerName2 ?? product.sellerName,
      photo: sellerImg || product.sellerPhoto,
      verified: product.isVerify === 'true',
      memberSince: memberSince ? new Date(memberSince).toISOString() : '',
      carsSold: Number(carsSold),
      sellerType: product.sellerType,
      dealer: dealerOf(dealer),
    };
    const outOfSale = product.sold || moderation !== null;
    return {
      ...product,
      fairPrice: outOfSale ? null : product.fairPrice,
      marketValue: outOfSale ? null : marketValue,
      seller,
      ...(moderation ? { moderation } : {}),
    };
  }

  /**
   * The ids of the cars for sale in `range` and when each last changed, in id order, at most
   * `limit`: a range scan of the primary key (the sitemap's files).
   */
  async function forSaleIdsIn(range: IdRange, limit: number) {
    const rows = await rowsOf<{ id: string; lastmod: Date | string }>(
      db,
      sql`select p.id, coalesce(p.updated_at, p.created_at) as lastmod from products p
        where ${FOR_SALE_SQL} and ${inRange(sql`p.id`, range)} order by p.id limit ${limit}`,
    );
    return rows.map((r) => ({ id: r.id, lastmod: new Date(r.lastmod).toISOString() }));
  }

  /** Where files of the cars for sale start: `first` cars in the first, `every` in each next. */
  const forSaleBounds = (first: number, every: number) =>
    boundsOf(db, sql`select p.id from products p where ${FOR_SALE_SQL}`, first, every);

  return { car, forSaleIdsIn, forSaleBounds };
}
