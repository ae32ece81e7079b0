import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client';
import { categories } from '../platform/db/schema';
import { newId } from '../platform/db/ids';

/** A category as the admin's Categories screen lists it: its place and how many cars it has. */
export interface AdminCategory {
  _id: string;
  categoryName: string;
  image: string;
  rating: number;
  /** Its place in the display order, from 1 (the home page shows the first four). */
  position: number;
  /** Its cars, sold ones included (a category with any cannot be deleted). */
  cars: number;
}

export interface CategoryFields {
  categoryName: string;
  image: string;
  rating: number;
}

/** Why a write was refused: the name is taken (any letter case), or the category has cars. */
export type CategoryRefusal = { refused: 'exists' } | { refused: 'has-cars' };

/** Whether the error (or the database error it wraps) has this SQLSTATE. */
function hasCode(error: unknown, code: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth += 1) {
    if ((e as { code?: unknown }).code === code) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
const UNIQUE_VIOLATION = '23505';
/**
 * A category with cars deleted: PostgreSQL says so as a foreign-key violation, PGlite with
 * RESTRICT's own code (products' is the only key on categories).
 */
const STILL_REFERENCED = ['23503', '23001'];

/** The admin's writes to the categories (the public list is the products repository's). */
export function categoriesRepository(db: Db) {
  const columns = {
    _id: categories._id,
    categoryName: categories.categoryName,
    image: categories.image,
    rating: categories.rating,
    position: categories.position,
    // Spelt out: drizzle leaves a column in a select's subquery unqualified.
    cars: sql<number>`(select count(*)::int from "products" as "p" where "p"."category_name" = "categories"."category_name")`,
  };

  /** Numbers the categories 1…n in display order, `moved` (if any) at `position`. */
  async function renumber(tx: Tx, moved?: { id: string; position: number }): Promise<void> {
    const rows = await tx
      .select({ _id: categories._id })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.categoryName))
      .for('update');
    const ids = rows.map((row) => row._id).filter((id) => id !== moved?.id);
    if (moved) ids.splice(Math.min(Math.max(moved.position, 1), ids.length + 1) - 1, 0, moved.id);
    // One at a time: a transaction's client runs one query at a time (a few dozen rows at most).
    for (const [i, id] of ids.entries()) {
      await tx
        .update(categories)
        .set({ position: i + 1 })
        .where(sql`${categories._id} = ${id} and ${categories.position} <> ${i + 1}`);
    }
  }

  async function find(id: string, tx: Tx | Db = db): Promise<AdminCategory | null> {
    const [row] = await tx.select(columns).from(categories).where(eq(categories._id, id));
    return row ?? null;
  }

  return {
    find: (id: string) => find(id),

    /** Every category in display order, with its number of cars. */
    list: (): Promise<AdminCategory[]> =>
      db
        .select(columns)
        .from(categories)
        .orderBy(asc(categories.position), asc(categories.categoryName)),

    /** A new category, last in the display order. */
    async create(fields: CategoryFields): Promise<AdminCategory | CategoryRefusal> {
      try {
        return await db.transaction(async (tx) => {
          await renumber(tx);
          const id = newId();
          await tx.insert(categories).values({
            _id: id,
            ...fields,
            position: sql`(select coalesce(max(${categories.position}), 0) + 1 from ${categories})`,
          });
          return (await find(id, tx))!;
        });
      } catch (error) {
        if (hasCode(error, UNIQUE_VIOLATION)) return { refused: 'exists' };
        throw error;
      }
    },

    /**
     * Changes what is given; a new name is its cars' too (the foreign key cascades), a new
     * position moves it there, shifting the others. Null: no such category.
     */
    async update(
      id: string,
      fields: Partial<CategoryFields> & { position?: number },
    ): Promise<AdminCategory | CategoryRefusal | null> {
      const { position, ...values } = fields;
      try {
        return await db.transaction(async (tx) => {
          if (Object.keys(values).length > 0) {
            const changed = await tx
              .update(categories)
              .set(values)
              .where(eq(categories._id, id))
              .returning({ _id: categories._id });
            if (changed.length === 0) return null;
          }
          if (position !== undefined) {
            if (!(await find(id, tx))) return null;
            await renumber(tx, { id, position });
          }
          return find(id, tx);
        });
      } catch (error) {
        if (hasCode(error, UNIQUE_VIOLATION)) return { refused: 'exists' };
        throw error;
      }
    },

    /** Deletes a category without cars (the others close the gap); 0: there was none. */
    async remove(id: string): Promise<number | CategoryRefusal> {
      try {
        return await db.transaction(async (tx) => {
          const deleted = await tx
            .delete(categories)
            .where(eq(categories._id, id))
            .returning({ _id: categories._id });
          if (deleted.length > 0) await renumber(tx);
          return deleted.length;
        });
      } catch (error) {
        if (STILL_REFERENCED.some((code) => hasCode(error, code))) return { refused: 'has-cars' };
        throw error;
      }
    },
  };
}
