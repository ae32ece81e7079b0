/**
 * Search over the cars for sale (GET /api/products), its facets, the car's page and the deal
 * ratios' refresh: the catalogue's data access, one job per module beside this one.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { carQueries } from './cars';
import { CursorCodec, MAX_CURSOR_OFFSET } from './cursors';
import { dealRatioRefresh } from './deal-ratio-refresh';
import { countedFacets } from './facets';
import { facetsInOnePass } from './facets-one-pass';
import { marketColumnsOf } from './fair-price';
import { searchQuery } from './search-query';
import { conditions, groupsOnly, totalQuery } from './search-filters';
import { rowsOf, toProduct, type RawRow } from './search-rows';
import type { Facets, SearchFilters, SearchRequest, VehicleFacets } from './search-types';
import { countedVehicleFacets } from './vehicle-counts';
import { textQueries } from './text-query';

export interface SearchOptions {
  /**
   * The most matches of free text a relevance search ranks, and the total past which it is
   * estimated (default SEARCH_CANDIDATES).
   */
  candidates?: number;
}

/** Matches of free text ranked at most, and counted exactly at most. */
export const SEARCH_CANDIDATES = 10_000;

/** A total past the candidates, as the planner estimates it, to two significant figures. */
export function roughTotal(estimate: number, atLeast: number): number {
  const n = Math.max(Math.round(estimate), atLeast);
  const unit = 10 ** Math.max(0, String(n).length - 2);
  return Math.round(n / unit) * unit;
}

/** `cursors` signs and reads the search pages' cursors (the server's secret). */
export function searchRepository(
  db: Db,
  cursors: CursorCodec = new CursorCodec(),
  options: SearchOptions = {},
) {
  const candidates = options.candidates ?? SEARCH_CANDIDATES;
  const { textQuery } = textQueries(db);
  const { refreshDeals, dealsBehind } = dealRatioRefresh(db);
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

  /**
   * One page of a search. Its total is exact (`totalExact`) but for free text sorted by
   * relevance matching more than `candidates` cars: then the planner's estimate, rounded.
   */
  async function search(request: SearchRequest) {
    const { sort, limit } = request;
    const { query: text, ignoredWords } = await textQuery(request.q);
    const { query, where, keyset, offset, filter } = searchQuery(
      request,
      text,
      cursors,
      candidates,
    );
    const read = await rowsOf<RawRow>(db, query);
    // Each car's stored market value and rating, in one more query for the page's cars.
    const market = await marketColumnsOf(
      db,
      read.map((row) => row._id),
    );
    const found = read.map((row) => ({ ...row, ...market.get(row._id) }));
    const capped = text !== null && !keyset && Number.isFinite(candidates);
    // The relevance page carries the total; other sorts (and a page past the end) count.
    const inline = found[0]?.inlineTotal;
    let total = Number(
      inline ??
        (
          await rowsOf<{ n: number | string | null }>(
            db,
            capped
              ? sql`select count(*) as n from (select 1 from products p where ${where}
                  limit ${candidates + 1}) m`
              : totalQuery(request, text, where),
          )
        )[0]?.n ??
        0,
    );
    const totalExact = !capped || total <= candidates;
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
    if (!groupsOnly(filters, query)) {
      return { ...(await facetsInOnePass(db, filters, query)), ignoredWords };
    }
    // Make and condition filters only (or none): sums of kept counts.
    const [counts, vehicle] = await Promise.all([
      countedFacets(db, filters),
      countedVehicleFacets(db, filters),
    ]);
    return { ...counts, ...vehicle, ignoredWords };
  }

  /** How many cars for sale match the filters, counted as a search's total is (exact). */
  async function count(filters: SearchFilters): Promise<number> {
    const { query: text } = await textQuery(filters.q);
    const [row] = await rowsOf<{ n: number | string | null }>(
      db,
      totalQuery(filters, text, conditions(filters, text)),
    );
    return Number(row?.n ?? 0);
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
