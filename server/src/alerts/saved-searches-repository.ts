/** Saved searches: an account's named filters of /cars, at most MAX_SAVED_SEARCHES. */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { SearchFilters } from '../search/search-types';
import type { Db } from '../platform/db/client';
import {
  savedSearches,
  users,
  type SavedSearchNotify,
  type SavedSearchRow,
} from '../platform/db/schema';
import { newId } from '../platform/db/ids';

/** The most saved searches one account keeps. */
export const MAX_SAVED_SEARCHES = 50;

/** A list filter as a column: null (any) when it names nothing. */
const listColumn = (values?: readonly string[]) =>
  values?.length ? [...new Set(values)].sort() : null;

/** The filters as the table's columns (null: not set). */
function filterColumns(filters: SearchFilters) {
  return {
    q: filters.q ?? null,
    makes: listColumn(filters.categories),
    models: listColumn(filters.models),
    conditions: listColumn(filters.conditions),
    fuels: listColumn(filters.fuels),
    transmissions: listColumn(filters.transmissions),
    bodyStyles: listColumn(filters.bodyStyles),
    minPrice: filters.minPrice ?? null,
    maxPrice: filters.maxPrice ?? null,
    minYears: filters.minYears ?? null,
    maxYears: filters.maxYears ?? null,
    minModelYear: filters.minModelYear ?? null,
    maxModelYear: filters.maxModelYear ?? null,
    minMileage: filters.minMileage ?? null,
    maxMileage: filters.maxMileage ?? null,
    location: filters.location ?? null,
    verified: filters.verified ?? false,
    sellerType: filters.sellerType ?? null,
    nearZip: filters.near?.zip ?? null,
    latitude: filters.near?.latitude ?? null,
    longitude: filters.near?.longitude ?? null,
    radiusMiles: filters.near ? (filters.radiusMiles ?? null) : null,
  };
}

/** A saved search's filters, read back from its columns. */
export function filtersOfRow(row: SavedSearchRow): SearchFilters {
  const filters: SearchFilters = {
    q: row.q ?? undefined,
    categories: row.makes ?? undefined,
    models: row.models ?? undefined,
    conditions: (row.conditions ?? undefined) as SearchFilters['conditions'],
    fuels: (row.fuels ?? undefined) as SearchFilters['fuels'],
    transmissions: (row.transmissions ?? undefined) as SearchFilters['transmissions'],
    bodyStyles: (row.bodyStyles ?? undefined) as SearchFilters['bodyStyles'],
    minPrice: row.minPrice ?? undefined,
    maxPrice: row.maxPrice ?? undefined,
    minYears: row.minYears ?? undefined,
    maxYears: row.maxYears ?? undefined,
    minModelYear: row.minModelYear ?? undefined,
    maxModelYear: row.maxModelYear ?? undefined,
    minMileage: row.minMileage ?? undefined,
    maxMileage: row.maxMileage ?? undefined,
    location: row.location ?? undefined,
    verified: row.verified,
    sellerType: row.sellerType ?? undefined,
  };
  if (row.nearZip !== null && row.latitude !== null && row.longitude !== null) {
    filters.near = { zip: row.nearZip, latitude: row.latitude, longitude: row.longitude };
    if (row.radiusMiles !== null) filters.radiusMiles = row.radiusMiles;
  }
  return filters;
}

export interface NewSavedSearch {
  userId: string;
  name: string;
  /** The canonical query string. */
  query: string;
  filters: SearchFilters;
  /** How its new matches are mailed (default 'daily'). */
  notify?: SavedSearchNotify;
}

export type SaveOutcome = { saved: SavedSearchRow } | { refused: 'duplicate' | 'full' };

export function savedSearchesRepository(db: Db) {
  const mine = (id: string, userId: string) =>
    and(eq(savedSearches._id, id), eq(savedSearches.userId, userId));

  return {
    /** The account's saved searches, newest first. */
    list: (userId: string) =>
      db
        .select()
        .from(savedSearches)
        .where(eq(savedSearches.userId, userId))
        .orderBy(desc(savedSearches.createdAt), desc(savedSearches._id)),

    /**
     * Saves a search, unless the account saved the same filters already or keeps the most. The
     * account's row is locked first, so two saves at once are counted one after the other.
     */
    insert: (search: NewSavedSearch): Promise<SaveOutcome> =>
      db.transaction(async (tx) => {
        await tx
          .select({ id: users._id })
          .from(users)
          .where(eq(users._id, search.userId))
          .for('update');
        const [held] = await tx
          .select({ n: count() })
          .from(savedSearches)
          .where(eq(savedSearches.userId, search.userId));
        if (Number(held?.n ?? 0) >= MAX_SAVED_SEARCHES) return { refused: 'full' };
        const [saved] = await tx
          .insert(savedSearches)
          .values({
            _id: newId(),
            userId: search.userId,
            name: search.name,
            query: search.query,
            notify: search.notify ?? 'daily',
            ...filterColumns(search.filters),
          })
          .onConflictDoNothing({ target: [savedSearches.userId, savedSearches.query] })
          .returning();
        return saved ? { saved } : { refused: 'duplicate' };
      }),

    /**
     * Renames it, marks it opened now, and/or changes how it is mailed; null: not the account's
     * (or no such search).
     */
    async update(
      id: string,
      userId: string,
      changes: { name?: string; opened?: boolean; notify?: SavedSearchNotify },
    ) {
      const [row] = await db
        .update(savedSearches)
        .set({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.opened ? { openedAt: sql`now()` } : {}),
          ...(changes.notify !== undefined ? { notify: changes.notify } : {}),
        })
        .where(mine(id, userId))
        .returning();
      return row ?? null;
    },

    /** Deletes it: 'deleted', 'absent' (no such search), or 'others' (another account's). */
    async remove(id: string, userId: string): Promise<'deleted' | 'absent' | 'others'> {
      const gone = await db
        .delete(savedSearches)
        .where(mine(id, userId))
        .returning({ id: savedSearches._id });
      if (gone.length) return 'deleted';
      const [other] = await db
        .select({ id: savedSearches._id })
        .from(savedSearches)
        .where(eq(savedSearches._id, id));
      return other ? 'others' : 'absent';
    },
  };
}

export type SavedSearchesRepository = ReturnType<typeof savedSearchesRepository>;
