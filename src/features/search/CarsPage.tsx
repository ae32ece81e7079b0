import Box from '@mui/material/Box';
import { Container } from '../../components/Container';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ActionButton, ActionLink } from '../../components/actions';
import { LoadFailure } from '../../components/QueryState';
import { PlainSelect } from '../../components/PlainField';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/paths';
import { useHydrated } from '../../lib/useHydrated';
import {
  useGetSearchFacetsQuery,
  useSearchProductPagesInfiniteQuery,
  type SearchPage,
} from '../../lib/api/search';
import type { FilterPanelProps } from './FilterPanel';
import type { NoResultsProps } from './NoResults';
import type { ResultCardProps } from '../../components/ResultCard';
import {
  FiltersDrawer,
  LazyFilterPanel,
  LazyNoResults,
  LazyResultCard,
  LazySaveSearchButton,
} from './searchParts';
import {
  pageRequests,
  readSearch,
  searchQuery,
  SORTS,
  type CarSearch,
  type Sort,
} from './searchParams';

/**
 * The room the filters' spinner keeps while their code loads (a search opened from another page;
 * the cars beside them do not move either way: the grid aligns both at the top).
 */
const PANEL_HEIGHT = 720;

/** '3 cars', or 'about 25,000 cars' for an estimated total. */
const carsCount = (n: number, exact = true) =>
  `${exact ? n : `about ${n.toLocaleString('en-US')}`} ${n === 1 ? 'car' : 'cars'}`;

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
 * Search for buyers (`/cars`): every car for sale, narrowed by the filter panel, in the order
 * asked for, 24 at a time. The URL holds the whole search (words, filters, sort, page cursor),
 * so a search can be shared, reloaded and walked with Back and Forward; 'Show more' is a real
 * link to the next page's URL, which the app answers by adding that page below the ones shown.
 */
export function CarsPage({
  FilterPanel = LazyFilterPanel,
  NoResults = LazyNoResults,
  ResultCard = LazyResultCard,
}: {
  /** The filters' component: the server passes its own, the browser loads it (above). */
  FilterPanel?: ComponentType<FilterPanelProps>;
  /** 'No cars match' and a car's card, the same way. */
  NoResults?: ComponentType<NoResultsProps>;
  ResultCard?: ComponentType<ResultCardProps>;
}) {
  const [params, setParams] = useSearchParams();
  const { search, cursor } = useMemo(() => readSearch(params), [params]);
  const key = searchQuery(search);

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
  const cars = shown.flatMap((page) => page.products);
  const firstPage = (currentData ?? results.data)?.pages[0];
  const total = firstPage?.total;
  const exact = firstPage?.totalExact ?? true;
  const ignored = firstPage?.ignoredWords ?? [];
  const nextCursor = shown.at(-1)?.nextCursor ?? null;

  // 'Show more' moves the focus to the first car it added.
  const list = useRef<HTMLOListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || cars.length <= from) return;
    focusFrom.current = null;
    list.current?.querySelector<HTMLAnchorElement>(`li:nth-of-type(${from + 1}) h3 a`)?.focus();
  }, [cars.length]);

  const hydrated = useHydrated();
  // Null until the phone's filters are first opened.
  const [drawerOpen, setDrawerOpen] = useState<boolean | null>(null);

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

  // A changed filter or sort keeps the page where it is (the panel may be scrolled down). `next`
  // is the shown search with some fields changed: those fields go onto the newest search.
  const apply = (next: CarSearch) => {
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
  const sort: Sort = search.sort || (search.q ? 'relevance' : 'newest');
  const sortOptions = SORTS.filter((s) => s.value !== 'relevance' || search.q);
  const filtersCount =
    search.category.length +
    search.condition.length +
    [
      search.minPrice || search.maxPrice,
      search.minYears || search.maxYears,
      search.location,
    ].filter(Boolean).length +
    (search.verified ? 1 : 0);

  // Until the filters' code is here (a search opened from another page), their place is kept.
  const panel = (
    <Suspense fallback={<Spinner minHeight={PANEL_HEIGHT} label="Loading the filters" />}>
      <FilterPanel search={search} facets={facets.data} onApply={apply} />
    </Suspense>
  );
  const countText = total === undefined ? 'Looking for cars…' : carsCount(total, exact);
  // The words left out ('red'), and the words kept as typed (compared in lower case).
  const kept = search.q.split(' ').filter((word) => !ignored.includes(word.toLowerCase()));
  const quoted = ignored.map((word) => `“${word}”`).join(', ');
  const ignoredNote = ignored.length
    ? `No cars match ${quoted} — showing results for “${kept.join(' ')}”`
    : null;

  return (
    <>
      <title>{search.q ? `${search.q} – cars for sale` : 'Cars for sale'}</title>
      <Box
        sx={{
          color: '#fff',
          background: 'linear-gradient(120deg, #0b1f3a 0%, #16345f 100%)',
          borderBottom: '4px solid #ff6a13',
          py: { xs: 3, md: 4 },
        }}
      >
        <Container maxWidth="lg">
          <Typography
            component="h1"
            sx={{ fontSize: { xs: '1.8rem', md: '2.4rem' }, fontWeight: 800, lineHeight: 1.1 }}
          >
            {search.q ? `Cars matching “${search.q}”` : 'Find the right car'}
          </Typography>
          <Typography sx={{ color: '#d5def0', mt: 1 }}>
            Every car for sale, with how its price compares with similar cars.
          </Typography>
        </Container>
      </Box>
      <Container
        maxWidth="lg"
        sx={{
          py: { xs: 3, md: 4 },
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        {/* The layout follows the screen by CSS alone, so the server's page (which cannot know
            the screen) is the browser's: wide, the filters beside the cars; on a phone, a button
            that opens them over the page. */}
        <Box
          component="aside"
          aria-labelledby="filters-title"
          sx={{ display: { xs: 'none', md: 'block' } }}
        >
          <Typography id="filters-title" component="h2" variant="h6" sx={{ mb: 2 }}>
            Filters
          </Typography>
          {panel}
        </Box>
        {drawerOpen !== null && (
          <Suspense fallback={null}>
            <FiltersDrawer
              open={drawerOpen}
              onClose={() => setDrawerOpen(false)}
              footer={
                <ActionButton
                  type="button"
                  variant="contained"
                  sx={{ width: '100%' }}
                  onClick={() => setDrawerOpen(false)}
                >
                  {total === undefined ? 'Show cars' : `Show ${carsCount(total, exact)}`}
                </ActionButton>
              }
            >
              {panel}
            </FiltersDrawer>
          </Suspense>
        )}
        <Box component="section" aria-labelledby="results-title" sx={{ minWidth: 0 }}>
          <Typography id="results-title" component="h2" sx={visuallyHidden}>
            Results
          </Typography>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'flex-end',
              flexWrap: 'wrap',
              gap: 2,
              mb: 3,
            }}
          >
            <Typography
              role="status"
              aria-live="polite"
              sx={{ fontWeight: 700, fontSize: '1.1rem', mr: 'auto' }}
            >
              {countText}
            </Typography>
            <ActionButton
              type="button"
              variant="outlined"
              aria-haspopup="dialog"
              sx={{ display: { md: 'none' } }}
              onClick={() => setDrawerOpen(true)}
            >
              {filtersCount ? `Filters (${filtersCount})` : 'Filters'}
            </ActionButton>
            {/* Not in the server's page: mounted once the app owns the page, then loaded; its
                place is kept from the start, so nothing moves when it comes (on a phone it has a
                line of its own). */}
            <Box sx={{ minWidth: 150, minHeight: '36.5px' }}>
              {hydrated && (
                <Suspense fallback={null}>
                  <LazySaveSearchButton search={search} />
                </Suspense>
              )}
            </Box>
            <Box sx={{ width: 200 }}>
              <PlainSelect
                label="Sort by"
                name="sort"
                value={sort}
                options={sortOptions}
                onChange={(event) => apply({ ...search, sort: event.target.value as Sort })}
              />
            </Box>
          </Box>
          {results.isError && !results.data ? (
            <LoadFailure what="the cars" retry={results.refetch} retrying={results.isFetching} />
          ) : total === undefined ? (
            <Spinner minHeight={360} label="Loading the cars" />
          ) : cars.length === 0 && !stale ? (
            <Suspense fallback={<Spinner minHeight={280} label="Loading" />}>
              <NoResults search={search} />
            </Suspense>
          ) : (
            <>
              {ignoredNote && !stale && (
                <Typography color="text.secondary" sx={{ mt: -1, mb: 2 }}>
                  {ignoredNote}
                </Typography>
              )}
              <Box
                component="ol"
                ref={list}
                aria-busy={stale ? true : undefined}
                sx={{
                  listStyle: 'none',
                  m: 0,
                  p: 0,
                  display: 'grid',
                  gap: 3,
                  gridTemplateColumns: 'repeat(auto-fill, minmax(250px, 1fr))',
                  opacity: stale ? 0.5 : 1,
                  transition: 'opacity 150ms',
                }}
              >
                <Suspense
                  fallback={
                    <li>
                      <Spinner minHeight={360} label="Loading the cars" />
                    </li>
                  }
                >
                  {cars.map((car, index) => (
                    <li key={car._id}>
                      {/* The first row (one to three cards wide) is the largest paint. */}
                      <ResultCard car={car} priority={index === 0 ? 'high' : index < 3} />
                    </li>
                  ))}
                </Suspense>
              </Box>
              <Box
                sx={{
                  mt: 4,
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  gap: 1.5,
                }}
              >
                {!stale && total > cars.length && (
                  <Typography color="text.secondary">
                    Showing {cars.length} of {carsCount(total, exact)}
                  </Typography>
                )}
                {isFetchNextPageError && needNext ? (
                  <LoadFailure what="more cars" retry={fetchNextPage} />
                ) : needNext ? (
                  <Spinner minHeight={48} label="Loading more cars" />
                ) : nextCursor && !stale ? (
                  <ActionLink
                    variant="outlined"
                    to={{ pathname: paths.cars, search: searchQuery(search, nextCursor) }}
                    preventScrollReset
                    onClick={() => {
                      focusFrom.current = cars.length;
                    }}
                  >
                    Show more
                  </ActionLink>
                ) : null}
              </Box>
            </>
          )}
        </Box>
      </Container>
    </>
  );
}

/** Read by screen readers, not shown (sizes as strings: in `sx`, 1 would mean 100%). */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  m: '-1px',
  p: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
