import { and, asc, desc, eq, sql, sum, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import {
  categories,
  places,
  productCounts,
  products,
  users,
  type ProductRow,
} from '../platform/db/schema';
import { normaliseEmail } from '../platform/db/ids';
import { CursorCodec, cursorNumber, cursorTimestamp } from '../platform/http/cursors';
import { forSale } from '../platform/db/for-sale';
import { withModeration } from './listing-moderation';
import { BadCursor, type Page, type PageRequest } from '../platform/db/paging';
import { productWrites } from './product-writes-repository';
import { ratingOf, type SellerRating } from './seller-rating';

/** The stored count and sum (jsonb, as text or parsed by the driver) as a rating. */
function storedRating(value: unknown): SellerRating {
  const stored = (typeof value === 'string' ? JSON.parse(value) : value) as {
    count?: number | null;
    sum?: number | null;
  } | null;
  return ratingOf(stored?.count ?? 0, stored?.sum ?? 0);
}

/**
 * Server-side caps of the lists answered as full arrays (newest first). The advertisement is
 * the home page's section: its newest 24 (about 13 KB; at 100,000 products a cap of 200 was
 * 106 KB of JSON on every first visit, a sixth of the page's whole transfer budget).
 */
export const LIST_CAPS = { advertised: 24, sellerProducts: 500 } as const;

/** The sorts a category page may ask for. */
export const PRODUCT_SORTS = ['createdAt', 'resalePrice'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export type Condition = ProductRow['condition'];

export interface CategoryPageRequest extends PageRequest<ProductSort> {
  categoryName: string;
  condition?: Condition;
}

/** A product as answered: the stored row plus the seller's verification as `isVerify`. */
const productColumns = {
  _id: products._id,
  carName: products.carName,
  carPhoto: products.carPhoto,
  categoryName: products.categoryName,
  condition: products.condition,
  originalPrice: products.originalPrice,
  resalePrice: products.resalePrice,
  productLocation: products.productLocation,
  userYears: products.userYears,
  postTime: products.postTime,
  productDescription: products.productDescription,
  sellerName: products.sellerName,
  sellerPhoto: products.sellerPhoto,
  email: products.email,
  advertisement: products.advertisement,
  isVerify: sql<'true' | 'false'>`coalesce(${users.userVerify}, 'false')`.as('is_verify'),
  /** The seller's account (null: gone) and stored rating, from the same users row. */
  sellerId: sql<string | null>`${users._id}`.as('seller_id'),
  sellerRating:
    sql<SellerRating>`jsonb_build_object('count', ${users.reviewCount}, 'sum', ${users.reviewSum})`
      .mapWith(storedRating)
      .as('seller_rating'),
  /** Where the car is: its ZIP code and that place's name; both null: nowhere known. */
  zip: products.zip,
  place: sql<string | null>`(select ${places.city} || ', ' || ${places.state} from ${places}
    where ${places.zip} = ${products.zip})`.as('place'),
  /** A booking of it was marked sold: it is in no list of cars for sale. */
  sold: sql<boolean>`${products.soldAt} is not null`.as('sold'),
  // The vehicle data; the make is the category.
  make: sql<string>`${products.categoryName}`.as('make'),
  vin: products.vin,
  model: products.model,
  modelYear: products.modelYear,
  trim: products.trim,
  bodyStyle: products.bodyStyle,
  fuel: products.fuel,
  transmission: products.transmission,
  drive: products.drive,
  exteriorColor: products.exteriorColor,
  mileage: products.mileage,
  owners: products.owners,
};

/**
 * A car of the catalogue's lists (a category's, the advertised): as `productColumns`, and whether
 * its seller is a dealer (has a dealer profile) or a private seller, as a search's cars say.
 */
const listedColumns = {
  ...productColumns,
  sellerType: sql<'dealer' | 'private'>`case when exists (select 1 from dealer_profiles d
    where d.user_id = ${users._id}) then 'dealer' else 'private' end`.as('seller_type'),
};

/** The sort column, and how its value is written into (and read back from) a cursor. */
const SORT_COLUMNS: Record<
  ProductSort,
  { column: AnyColumn; key: SQL; cast: string; read: (value: string | number) => string }
> = {
  // Timestamps keep microseconds: the cursor carries them as text, never as a JS Date.
  createdAt: {
    column: products.createdAt,
    key: sql`${products.createdAt}::text`,
    cast: 'timestamptz',
    read: cursorTimestamp,
  },
  resalePrice: {
    column: products.resalePrice,
    key: sql`${products.resalePrice}`,
    cast: 'float8',
    read: cursorNumber,
  },
};

/**
 * A category's cars for sale: all of them without paging, else one page (by offset or by the
 * keyset `cursors` signs) and the total the triggers keep.
 */
async function categoryPage(db: Db, cursors: CursorCodec, request: CategoryPageRequest) {
  const { categoryName, condition, limit, offset, cursor, sort, order } = request;
  const filter = and(
    eq(products.categoryName, categoryName),
    forSale,
    condition ? eq(products.condition, condition) : undefined,
  );
  const fingerprint = `${categoryName}|${condition ?? ''}`;
  const { column, key, cast, read } = SORT_COLUMNS[sort];
  let where = filter;
  if (cursor !== undefined) {
    const at = cursors.decode(cursor);
    if (at.sort !== sort || at.order !== order || at.filter !== fingerprint) {
      throw new BadCursor('cursor: belongs to another sort or filter; start again without it');
    }
    const value = sql`${read(at.value)}::${sql.raw(cast)}`;
    // Keyset: the rows after the last one seen, in the same (sort value, id) order.
    const after =
      order === 'desc'
        ? sql`(${column}, ${products._id}) < (${value}, ${at.id})`
        : sql`(${column}, ${products._id}) > (${value}, ${at.id})`;
    where = and(filter, after);
  }
  const direction = (c: AnyColumn) => (order === 'desc' ? desc(c) : asc(c));
  const select = () =>
    db
      .select({ ...listedColumns, cursorKey: sql<string | number>`${key}`.as('cursor_key') })
      .from(products)
      .$dynamic();
  let query;
  if (offset) {
    // Skipping rows reads the index only (no table rows, no join); the page's rows are then
    // fetched and joined to their sellers. Keeps deep offsets cheap.
    let ids = db
      .select({ id: products._id })
      .from(products)
      .where(where)
      .orderBy(direction(column), direction(products._id))
      .offset(offset)
      .$dynamic();
    // One row more than asked tells whether there is a next page.
    if (limit !== undefined) ids = ids.limit(limit + 1);
    const page = ids.as('page');
    query = select()
      .innerJoin(page, eq(page.id, products._id))
      .leftJoin(users, eq(users.email, products.email))
      .orderBy(direction(column), direction(products._id));
  } else {
    query = select()
      .leftJoin(users, eq(users.email, products.email))
      .where(where)
      .orderBy(direction(column), direction(products._id));
    if (limit !== undefined) query = query.limit(limit + 1);
  }
  const paged = limit !== undefined || Boolean(offset) || cursor !== undefined;
  const [found, total] = await Promise.all([
    query,
    paged
      ? // The total is kept per (category, condition) by triggers: at most three rows to add.
        db
          .select({ n: sum(productCounts.n) })
          .from(productCounts)
          .where(
            and(
              eq(productCounts.categoryName, categoryName),
              condition ? eq(productCounts.condition, condition) : undefined,
            ),
          )
          .then(([row]) => Number(row?.n ?? 0))
      : Promise.resolve(-1),
  ]);
  const more = limit !== undefined && found.length > limit;
  const rows = more ? found.slice(0, limit) : found;
  const last = rows[rows.length - 1];
  const nextCursor =
    more && last
      ? cursors.encode({
          sort,
          order,
          filter: fingerprint,
          value: String(last.cursorKey),
          id: last._id,
        })
      : null;
  const page = {
    rows: rows.map(({ cursorKey: _key, ...product }) => product),
    total: total < 0 ? rows.length : total,
    nextCursor,
  };
  return page satisfies Page<unknown>;
}

/** The reads of cars: the catalogue's lists, a seller's own, one car, the categories. */
function productReads(db: Db, cursors: CursorCodec) {
  const list = (where: SQL | undefined) =>
    db
      .select(listedColumns)
      .from(products)
      .leftJoin(users, eq(users.email, products.email))
      .where(where)
      .orderBy(desc(products.createdAt), desc(products._id));
  /** As `list`, hidden cars too, each with its moderation (its owner's and the admins' lists). */
  const ownList = async (where: SQL | undefined, limit: number) => {
    const rows = await db
      .select({
        ...productColumns,
        hidden: products.hidden,
        hiddenReason: products.hiddenReason,
        reviewAskedAt: products.reviewAskedAt,
      })
      .from(products)
      .leftJoin(users, eq(users.email, products.email))
      .where(where)
      .orderBy(desc(products.createdAt), desc(products._id))
      .limit(limit);
    return rows.map(withModeration);
  };

  return {
    /** The advertised products, newest first, at most LIST_CAPS.advertised. */
    listAdvertised: () =>
      list(and(eq(products.advertisement, 'true'), forSale)).limit(LIST_CAPS.advertised),

    /** A category's products: all of them without paging, else one page and the total. */
    categoryPage: (request: CategoryPageRequest) => categoryPage(db, cursors, request),

    /**
     * A seller's products, newest first, at most LIST_CAPS.sellerProducts: hidden ones too,
     * with their moderation.
     */
    listBySeller: (email: string) =>
      ownList(eq(products.email, normaliseEmail(email)), LIST_CAPS.sellerProducts),

    /** One product, hidden or not (with its moderation when hidden); null: none. */
    async findById(id: string) {
      const [row] = await ownList(eq(products._id, id), 1);
      return row ?? null;
    },

    /** The stored category name spelt as stored (lookup is case-insensitive), or null. */
    async categoryName(name: string): Promise<string | null> {
      const [row] = await db
        .select({ categoryName: categories.categoryName })
        .from(categories)
        .where(sql`lower(${categories.categoryName}) = ${name.trim().toLowerCase()}`)
        .limit(1);
      return row?.categoryName ?? null;
    },

    /** The categories in display order. */
    listCategories: () =>
      db
        .select({
          _id: categories._id,
          categoryName: categories.categoryName,
          image: categories.image,
          rating: categories.rating,
        })
        .from(categories)
        .orderBy(asc(categories.position), asc(categories.categoryName)),
  };
}

/** `cursors` signs and reads the category pages' cursors (the server's secret). */
export function productsRepository(db: Db, cursors: CursorCodec = new CursorCodec()) {
  return { ...productReads(db, cursors), ...productWrites(db) };
}

export type ProductsRepository = ReturnType<typeof productsRepository>;
