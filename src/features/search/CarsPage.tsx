import Box from '@mui/material/Box';
import { Container } from '../../components/Container';
import Typography from '@mui/material/Typography';
import { Suspense, useMemo, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ActionButton } from '../../components/actions';
import { PlainSelect } from '../../components/PlainField';
import { Spinner } from '../../components/Spinner';
import { useHydrated } from '../../lib/useHydrated';
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
import { carsCount, SearchResults } from './SearchResults';
import { useApplySearch, useSearchPages } from './useSearchPages';
import { useRememberedZip } from './rememberedZip';
import { useProfileZip } from '../../lib/auth/profileZip';
import { readSearch, searchQuery, SORTS, type CarSearch, type Sort } from './searchParams';

/**
 * The room the filters' spinner keeps while their code loads (a search opened from another page;
 * the cars beside them do not move either way: the grid aligns both at the top).
 */
const PANEL_HEIGHT = 720;

/** How many filters the search sets (each range, as one). */
function filtersChosen(search: CarSearch): number {
  return (
    search.category.length +
    search.condition.length +
    [
      search.minPrice || search.maxPrice,
      search.minYears || search.maxYears,
      search.location,
      search.radius,
    ].filter(Boolean).length +
    (search.verified ? 1 : 0) +
    (search.sellerType ? 1 : 0)
  );
}

/** The page's banner: its heading (the words searched for, if any) and what it offers. */
function SearchHero({ q }: { q: string }) {
  return (
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
          {q ? `Cars matching “${q}”` : 'Find the right car'}
        </Typography>
        <Typography sx={{ color: '#d5def0', mt: 1 }}>
          Every car for sale, with how its price compares with similar cars.
        </Typography>
      </Container>
    </Box>
  );
}

interface BarProps {
  /** How many cars were found ('Looking for cars…' until known). */
  countText: string;
  filtersCount: number;
  onOpenFilters: () => void;
  search: CarSearch;
  onApply: (next: CarSearch) => void;
}

/** Above the cars: their count, the phone's Filters button, 'Save this search' and the sort. */
function ResultsBar({ countText, filtersCount, onOpenFilters, search, onApply }: BarProps) {
  const hydrated = useHydrated();
  const sort: Sort = search.sort || (search.q ? 'relevance' : 'newest');
  // 'Best match' ranks words; 'Nearest first' needs where the buyer is.
  const sortOptions = SORTS.filter(
    (s) => (s.value !== 'relevance' || search.q) && (s.value !== 'distance' || search.zip),
  );
  return (
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
        onClick={onOpenFilters}
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
          onChange={(event) => onApply({ ...search, sort: event.target.value as Sort })}
        />
      </Box>
    </Box>
  );
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

  const pages = useSearchPages(search, key, cursor);
  const { facets, total, exact } = pages;

  // Null until the phone's filters are first opened.
  const [drawerOpen, setDrawerOpen] = useState<boolean | null>(null);

  const apply = useApplySearch(search, key, setParams);
  useRememberedZip(params, search.zip, setParams, useProfileZip());
  const filtersCount = filtersChosen(search);

  // Until the filters' code is here (a search opened from another page), their place is kept.
  const panel = (
    <Suspense fallback={<Spinner minHeight={PANEL_HEIGHT} label="Loading the filters" />}>
      <FilterPanel search={search} facets={facets.data} onApply={apply} />
    </Suspense>
  );
  const countText = total === undefined ? 'Looking for cars…' : carsCount(total, exact);

  return (
    <>
      <title>{search.q ? `${search.q} – cars for sale` : 'Cars for sale'}</title>
      <SearchHero q={search.q} />
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
          <ResultsBar
            countText={countText}
            filtersCount={filtersCount}
            onOpenFilters={() => setDrawerOpen(true)}
            search={search}
            onApply={apply}
          />
          <SearchResults
            search={search}
            pages={pages}
            NoResults={NoResults}
            ResultCard={ResultCard}
          />
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
