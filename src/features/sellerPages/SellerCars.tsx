import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ActionButton } from '../../components/actions';
import { LoadFailure } from '../../components/QueryState';
import { Spinner } from '../../components/Spinner';
import { useSearchProductPagesInfiniteQuery } from '../../lib/api/search';
import { ResultCard } from '../../components/ResultCard';

/** A seller's cars for sale: the search's own list (`seller` filter) and cards, with paging. */
export function SellerCars({ id }: { id: string }) {
  const query = useSearchProductPagesInfiniteQuery({ seller: id, start: null });
  const { data, isError, isLoading, fetchNextPage, isFetchingNextPage, hasNextPage } = query;
  const cars = data?.pages.flatMap((page) => page.products) ?? [];
  const total = data?.pages[0]?.total ?? 0;
  if (isLoading) return <Spinner minHeight={360} label="Loading the cars" />;
  if (isError && !data) {
    return <LoadFailure what="the cars" retry={query.refetch} retrying={query.isFetching} />;
  }
  if (cars.length === 0) {
    return <Typography color="text.secondary">No cars for sale right now.</Typography>;
  }
  return (
    <>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 3,
          gridTemplateColumns: 'repeat(auto-fill, minmax(250px, 1fr))',
        }}
      >
        {cars.map((car, index) => (
          <li key={car._id}>
            <ResultCard car={car} priority={index < 3} hideSeller />
          </li>
        ))}
      </Box>
      <Box sx={{ mt: 3, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
        {total > cars.length && (
          <Typography color="text.secondary">
            Showing {cars.length} of {total} cars
          </Typography>
        )}
        {hasNextPage &&
          (isFetchingNextPage ? (
            <Spinner minHeight={40} label="Loading more cars" />
          ) : (
            <ActionButton type="button" variant="outlined" onClick={() => void fetchNextPage()}>
              Show more cars
            </ActionButton>
          ))}
      </Box>
    </>
  );
}
