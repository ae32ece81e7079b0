import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useRef, type ComponentType } from 'react';
import { ActionLink } from '../../components/actions';
import { LoadFailure } from '../../components/QueryState';
import type { ResultCardProps } from '../../components/ResultCard';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/paths';
import type { NoResultsProps } from './NoResults';
import { searchQuery, type CarSearch } from './searchParams';
import type { SearchPages } from './useSearchPages';

/** '3 cars', or 'about 25,000 cars' for an estimated total. */
export const carsCount = (n: number, exact = true) =>
  `${exact ? n : `about ${n.toLocaleString('en-US')}`} ${n === 1 ? 'car' : 'cars'}`;

interface Props {
  search: CarSearch;
  pages: SearchPages;
  NoResults: ComponentType<NoResultsProps>;
  ResultCard: ComponentType<ResultCardProps>;
}

/**
 * The cars found, as a list of cards, with the words the search left out and 'Show more' (a link
 * to the next page's URL); or why there are none yet: loading, a failure, or no car matches.
 */
export function SearchResults({ search, pages, NoResults, ResultCard }: Props) {
  const { results, needNext, stale, cars, total, exact, ignored, nextCursor } = pages;
  const { fetchNextPage, isFetchNextPageError } = results;
  // 'Show more' moves the focus to the first car it added.
  const list = useRef<HTMLOListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || cars.length <= from) return;
    focusFrom.current = null;
    list.current?.querySelector<HTMLAnchorElement>(`li:nth-of-type(${from + 1}) h3 a`)?.focus();
  }, [cars.length]);

  // The words left out ('red'), and the words kept as typed (compared in lower case).
  const kept = search.q.split(' ').filter((word) => !ignored.includes(word.toLowerCase()));
  const quoted = ignored.map((word) => `“${word}”`).join(', ');
  const ignoredNote = ignored.length
    ? `No cars match ${quoted} — showing results for “${kept.join(' ')}”`
    : null;

  return (
    <>
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
    </>
  );
}
