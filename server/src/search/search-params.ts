/**
 * The filters of a search's query, checked as GET /products checks them (a bad value is a 400
 * naming its parameter), and their cache key. GET /products, its facets and the saved searches
 * (saved-search-query.ts) all read their filters here.
 */
import type { FastifyInstance } from 'fastify';
import { httpError } from '../platform/http/errors';
import { vehicleKey } from './search-filters';
import type { SearchFilters } from './search-types';
import { RADIUS_MILES, type FilterQuery } from './search-schemas';
import { NO_SUCH_ZIP } from '../places/places';
import { checkSearchText } from './search-text';
import { vehicleFiltersOf } from './vehicle-filters';
import { LIMITS } from '../platform/http/schemas';

/** One value or many, as a list. */
function many<T>(value: T | T[] | undefined): T[] | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value : [value];
}

function queryNumber(field: string, value: unknown, maximum: number): number | undefined {
  if (value === undefined) return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number) || number < 0 || number > maximum) {
    throw httpError(400, `${field}: must be a number from 0 to ${maximum}`);
  }
  return number;
}

/** Category names as stored, by their lower-case spelling (the catalogue cache's). */
const categoryNames = (app: FastifyInstance) =>
  app.catalogueCache.get('category-names', async () => {
    const rows = await app.readRepos.products.listCategories();
    return new Map(rows.map((row) => [row.categoryName.toLowerCase(), row.categoryName]));
  });

/** The place of `zip` and the radius around it: 400 for an unknown ZIP or radius, or no ZIP. */
async function nearOf(
  app: FastifyInstance,
  query: FilterQuery,
): Promise<Pick<SearchFilters, 'near' | 'radiusMiles'>> {
  const radius = query.radius === undefined ? undefined : Number(query.radius);
  if (radius !== undefined && !(RADIUS_MILES as readonly number[]).includes(radius)) {
    throw httpError(400, `radius: must be one of ${RADIUS_MILES.join(', ')}`);
  }
  if (query.zip === undefined) {
    if (radius !== undefined) throw httpError(400, 'radius: needs zip');
    return {};
  }
  const place = await app.readRepos.places.ofZip(query.zip.trim());
  if (!place) throw httpError(400, `zip: ${NO_SUCH_ZIP}`);
  const { zip, latitude, longitude } = place;
  return { near: { zip, latitude, longitude }, radiusMiles: radius };
}

/** The filters of a query the schema has passed, checked: a bad value is a 400 naming it. */
export async function searchFiltersOf(
  app: FastifyInstance,
  query: FilterQuery,
): Promise<SearchFilters> {
  checkSearchText(query.q);
  const filters: SearchFilters = {
    q: query.q?.trim() || undefined,
    conditions: many(query.condition as SearchFilters['conditions'] | undefined),
    minPrice: queryNumber('minPrice', query.minPrice, LIMITS.maxPrice),
    maxPrice: queryNumber('maxPrice', query.maxPrice, LIMITS.maxPrice),
    minYears: queryNumber('minYears', query.minYears, LIMITS.maxYears),
    maxYears: queryNumber('maxYears', query.maxYears, LIMITS.maxYears),
    location: query.location?.trim() || undefined,
    verified: query.verified === true || query.verified === 'true',
    sellerType: query.sellerType,
    seller: query.seller,
    ...vehicleFiltersOf(query),
  };
  const asked = many(query.category as string | string[] | undefined);
  if (asked) {
    const names = await categoryNames(app);
    filters.categories = asked.map((name) => {
      const stored = names.get(name.trim().toLowerCase());
      if (!stored) throw httpError(400, `category: no such category '${name}'`);
      return stored;
    });
  }
  Object.assign(filters, await nearOf(app, query));
  const { minPrice, maxPrice, minYears, maxYears } = filters;
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    throw httpError(400, 'minPrice: must not be more than maxPrice');
  }
  if (minYears !== undefined && maxYears !== undefined && minYears > maxYears) {
    throw httpError(400, 'minYears: must not be more than maxYears');
  }
  return filters;
}

/** A cache key of the filters (the same filters, spelt differently, share it). */
export const filtersKey = (filters: SearchFilters) =>
  JSON.stringify([
    filters.q ?? '',
    [...(filters.categories ?? [])].sort(),
    [...new Set(filters.conditions ?? [])].sort(),
    filters.minPrice ?? null,
    filters.maxPrice ?? null,
    filters.minYears ?? null,
    filters.maxYears ?? null,
    filters.location?.toLowerCase() ?? '',
    filters.verified ?? false,
    ...vehicleKey(filters),
    filters.seller ?? null,
    filters.sellerType ?? null,
    filters.near?.zip ?? null,
    filters.radiusMiles ?? null,
  ]);
