/** The name 'Save this search' suggests: the server's own summary of the filters. */
import { searchSummary } from '../../../api/shared/search-summary';
import { searchQuery, type CarSearch } from './searchParams';

/** The longest name of a saved search (the contract's). */
export { SUMMARY_MAX as SAVED_NAME_MAX } from '../../../api/shared/search-summary';

const number = (text: string) => (text ? Number(text) : undefined);

/** The search's filters in a few words ('BMW · under $60,000 · 2018+'), as the server writes them. */
export function searchName(search: CarSearch): string {
  return searchSummary({
    q: search.q,
    categories: search.category,
    models: search.model,
    conditions: search.condition,
    minPrice: number(search.minPrice),
    maxPrice: number(search.maxPrice),
    minYears: number(search.minYears),
    maxYears: number(search.maxYears),
    minModelYear: number(search.minModelYear),
    maxModelYear: number(search.maxModelYear),
    maxMileage: number(search.maxMileage),
    fuels: search.fuel,
    transmissions: search.transmission,
    bodyStyles: search.bodyStyle,
    location: search.location,
    verified: search.verified,
    sellerType: search.sellerType || undefined,
    zip: search.zip || undefined,
    radiusMiles: number(search.radius),
  });
}

/** The filters a saved search keeps: the URL's query without its sort (and without '?'). */
export const savedQuery = (search: CarSearch) => searchQuery({ ...search, sort: '' }).slice(1);
