import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Container } from '../../components/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { CarIcon } from '../../components/icons';
import { QueryState } from '../../components/QueryState';
import { SpinnerIcon } from '../../components/Spinner';
import { paths } from '../../config/paths';
import {
  useGetCategoriesQuery,
  useGetCategoryProductPagesInfiniteQuery,
  type ListedProduct,
  type Product,
} from '../../lib/api';
import { BookingDialog } from '../../components/BookingDialog';
import { ProductCard } from './ProductCard';

function BackToCategories({ light = false }: { light?: boolean }) {
  return (
    <Button
      component={RouterLink}
      to={paths.home}
      variant="outlined"
      sx={light ? { color: '#fff', borderColor: 'rgba(255,255,255,0.6)' } : undefined}
    >
      Back to categories
    </Button>
  );
}

/** 'A, B or C': the categories there are, as GET /categories lists them. */
function ourCategories(names: string[]): string {
  if (names.length === 0) return 'Pick one of our categories.';
  const last = names.at(-1);
  const list = names.length === 1 ? last : `${names.slice(0, -1).join(', ')} or ${last}`;
  return `Pick one of our categories: ${list}.`;
}

/** The categories there are, for the unknown category's message (asked only then). */
function PickACategory() {
  const categories = useGetCategoriesQuery();
  return <>{ourCategories((categories.data ?? []).map((c) => c.categoryName))}</>;
}

/** A clear empty state: no cars in this category yet, or no such category at all. */
function EmptyCategory({ categoryName, unknown }: { categoryName: string; unknown: boolean }) {
  return (
    <Box
      role="status"
      sx={{
        textAlign: 'center',
        py: { xs: 6, md: 10 },
        px: 2,
        bgcolor: 'background.paper',
        border: '1px dashed #cfd8e6',
        borderRadius: 3,
      }}
    >
      <CarIcon sx={{ fontSize: 64, color: 'text.secondary', opacity: 0.5 }} aria-hidden />
      <Typography component="h2" variant="h5" sx={{ mt: 1, mb: 1 }}>
        {unknown ? `There is no category called “${categoryName}”` : `No ${categoryName} cars yet`}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {unknown ? (
          <PickACategory />
        ) : (
          'Sellers have not listed any cars in this category. Have a look at the others.'
        )}
      </Typography>
      <BackToCategories />
    </Box>
  );
}

/** The cards of the pages loaded so far; a new page renders only its own cards again. */
const CarsGrid = memo(function CarsGrid({
  products,
  onBuy,
}: {
  products: ListedProduct[];
  onBuy: (product: Product) => void;
}) {
  return (
    <Grid container spacing={3}>
      {products.map((product) => (
        <Grid key={product._id} size={{ xs: 12, sm: 6, lg: 4 }}>
          <ProductCard product={product} onBuy={onBuy} />
        </Grid>
      ))}
    </Grid>
  );
});

/**
 * "Showing N of TOTAL", a visible "Load more cars" button, and a sentinel that presses it when
 * it scrolls near the viewport (IntersectionObserver; without one, as in jsdom or an old
 * browser, the button is the way).
 */
function MoreCars({
  shown,
  total,
  hasMore,
  loading,
  failed,
  onMore,
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onMore: () => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  useEffect(() => {
    more.current = onMore;
  }, [onMore]);
  // A failed page is not asked for again by scrolling; the button (Retry) does it.
  const auto = hasMore && !loading && !failed;
  useEffect(() => {
    const target = sentinel.current;
    if (!auto || !target || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) more.current();
      },
      { rootMargin: '0px 0px 800px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [auto]);

  return (
    <Box sx={{ mt: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
      <div ref={sentinel} aria-hidden />
      <Typography color="text.secondary" role="status">
        Showing {shown} of {total} {total === 1 ? 'car' : 'cars'}
      </Typography>
      {failed ? (
        <Typography color="error" role="alert">
          We could not load more cars. Check your connection and try again.
        </Typography>
      ) : null}
      {hasMore ? (
        <Button
          variant="outlined"
          onClick={onMore}
          disabled={loading}
          startIcon={loading ? <SpinnerIcon /> : undefined}
        >
          {loading ? 'Loading more cars...' : 'Load more cars'}
        </Button>
      ) : null}
    </Box>
  );
}

/**
 * The Category products page: the route's loader has already asked for the first
 * page (24 cars); this subscribes to the same cache entry and asks for the next page, by the
 * server's cursor, as the visitor scrolls. 'Buy now' opens the booking modal for that car.
 */
export function CategoryProductsPage() {
  const categoryName = useParams().categoryName ?? '';
  const pages = useGetCategoryProductPagesInfiniteQuery({ categoryName });
  const { fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } = pages;
  const products = useMemo(() => pages.data?.pages.flatMap((page) => page.products), [pages.data]);
  const total = pages.data?.pages[0]?.total ?? 0;
  const query = { ...pages, data: products };
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, isFetchingNextPage]);
  const [booking, setBooking] = useState<{ product: Product | null; open: boolean; n: number }>({
    product: null,
    open: false,
    n: 0,
  });
  const buy = useCallback(
    (product: Product) => setBooking((b) => ({ product, open: true, n: b.n + 1 })),
    [],
  );
  // A page that subscribes to a failed entry asks once more (RTK Query's rule): until that
  // answer is in, the failure the loader met stays on screen rather than flickering to a spinner.
  const failed = query.error !== undefined && !query.data && (query.isError || query.isFetching);
  const unknownCategory =
    failed && query.error !== undefined && 'status' in query.error && query.error.status === 404;

  return (
    <>
      <title>{`CARLIST – ${categoryName}`}</title>
      <Box
        component="section"
        aria-labelledby="carlist-title"
        sx={{
          color: '#fff',
          background:
            'radial-gradient(circle at 85% 20%, rgba(255,106,19,0.28) 0%, rgba(255,106,19,0) 45%), linear-gradient(120deg, #0b1f3a 0%, #16345f 100%)',
          borderBottom: '4px solid #ff6a13',
          py: { xs: 5, md: 7 },
        }}
      >
        <Container maxWidth="lg">
          <Typography
            variant="overline"
            sx={{ color: '#ffb37a', fontWeight: 700, letterSpacing: '0.12em' }}
          >
            {categoryName}
          </Typography>
          <Typography
            id="carlist-title"
            component="h1"
            sx={{ fontSize: { xs: '2.4rem', md: '3.4rem' }, fontWeight: 800, lineHeight: 1.05 }}
          >
            CARLIST
          </Typography>
          <Typography sx={{ color: '#d5def0', mt: 1, mb: 3, maxWidth: 560 }}>
            Cars our sellers have listed, with their prices and condition. Choose one and book a
            viewing.
          </Typography>
          <BackToCategories light />
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        {unknownCategory ? (
          <EmptyCategory categoryName={categoryName} unknown />
        ) : (
          <QueryState
            query={{ ...query, isError: failed }}
            minHeight={360}
            what={`the ${categoryName} cars`}
          >
            {(products) =>
              products.length === 0 ? (
                <EmptyCategory categoryName={categoryName} unknown={false} />
              ) : (
                <>
                  <CarsGrid products={products} onBuy={buy} />
                  <MoreCars
                    shown={products.length}
                    total={Math.max(total, products.length)}
                    hasMore={hasNextPage}
                    loading={isFetchingNextPage}
                    failed={isFetchNextPageError}
                    onMore={loadMore}
                  />
                </>
              )
            }
          </QueryState>
        )}
      </Container>
      <BookingDialog
        key={booking.n}
        product={booking.product}
        open={booking.open}
        onClose={() => setBooking((b) => ({ ...b, open: false }))}
      />
    </>
  );
}
