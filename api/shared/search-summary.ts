/**
 * A search's filters in a few words: 'BMW · under $60,000 · 2018+'. The default name of a saved
 * search (the server's) and the name the web app's 'Save this search' dialog suggests: one
 * function for both, with no imports, so the web app can take it as it is.
 */

/** The filters the summary reads (SearchFilters has these fields). */
export interface SummaryFilters {
  q?: string;
  categories?: readonly string[];
  models?: readonly string[];
  conditions?: readonly string[];
  minPrice?: number;
  maxPrice?: number;
  minYears?: number;
  maxYears?: number;
  minModelYear?: number;
  maxModelYear?: number;
  minMileage?: number;
  maxMileage?: number;
  fuels?: readonly string[];
  transmissions?: readonly string[];
  bodyStyles?: readonly string[];
  location?: string;
  verified?: boolean;
  /** Only dealers' cars, or only private sellers'. */
  sellerType?: 'dealer' | 'private';
  /** Near this ZIP code, within `radiusMiles` of it (absent: any distance). */
  zip?: string;
  radiusMiles?: number;
}

/** A saved search's name is at most this long; a longer summary is cut with '…'. */
export const SUMMARY_MAX = 80;
/** The summary of no filters at all. */
export const ALL_CARS = 'All cars';

const number = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
const dollars = (n: number) => `$${number(n)}`;

/** 'under $X', 'over $X', '$X–$Y'; `unit` formats a bound. */
function range(
  min: number | undefined,
  max: number | undefined,
  unit: (n: number) => string,
  words: { below: string; above: string },
): string | null {
  if (min !== undefined && max !== undefined) {
    return min === max ? unit(min) : `${unit(min)}–${unit(max)}`;
  }
  if (max !== undefined) return `${words.below} ${unit(max)}`;
  if (min !== undefined) return `${words.above} ${unit(min)}`;
  return null;
}

function modelYears(min?: number, max?: number): string | null {
  if (min !== undefined && max !== undefined) return min === max ? `${min}` : `${min}–${max}`;
  if (min !== undefined) return `${min}+`;
  if (max !== undefined) return `up to ${max}`;
  return null;
}

const joined = (values?: readonly string[]) => (values?.length ? values.join(', ') : null);

/** 'within 25 mi of 78701', or 'near 78701' without a radius. */
function near(zip?: string, radiusMiles?: number): string | null {
  if (!zip) return null;
  return radiusMiles ? `within ${radiusMiles} mi of ${zip}` : `near ${zip}`;
}

/** The filters in a few words, separated by ' · ' ('All cars' without any). */
export function searchSummary(filters: SummaryFilters): string {
  const years = (n: number) => `${number(n)} ${n === 1 ? 'year' : 'years'} used`;
  const parts = [
    joined([...(filters.categories ?? []), ...(filters.models ?? [])]),
    filters.q?.trim() ? `“${filters.q.trim()}”` : null,
    range(filters.minPrice, filters.maxPrice, dollars, { below: 'under', above: 'over' }),
    modelYears(filters.minModelYear, filters.maxModelYear),
    range(filters.minMileage, filters.maxMileage, (n) => `${number(n)} mi`, {
      below: 'up to',
      above: 'over',
    }),
    range(filters.minYears, filters.maxYears, years, { below: 'up to', above: 'over' }),
    joined(filters.conditions),
    joined(filters.fuels),
    joined(filters.transmissions),
    joined(filters.bodyStyles),
    filters.location?.trim() ? `in ${filters.location.trim()}` : null,
    filters.verified ? 'verified sellers' : null,
    filters.sellerType === 'dealer' ? 'dealers' : null,
    filters.sellerType === 'private' ? 'private sellers' : null,
    near(filters.zip, filters.radiusMiles),
  ].filter((part): part is string => Boolean(part));
  const text = parts.join(' · ') || ALL_CARS;
  return text.length <= SUMMARY_MAX ? text : `${text.slice(0, SUMMARY_MAX - 1).trimEnd()}…`;
}
