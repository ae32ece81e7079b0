/**
 * Search over the cars for sale (GET /api/products), its facets, the car's page and the deal
 * ratios' refresh: the catalogue's data access, one job per module beside this one.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { carQueries } from './cars';
import { CursorCodec, MAX_CURSOR_OFFSET } from './cursors';
import { dealRatioRefresh } from './deal-ratio-refresh';
import { facetQueries } from './facets';
import { priceLists } from './price-lists';
import { searchQuery } from './search-query';
import { totalQuery } from './search-filters';
import { rowsOf, toProduct, type RawRow } from './search-rows';
import type { Facets, SearchFilters, SearchRequest } from './search-types';
import { textQueries } from './text-query';

/** `cursors` signs and reads the search pages' cursors (the server's secret). */
export function searchRepository(db: Db, cursors: CursorCodec = new CursorCodec()) {
  const { textQuery } = textQueries(db);
  const { withFairPrices, forgetPrices } = priceLists(db);
  const { refreshDeals, dealsBehind } = dealRatioRefresh(db);
  const { car, forSaleIds, countForSale } = carQueries(db);
  const facetsOf = facetQueries(db).facets;

  async function search(request: SearchRequest) {
    const { sort, limit } = request;
    const text = await textQuery(request.q);
    const { query, where, keyset, offset, filter } = searchQuery(request, text, cursors);
    const found = await withFairPrices(await rowsOf<RawRow>(db, query));
    // The relevance page carries the total; other sorts (and a page past the end) count.
    const inline = found[0]?.inlineTotal;
    const totalRows =
      inline !== undefined
        ? [{ n: inline }]
        : await rowsOf<{ n: number | string | null }>(db, totalQuery(request, text, where));
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
    return {
      rows: rows.map(toProduct),
      total: Number(totalRows[0]?.n ?? 0),
      nextCursor,
    };
  }

  async function facets(filters: SearchFilters): Promise<Facets> {
    return facetsOf(filters, await textQuery(filters.q));
  }

  /** The plan of a search's page query (`EXPLAIN`), for the bench. */
  async function explainSearch(request: SearchRequest): Promise<string> {
    const rows = await rowsOf<Record<string, string>>(
      db,
      sql`explain ${searchQuery(request, await textQuery(request.q), cursors).query}`,
    );
    return rows.map((r) => Object.values(r)[0]).join('\n');
  }

  return {
    search,
    facets,
    car,
    forSaleIds,
    countForSale,
    explainSearch,
    forgetPrices,
    refreshDeals,
    dealsBehind,
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
