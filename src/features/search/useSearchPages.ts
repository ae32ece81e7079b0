import { useEffect, useRef, useState } from 'react';
import type { SetURLSearchParams } from 'react-router-dom';
import {
  useGetSearchFacetsQuery,
  useSearchProductPagesInfiniteQuery,
  type SearchPage,
} from '../../lib/api/search';
import { pageRequests, searchQuery, type CarSearch } from './searchParams';

/**
 * Which of the loaded pages the URL's cursor asks for. The pages chain from `start`: page i is
 * followed by page i + 1 at page i's next cursor. A cursor in the chain shows the pages up to
 * it (Back after 'Show more' shows one page fewer); the last page's next cursor asks for one
 * more page; any other cursor starts a chain of its own (a shared or crawled 'Show more' link).
 */
function pagesFor(
  start: string | null,
  pages: SearchPage[],
  cursor: string | null,
): number | 'next' | 'restart' {
  if (cursor === start) return Math.min(1, pages.length);
  const at = pages.findIndex((page) => page.nextCursor !== null && page.nextCursor === cursor);
  if (at < 0) return 'restart';
  return at + 1 < pages.length ? at + 2 : 'next';
}

/**
 * The cars of a search (`key` is its query string) down to the URL's `cursor`, its facets and
 * its total: the pages load one after another, each 'Show more' asking for the next.
 */
export function useSearchPages(search: CarSearch, key: string, cursor: string | null) {
  // Where this search's pages start: the cursor the search was opened with.
  const [anchor, setAnchor] = useState({ key, start: cursor });
  const start = anchor.key === key ? anchor.start : cursor;
  if (anchor.key !== key) setAnchor({ key, start: cursor });

  const requests = pageRequests(search, start);
  const results = useSearchProductPagesInfiniteQuery(requests.results);
  const facets = useGetSearchFacetsQuery(requests.facets);
  const { fetchNextPage, isFetchingNextPage, isFetchNextPageError, currentData } = results;

  const loaded = currentData?.pages ?? [];
  const wanted = currentData ? pagesFor(start, loaded, cursor) : 0;
  if (wanted === 'restart' && anchor.key === key) setAnchor({ key, start: cursor });
  const needNext = wanted === 'next';
  useEffect(() => {
    if (needNext && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [needNext, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  // While a changed search loads, the last one's cars stay, dimmed.
  const stale = !currentData && results.data ? results.data.pages : null;
  const shown = stale ?? (typeof wanted === 'number' ? loaded.slice(0, wanted) : loaded);
  const firstPage = (currentData ?? results.data)?.pages[0];
  return {
    results,
    facets,
    needNext,
    stale,
    cars: shown.flatMap((page) => page.products),
    total: firstPage?.total,
    exact: firstPage?.totalExact ?? true,
    ignored: firstPage?.ignoredWords ?? [],
    nextCursor: shown.at(-1)?.nextCursor ?? null,
  };
}

export type SearchPages = ReturnType<typeof useSearchPages>;

/**
 * How a changed filter or sort reaches the URL: `apply(next)`, where `next` is the shown search
 * with some fields changed. The page stays where it is (the panel may be scrolled down).
 */
export function useApplySearch(search: CarSearch, key: string, setParams: SetURLSearchParams) {
  // The newest search asked for. A navigation commits some time after it is asked for (the
  // route's loader runs first), so a second change made meanwhile (a sort chosen right after a
  // price was entered) must build on the first, not on the URL that is still showing.
  const latest = useRef(search);
  const requested = useRef(new Set<string>());
  useEffect(() => {
    // A search we asked for has arrived: the newest one asked for may be newer still. Any other
    // change of the URL (Back, Forward, a link) is the newest search.
    if (!requested.current.delete(key)) latest.current = search;
    // `search` follows `key`: reading it when the key changes is enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // The changed fields go onto the newest search.
  return (next: CarSearch) => {
    const merged = { ...latest.current };
    for (const field of Object.keys(next) as (keyof CarSearch)[]) {
      if (JSON.stringify(next[field]) !== JSON.stringify(search[field])) {
        Object.assign(merged, { [field]: next[field] });
      }
    }
    latest.current = merged;
    const query = searchQuery(merged);
    if (query !== key) requested.current.add(query);
    setParams(query.slice(1), { preventScrollReset: true });
  };
}
