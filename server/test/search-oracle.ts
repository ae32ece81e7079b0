/**
 * The brute-force answer the search tests check the server against: the same filters, sorts,
 * deal ratios and fair prices in TypeScript over the test's cars, and generated filters.
 */
import fc from 'fast-check';

export const CATEGORIES = ['Tesla', 'Ferrari', 'BMW', 'Lamborghini'] as const;
export const CONDITIONS = ['Excellent', 'Good', 'Fair'] as const;
export const PRICES = [9000, 12000, 12000, 15500, 20000, 27000, 31000, 45000];
export const LOCATIONS = [
  'Austin, TX',
  'Dallas, TX',
  'Los Angeles, CA',
  'Miami, FL',
  'Portland, OR',
];
export const SORTS = ['newest', 'price_asc', 'price_desc', 'deal', 'relevance'] as const;
export type Sort = (typeof SORTS)[number];

export interface Car {
  _id: string;
  categoryName: string;
  condition: string;
  resalePrice: number;
  userYears: number;
  productLocation: string;
  email: string;
  createdAt: number;
  verified: boolean;
  sold: boolean;
}

export interface Filters {
  category?: string[];
  condition?: string[];
  minPrice?: number;
  maxPrice?: number;
  minYears?: number;
  maxYears?: number;
  location?: string;
  verified?: boolean;
}

/** PostgreSQL's percentile_cont over sorted values. */
function percentile(sorted: number[], fraction: number): number {
  const position = fraction * (sorted.length - 1);
  const lo = Math.floor(position);
  const hi = Math.ceil(position);
  const low = sorted[lo]!;
  return low + (sorted[hi]! - low) * (position - lo);
}

export function matches(car: Car, f: Filters, except?: 'category' | 'condition'): boolean {
  if (car.sold) return false;
  if (except !== 'category' && f.category && !f.category.includes(car.categoryName)) return false;
  if (except !== 'condition' && f.condition && !f.condition.includes(car.condition)) return false;
  if (f.minPrice !== undefined && car.resalePrice < f.minPrice) return false;
  if (f.maxPrice !== undefined && car.resalePrice > f.maxPrice) return false;
  if (f.minYears !== undefined && car.userYears < f.minYears) return false;
  if (f.maxYears !== undefined && car.userYears > f.maxYears) return false;
  if (f.location && !car.productLocation.toLowerCase().includes(f.location.toLowerCase()))
    return false;
  if (f.verified && !car.verified) return false;
  return true;
}

const comparable = (car: Car, other: Car) =>
  !other.sold &&
  other.categoryName === car.categoryName &&
  other.condition === car.condition &&
  Math.abs(other.userYears - car.userYears) <= 2;

/**
 * The market value of a car without model, model year or mileage (as every car here): the
 * median price of its comparables, its own and its seller's included, in whole dollars.
 */
function marketValue(car: Car, all: Car[]) {
  const prices = all
    .filter((other) => comparable(car, other))
    .map((other) => other.resalePrice)
    .sort((a, b) => a - b);
  return { value: Math.round(percentile(prices, 0.5)), n: prices.length };
}

/** The deal ratio the sort uses and the badge rates: price over market value, 5 cars or more. */
function dealRatio(car: Car, all: Car[]): number | null {
  const { value, n } = marketValue(car, all);
  return n >= 5 && value > 0 ? car.resalePrice / value : null;
}

/** The fair price as the contract defines it: the ratio's rating, the value, its listings. */
export function fairPrice(car: Car, all: Car[]) {
  const ratio = dealRatio(car, all);
  if (ratio === null) return null;
  const rating = ratio <= 0.9 ? 'great' : ratio <= 0.97 ? 'good' : ratio <= 1.06 ? 'fair' : 'high';
  const { value, n } = marketValue(car, all);
  return { rating, median: value, comparables: n };
}

const byId = (a: Car, b: Car) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

export function bruteForce(all: Car[], f: Filters, sort: Sort): string[] {
  const found = all.filter((car) => matches(car, f));
  const order: Record<Sort, (a: Car, b: Car) => number> = {
    newest: (a, b) => b.createdAt - a.createdAt || byId(b, a),
    price_asc: (a, b) => a.resalePrice - b.resalePrice || byId(a, b),
    price_desc: (a, b) => b.resalePrice - a.resalePrice || byId(b, a),
    relevance: byId,
    deal: (a, b) => {
      const [ra, rb] = [dealRatio(a, all), dealRatio(b, all)];
      if (ra === null && rb === null) return byId(a, b);
      if (ra === null) return 1;
      if (rb === null) return -1;
      return ra - rb || byId(a, b);
    },
  };
  return found.sort(order[sort]).map((car) => car._id);
}

export function queryString(f: Filters, extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams();
  for (const c of f.category ?? []) params.append('category', c);
  for (const c of f.condition ?? []) params.append('condition', c);
  for (const key of ['minPrice', 'maxPrice', 'minYears', 'maxYears', 'location'] as const) {
    if (f[key] !== undefined) params.set(key, String(f[key]));
  }
  if (f.verified) params.set('verified', 'true');
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  return params.toString();
}

/** Each filter present about one time in three, so that most queries match some cars. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.option(arbitrary, { freq: 2, nil: undefined });
export const filtersArbitrary: fc.Arbitrary<Filters> = fc
  .record({
    category: sometimes(fc.subarray([...CATEGORIES], { minLength: 1 })),
    condition: sometimes(fc.subarray([...CONDITIONS], { minLength: 1 })),
    prices: sometimes(fc.tuple(fc.constantFrom(...PRICES), fc.constantFrom(...PRICES, 1e6))),
    years: sometimes(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 8 }))),
    location: sometimes(fc.constantFrom('tx', 'Austin', 'los angeles', 'a', 'Nowhere')),
    verified: sometimes(fc.constant(true)),
  })
  .map((r) => {
    const f: Filters = {};
    if (r.category) f.category = r.category;
    if (r.condition) f.condition = r.condition;
    if (r.location) f.location = r.location;
    if (r.verified) f.verified = true;
    if (r.prices) [f.minPrice, f.maxPrice] = [...r.prices].sort((a, b) => a - b);
    if (r.years) [f.minYears, f.maxYears] = [...r.years].sort((a, b) => a - b);
    return f;
  });
