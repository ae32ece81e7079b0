/**
 * A saved search's query: the /cars URL's search part, read and checked exactly as GET /products
 * reads and checks its query string (the same compiled schema, the same filter checks, the same
 * 400 naming the parameter), then written in one canonical form.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { validationMessage } from '../platform/http/error-handler';
import { httpError } from '../platform/http/errors';
import { fieldWithNul } from '../platform/http/nul-check';
import type { SearchFilters } from '../search/search-types';
import { SearchQuery, type FilterQuery } from '../search/search-schemas';
import { searchFiltersOf } from '../search/search-params';

/** GET /products' parameters that are not filters: accepted, checked, then left out. */
const NOT_FILTERS = ['sort', 'cursor', 'limit'];

/** The query string as Fastify's parser hands it over: a repeated key as an array. */
function parseQuery(text: string): Record<string, string | string[]> {
  const params = new URLSearchParams(text.startsWith('?') ? text.slice(1) : text);
  // No prototype: a key named `__proto__` is a key like any other.
  const parsed = Object.create(null) as Record<string, string | string[]>;
  for (const [key, value] of params) {
    const had = parsed[key];
    parsed[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return parsed;
}

/** The filters in one spelling: the same filters, however written, give the same query. */
export function canonicalQuery(filters: SearchFilters): string {
  const params = new URLSearchParams();
  const list = (key: string, values?: readonly string[]) => {
    for (const value of [...new Set(values ?? [])].sort()) params.append(key, value);
  };
  const number = (key: string, value?: number) => {
    if (value !== undefined) params.set(key, String(value));
  };
  if (filters.q) params.set('q', filters.q);
  list('category', filters.categories);
  list('condition', filters.conditions);
  list('model', filters.models);
  list('fuel', filters.fuels);
  list('transmission', filters.transmissions);
  list('bodyStyle', filters.bodyStyles);
  number('minPrice', filters.minPrice);
  number('maxPrice', filters.maxPrice);
  number('minYears', filters.minYears);
  number('maxYears', filters.maxYears);
  if (filters.location) params.set('location', filters.location);
  number('minModelYear', filters.minModelYear);
  number('maxModelYear', filters.maxModelYear);
  number('minMileage', filters.minMileage);
  number('maxMileage', filters.maxMileage);
  if (filters.verified) params.set('verified', 'true');
  if (filters.sellerType) params.set('sellerType', filters.sellerType);
  if (filters.near) params.set('zip', filters.near.zip);
  if (filters.near) number('radius', filters.radiusMiles);
  return params.toString();
}

/** The filters of a saved search's query and its canonical form; a bad one is GET /products' 400. */
export async function savedSearchQuery(
  app: FastifyInstance,
  request: FastifyRequest,
  text: string,
): Promise<{ filters: SearchFilters; query: string }> {
  const parsed = parseQuery(text);
  const nul = fieldWithNul(parsed);
  if (nul !== null) {
    throw httpError(400, `${nul || 'query'}: must not contain the NUL character (U+0000)`);
  }
  const validate = request.compileValidationSchema(SearchQuery, 'querystring');
  if (!validate(parsed)) {
    const failed = { validation: validate.errors ?? [], validationContext: 'querystring' };
    throw httpError(400, validationMessage(failed as unknown as FastifyError));
  }
  // A seller page's list is not a search to be alerted of (the alerts match no seller).
  if (parsed.seller !== undefined)
    throw httpError(400, 'seller: a saved search cannot name a seller');
  for (const key of NOT_FILTERS) delete parsed[key];
  const filters = await searchFiltersOf(app, parsed as FilterQuery);
  return { filters, query: canonicalQuery(filters) };
}
