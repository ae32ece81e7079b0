/**
 * Search over the cars for sale (GET /api/products), its facets, the car's page and the deal
 * ratios' refresh: the catalogue's data access, one job per module beside this one.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { carQueries } from '../cars/cars';
import { CursorCodec, MAX_CURSOR_OFFSET } from '../platform/http/cursors';
import { dealRatioRefresh } from '../valuation/deal-ratio-refresh';
import type { MarketFitsCache } from '../valuation/market-fits-cache';
import type { MarketTrust } from '../valuation/market-trust';
import { countedFacets } from './facets';
import { facetsInOnePass, type FacetSample } from './facets-one-pass';
import { marketColumnsOf } from '../valuation/fair-price';
import { roughTotal } from './rough-total';
import { rankedAtMost, searchQuery } from './search-query';
import { conditions, groupsOnly, totalQuery } from './search-filters';
import { toProduct, type RawRow } from '../cars/car-rows';
import { rowsInIndexOrder, rowsOf } from '../platform/db/rows';
import type { Facets, SearchFilters, SearchRequest, VehicleFacets } from './search-types';
import { countedVehicleFacets } from './vehicle-counts';
import { textQueries } from './text-query';
import { distanceBands } from './distance-bands';
import { facetsNear, oneNearPass } from './facets-near';
import { radiusPlan } from './radius-plan';
import { rowsWithExactBitmaps } from './exact-bitmaps';

export interface SearchOptions {
  /**
   * The most matches of free text a search ranks or sorts, and the total past which its own
   * count is estimated (default SEARCH_CANDIDATES).
   */
  candidates?: number;
  /** The most cars a total counts exactly when it is not a sum of kept counts (EXACT_TOTALS). */
  exactTotals?: number;
  /** The fits kept in memory for the valuation, cleared by each market refresh done here. */
  marketFits?: MarketFitsCache;
  /** How the market values weigh sellers (default DEFAULT_MARKET_TRUST). */
  marketTrust?: MarketTrust;
}

/**
 * Matches of free text ranked (or sorted) at most, and counted exactly at most. Reading and
 * ranking 10,000 of a make's quarter of a million cars took 20 ms of the query at a million cars
 * (42 ms p50 for the request on a busy machine); half as many, half as long.
 */
export const SEARCH_CANDIDATES = 5_000;

/**
 * The most cars a search's total counts before it is estimated, when the total is not a sum of
 * kept counts (make and condition only). Counting 10,000 cars of a price range took 21 ms at a
 * million cars, of a place 102 ms, of the verified sellers 108; 1,000 cost a tenth of that. Past
 * it the total reads 'about …', as search engines' do.
 */
export const EXACT_TOTALS = 1_000;

/**
 * The counts and ranges of the facets, with their text query made: sums of kept counts for
 * make and condition filters only (or none), else one pass over the matching cars (at most
 * `sample`'s size of them).
 */
async function facetCounts(
  db: Db,
  filters: SearchFilters,
  query: SQL | null,
  sample: FacetSample | undefined,
) {
  if (!groupsOnly(filters, query)) return facetsInOnePass(db, filters, query, sample);
  const [counts, vehicle] = await Promise.all([
    countedFacets(db, filters),
    countedVehicleFacets(db, filters),
  ]);
  return { ...counts, ...vehicle, countsExact: true };
}

/**
 * How a page's query is read: in index order when it says so; free text within a radius in
 * another sort with the words' and the box's bitmaps ANDed, kept exact; else as it is.
 */
function pageReader(inIndexOrder: boolean, request: SearchRequest, text: SQL | null) {
  if (inIndexOrder) return rowsInIndexOrder;
  const radius = request.near !== undefined && request.radiusMiles !== undefined;
  return text !== null && radius ? rowsWithExactBitmaps : rowsOf;
}

/** `cursors` signs and reads the search pages' cursors (the server's secret). */
export function searchRepository(
  db: Db,
  cursors: CursorCodec = new CursorCodec(),
  options: SearchOptions = {},
) {
  const candidates = options.candidates ?? SEARCH_CANDIDATES;
  const exactTotals = options.exactTotals ?? EXACT_TOTALS;
  const { textQuery } = textQueries(db);
  const { refreshDeals, dealsBehind } = dealRatioRefresh(
    db,
    options.marketTrust,
    options.marketFits,
  );
  const { car, forSaleIdsIn, forSaleBounds } = carQueries(db);

  /** The planner's estimate of the cars matching `where` (no car read). */
  async function estimate(where: SQL): Promise<number> {
    const [row] = await rowsOf<Record<string, unknown>>(
      db,
      sql`explain (format json) select 1 from products p where ${where}`,
    );
    const raw = row ? Object.values(row)[0] : undefined;
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [
      { Plan: { 'Plan Rows': number } },
    ];
    return Number(plan[0]?.Plan['Plan Rows'] ?? 0);
  }

  /** Every car matching `where` counted (a sum of kept counts where the filters allow). */
  async function exactCount(filters: SearchFilters, text: SQL | null, where: SQL) {
    const [row] = await rowsOf<{ n: number | string | null }>(db, totalQuery(filters, text, where));
    return Number(row?.n ?? 0);
  }

  /**
   * At most `cap` + 1 of the cars matching `where`, counted. Within a radius the cars of the
   * circle's box are read from products_for_sale_point_facets_idx alone (an index-only scan,
   * which holds the filters' usual columns too) until there are enough: around New York at a
   * million cars, 216 of its pages for 1,001 cars, 978 with price and mileage filters.
   */
  async function countUpTo(where: SQL, cap: number): Promise<number> {
    const [row] = await rowsOf<{ n: number | string | null }>(
      db,
      sql`select count(*) as n from (select 1 from products p where ${where}
        limit ${cap + 1}) m`,
    );
    return Number(row?.n ?? 0);
  }

  /**
   * One page of a search. Its total is exact (`totalExact`) when it is a sum of kept counts, or
   * when the matches are at most `exactTotals` (free text: `candidates`, or by relevance within
   * a radius NEAR_TEXT_CANDIDATES); past them it is the planner's estimate, rounded, and free
   * text has ranked or sorted only that many of the matches (within a radius, the nearest).
   */
  async function search(request: SearchRequest) {
    const { sort, limit } = request;
    const { query: text, ignoredWords } = await textQuery(request.q);
    // A dense circle's page by the sort's own index; its total still counted on the box.
    const radiusBy = await radiusPlan(db, request, text);
    const ranks = rankedAtMost(request, sort, candidates);
    const planned = searchQuery({ ...request, radiusBy }, text, cursors, ranks);
    const { query, keyset, offset, filter } = planned;
    const where = radiusBy === 'box' ? planned.where : conditions(request, text);
    const read = await pageReader(planned.inIndexOrder, request, text)<RawRow>(db, query);
    // Each car's stored market value and rating, in one more query for the page's cars.
    const market = await marketColumnsOf(
      db,
      read.map((row) => row._id),
    );
    const found = read.map((row) => ({ ...row, ...market.get(row._id) }));
    // Counted exactly up to `cap` (free text: the matches it ranks), estimated past it.
    const cap = text ? ranks : exactTotals;
    // Free text reads at most `candidates` + 1 matches: its page query counts them.
    const inline = found[0]?.inlineTotal;
    let total: number;
    let totalExact = true;
    if (inline !== undefined && inline !== null) {
      total = Number(inline);
      totalExact = total <= cap;
    } else if (request.cursor === undefined && found.length <= limit) {
      // A first page that holds every match has counted them.
      total = found.length;
    } else if (groupsOnly(request, text) || !Number.isFinite(cap)) {
      total = await exactCount(request, text, where);
    } else {
      total = await countUpTo(where, cap);
      totalExact = total <= cap;
    }
    if (!totalExact) total = roughTotal(await estimate(where), total);
    const more = found.length > limit;
    const rows = more ? found.slice(0, limit) : found;
    const last = rows[rows.length - 1];
    let nextCursor: string | null = null;
    if (more && last && (keyset || offset + limit <= MAX_CURSOR_OFFSET)) {
      nextCursor = keyset
        ? cursors.encode({
            sort,
            order: keyset.order,
            filter,
            value: String(last.cursorKey),
            id: last._id,
          })
        : cursors.encode({ sort, order: 'asc', filter, value: offset + limit, id: last._id });
    }
    return { rows: rows.map(toProduct), total, totalExact, nextCursor, ignoredWords };
  }

  /** The facets of the filters, and the words of `q` left out (as search leaves them out). */
  async function facets(filters: SearchFilters): Promise<Facets & VehicleFacets> {
    const { query, ignoredWords } = await textQuery(filters.q);
    // As many matches as a page of the same search ranks in its default sort (relevance with q).
    const ranks = rankedAtMost(filters, 'relevance', candidates);
    const sample = Number.isFinite(ranks) ? { size: ranks, estimate } : undefined;
    // Within a radius, without a facet's own filter: the facets and the bands in one pass.
    if (sample && oneNearPass(filters)) {
      return { ...(await facetsNear(db, filters, query, sample)), ignoredWords };
    }
    // Near a place: the cars within each radius too.
    const [counted, distance] = await Promise.all([
      facetCounts(db, filters, query, sample),
      distanceBands(db, filters, query, ranks),
    ]);
    return { ...counted, ...distance, ignoredWords };
  }

  /** How many cars for sale match the filters, counted as a search's total is (exact). */
  async function count(filters: SearchFilters): Promise<number> {
    const { query: text } = await textQuery(filters.q);
    return exactCount(filters, text, conditions(filters, text));
  }

  /** The plan of a search's page query (`EXPLAIN`), for the bench. */
  async function explainSearch(request: SearchRequest): Promise<string> {
    const rows = await rowsOf<Record<string, string>>(
      db,
      sql`explain ${searchQuery(request, (await textQuery(request.q)).query, cursors, candidates).query}`,
    );
    return rows.map((r) => Object.values(r)[0]).join('\n');
  }

  return {
    search,
    count,
    facets,
    car,
    forSaleIdsIn,
    forSaleBounds,
    explainSearch,
    refreshDeals,
    dealsBehind,
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
