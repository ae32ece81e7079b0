import { searchProductsLimits, type SearchProductsApiArg } from '../../lib/api';

export const limits = searchProductsLimits.query;
export type Condition = (typeof limits.condition.enum)[number];
export type Sort = NonNullable<SearchProductsApiArg['sort']>;
export type Fuel = (typeof limits.fuel.enum)[number];
export type Transmission = (typeof limits.transmission.enum)[number];
export type BodyStyle = (typeof limits.bodyStyle.enum)[number];

/** The conditions a car may have, from the contract. */
export const CONDITIONS: readonly Condition[] = limits.condition.enum;
/** The fuels, transmissions and body styles a car may have, from the contract. */
export const FUELS: readonly Fuel[] = limits.fuel.enum;
export const TRANSMISSIONS: readonly Transmission[] = limits.transmission.enum;
export const BODY_STYLES: readonly BodyStyle[] = limits.bodyStyle.enum;

/** The sorts the page offers; 'Best match' only for a search with words (the server's default). */
export const SORTS: readonly { value: Sort; label: string }[] = [
  { value: 'relevance', label: 'Best match' },
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price low to high' },
  { value: 'price_desc', label: 'Price high to low' },
  { value: 'deal', label: 'Best deal' },
  { value: 'mileage_asc', label: 'Lowest mileage' },
  { value: 'year_desc', label: 'Newest model year' },
  { value: 'distance', label: 'Nearest first' },
];

/** The radii a search near a ZIP offers, in miles (the server takes these alone). */
export const RADII = ['10', '25', '50', '100', '200', '500'] as const;

/** The seller types the search filters by: a seller with a dealer profile, or any other. */
export const SELLER_TYPES = ['dealer', 'private'] as const;
export type SellerType = (typeof SELLER_TYPES)[number];
export type Radius = (typeof RADII)[number];

/** A US ZIP code as the server takes it: five digits. */
export const ZIP = /^\d{5}$/;

/** A search as the URL holds it: words, filters and sort (the page's cursor aside). */
export interface CarSearch {
  q: string;
  category: string[];
  condition: Condition[];
  minPrice: string;
  maxPrice: string;
  minYears: string;
  maxYears: string;
  location: string;
  verified: boolean;
  /** Only dealers' cars, or only private sellers'; '': both. */
  sellerType: SellerType | '';
  model: string[];
  minModelYear: string;
  maxModelYear: string;
  maxMileage: string;
  fuel: Fuel[];
  transmission: Transmission[];
  bodyStyle: BodyStyle[];
  /** Where the buyer is: a five-digit ZIP code (every car then has its distance), or ''. */
  zip: string;
  /** With a ZIP: only the cars within this many miles; '': any distance. */
  radius: Radius | '';
  /** Empty: the server's default (best match with words, else newest). */
  sort: Sort | '';
}

export const EMPTY_SEARCH: CarSearch = {
  q: '',
  category: [],
  condition: [],
  minPrice: '',
  maxPrice: '',
  minYears: '',
  maxYears: '',
  location: '',
  verified: false,
  sellerType: '',
  model: [],
  minModelYear: '',
  maxModelYear: '',
  maxMileage: '',
  fuel: [],
  transmission: [],
  bodyStyle: [],
  zip: '',
  radius: '',
  sort: '',
};

/** What the server accepts as a number in the query (digits, an optional decimal part). */
const NUMBER = /^\d{1,12}(\.\d{1,4})?$/;
const CURSOR = new RegExp(`^[A-Za-z0-9_-]{1,${limits.cursor.maxLength}}$`);

/** A number field's text as the server takes it, or '' (a value it would refuse is left out). */
export function cleanNumber(text: string, maximum: number): string {
  const value = text.trim().replace(/[$,\s]/g, '');
  return NUMBER.test(value) && Number(value) <= maximum ? value : '';
}

export const MAX_PRICE = limits.maxPrice.maximum;
export const MAX_YEARS = limits.maxYears.maximum;
const MAX_MILEAGE = limits.maxMileage.maximum;
const WHOLE = /^\d+$/;

/** A model year as the server takes it (a whole number from 1900 to 2100), or ''. */
export function cleanModelYear(text: string): string {
  const value = text.trim();
  const year = Number(value);
  return WHOLE.test(value) &&
    year >= limits.minModelYear.minimum &&
    year <= limits.maxModelYear.maximum
    ? String(year)
    : '';
}

/** A mileage as the server takes it (whole miles, commas allowed as typed), or ''. */
export function cleanMileage(text: string): string {
  const value = text
    .trim()
    .replace(/[,\s]/g, '')
    .replace(/mi(les)?$/i, '');
  return WHOLE.test(value) && Number(value) <= MAX_MILEAGE ? String(Number(value)) : '';
}

/** The values of a list the contract names, in its order. */
export const among = <T extends string>(all: readonly T[], values: string[]): T[] =>
  all.filter((value) => values.includes(value));

/** The number fields of a search, as they go into the URL and the API. */
const NUMBER_KEYS = [
  'minPrice',
  'maxPrice',
  'minYears',
  'maxYears',
  'location',
  'minModelYear',
  'maxModelYear',
  'maxMileage',
] as const;

/** Reads the search and the page's cursor from the URL, leaving out what the server would refuse. */
export function readSearch(params: URLSearchParams): { search: CarSearch; cursor: string | null } {
  const text = (key: 'q' | 'location') =>
    (params.get(key) ?? '').trim().slice(0, limits[key].maxLength);
  const zip = (params.get('zip') ?? '').trim();
  const near = ZIP.test(zip);
  const radius = params.get('radius') ?? '';
  const sort = params.get('sort') ?? '';
  const cursor = params.get('cursor');
  const category = [...new Set(params.getAll('category').map((c) => c.trim()))].filter(
    (c) => c && c.length <= limits.category.maxLength,
  );
  const condition = among(CONDITIONS, params.getAll('condition'));
  const model = [...new Set(params.getAll('model').map((m) => m.trim()))].filter(
    (m) => m && m.length <= limits.model.maxLength,
  );
  return {
    search: {
      q: text('q'),
      category: category.slice(0, limits.category.maxItems),
      condition,
      minPrice: cleanNumber(params.get('minPrice') ?? '', MAX_PRICE),
      maxPrice: cleanNumber(params.get('maxPrice') ?? '', MAX_PRICE),
      minYears: cleanNumber(params.get('minYears') ?? '', MAX_YEARS),
      maxYears: cleanNumber(params.get('maxYears') ?? '', MAX_YEARS),
      location: text('location'),
      verified: params.get('verified') === 'true',
      sellerType: among(SELLER_TYPES, [params.get('sellerType') ?? ''])[0] ?? '',
      model: model.slice(0, limits.model.maxItems),
      minModelYear: cleanModelYear(params.get('minModelYear') ?? ''),
      maxModelYear: cleanModelYear(params.get('maxModelYear') ?? ''),
      maxMileage: cleanMileage(params.get('maxMileage') ?? ''),
      fuel: among(FUELS, params.getAll('fuel')),
      transmission: among(TRANSMISSIONS, params.getAll('transmission')),
      bodyStyle: among(BODY_STYLES, params.getAll('bodyStyle')),
      zip: near ? zip : '',
      // A radius or 'Nearest first' without a ZIP means nothing (the server would refuse it).
      radius: near && (RADII as readonly string[]).includes(radius) ? (radius as Radius) : '',
      sort:
        SORTS.some((s) => s.value === sort) && (near || sort !== 'distance') ? (sort as Sort) : '',
    },
    cursor: cursor && CURSOR.test(cursor) ? cursor : null,
  };
}

/** The URL's query for a search (and a page's cursor): only what is set, in a fixed order. */
export function searchQuery(search: CarSearch, cursor: string | null = null): string {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  for (const category of search.category) params.append('category', category);
  for (const key of ['condition', 'model', 'fuel', 'transmission', 'bodyStyle'] as const) {
    for (const value of search[key]) params.append(key, value);
  }
  for (const key of NUMBER_KEYS) {
    if (search[key]) params.set(key, search[key]);
  }
  if (search.verified) params.set('verified', 'true');
  if (search.sellerType) params.set('sellerType', search.sellerType);
  if (search.zip) params.set('zip', search.zip);
  if (search.zip && search.radius) params.set('radius', search.radius);
  if (search.sort) params.set('sort', search.sort);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The filters as the API takes them (what is not set is left out). */
export function apiFilters(search: CarSearch): Omit<SearchProductsApiArg, 'cursor' | 'limit'> {
  const filters: Omit<SearchProductsApiArg, 'cursor' | 'limit'> = {};
  if (search.q) filters.q = search.q;
  if (search.category.length) filters.category = search.category;
  if (search.condition.length) filters.condition = search.condition;
  if (search.model.length) filters.model = search.model;
  if (search.fuel.length) filters.fuel = search.fuel;
  if (search.transmission.length) filters.transmission = search.transmission;
  if (search.bodyStyle.length) filters.bodyStyle = search.bodyStyle;
  for (const key of NUMBER_KEYS) {
    if (search[key]) filters[key] = search[key];
  }
  if (search.verified) filters.verified = 'true';
  if (search.sellerType) filters.sellerType = search.sellerType;
  if (search.zip) filters.zip = search.zip;
  if (search.zip && search.radius) filters.radius = Number(search.radius);
  if (search.sort) filters.sort = search.sort;
  return filters;
}

/**
 * What the page asks the API for a search: its cars from `start` (the cursor the search was
 * opened with) and its facets (every filter, no sort). The server's rendering of the page asks
 * the same (src/renderSearchPage.tsx), so the browser finds both in its cache.
 */
export function pageRequests(search: CarSearch, start: string | null) {
  const filters = apiFilters(search);
  const { sort: _sort, ...facets } = filters;
  return { results: { ...filters, start }, facets };
}

/** Whether any filter (not the words, not the sort) is set. */
export function hasFilters(search: CarSearch): boolean {
  return (
    search.category.length > 0 ||
    search.condition.length > 0 ||
    search.model.length > 0 ||
    search.fuel.length > 0 ||
    search.transmission.length > 0 ||
    search.bodyStyle.length > 0 ||
    NUMBER_KEYS.some((key) => Boolean(search[key])) ||
    Boolean(search.radius) ||
    search.verified ||
    Boolean(search.sellerType)
  );
}

/**
 * The search without its filters: the words, the sort and where the buyer is (the ZIP) stay,
 * unless there was nothing else.
 */
export function withoutFilters(search: CarSearch): CarSearch {
  if (!hasFilters(search)) return EMPTY_SEARCH;
  return { ...EMPTY_SEARCH, q: search.q, zip: search.zip, sort: search.sort };
}

/** The search near another ZIP, or near none ('Nearest first' and the radius go with it). */
export function nearZip(search: CarSearch, zip: string): CarSearch {
  if (zip) return { ...search, zip };
  return { ...search, zip: '', radius: '', sort: search.sort === 'distance' ? '' : search.sort };
}
