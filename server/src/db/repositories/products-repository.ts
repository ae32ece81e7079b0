import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { categories, orders, products, users, type ProductRow } from '../schema';
import { newId, normaliseEmail } from './ids';

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
};

export type NewProduct = Omit<ProductRow, '_id' | 'advertisement' | 'createdAt'>;

export function productsRepository(db: Db) {
  const list = (where: SQL | undefined) =>
    db
      .select(productColumns)
      .from(products)
      .leftJoin(users, eq(users.email, products.email))
      .where(where)
      .orderBy(desc(products.createdAt), desc(products._id));

  return {
    listAdvertised: () => list(eq(products.advertisement, 'true')),

    listByCategory: (categoryName: string) => list(eq(products.categoryName, categoryName)),

    listBySeller: (email: string) => list(eq(products.email, normaliseEmail(email))),

    async findById(id: string) {
      const [row] = await list(eq(products._id, id)).limit(1);
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

    async insert(product: NewProduct): Promise<string> {
      const id = newId();
      await db.insert(products).values({ ...product, _id: id, advertisement: 'false' });
      return id;
    },

    /** Sets the advertisement flag; answers how many rows changed. */
    async advertise(id: string): Promise<number> {
      const changed = await db
        .update(products)
        .set({ advertisement: 'true' })
        .where(and(eq(products._id, id), eq(products.advertisement, 'false')))
        .returning({ _id: products._id });
      return changed.length;
    },

    /** Deletes the product and the orders placed on it. */
    async delete(id: string): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.delete(orders).where(eq(orders.productID, id));
        const deleted = await tx
          .delete(products)
          .where(eq(products._id, id))
          .returning({ _id: products._id });
        return deleted.length;
      });
    },
  };
}

export type ProductsRepository = ReturnType<typeof productsRepository>;
