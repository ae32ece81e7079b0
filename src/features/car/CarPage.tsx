import Box from '@mui/material/Box';
import { Container } from '../../components/Container';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { CompareToggleLater } from '../../components/CompareToggleLater';
import { LoadFailure } from '../../components/QueryState';
import { Spinner } from '../../components/Spinner';
import { Fact } from '../../components/Fact';
import { Tag } from '../../components/Tag';
import { paths } from '../../config/paths';
import { useGetProductQuery, type CarDetails, type PhotoCopy } from '../../lib/api';
import { whenReady } from '../../lib/useHydrated';
import { formatDistance } from '../../lib/distance';
import { formatPostDate, formatPrice, formatYears } from '../../lib/format';
import { Gallery } from './Gallery';
import { PriceNews } from './PriceNews';
import { PriceSignal } from './PriceSignal';
import { SaveHeart } from '../../components/SaveHeart';
import { useAppDispatch } from '../../app/hooks';

// Below the first paint, so out of the page's first script: the price chart and the estimate.
const PriceHistory = lazy(async () => ({
  default: (await import('./PriceHistory')).PriceHistory,
}));
const PaymentEstimate = lazy(async () => ({
  default: (await import('../../components/PaymentEstimate')).PaymentEstimate,
}));

/** Below the fold: its code loads after the first paint (the car page is at its bundle budget). */
const VehicleDetails = lazy(async () => ({
  default: (await import('./VehicleDetails')).VehicleDetails,
}));

// A hidden car: its removed page and its owner's line, rare, so loaded when shown.
const RemovedListing = lazy(async () => ({
  default: (await import('./HiddenListing')).RemovedListing,
}));
const ModerationLine = lazy(async () => ({
  default: (await import('./HiddenListing')).ModerationLine,
}));
// The page's first script is at its budget: 'Share' (below the price) comes right after it.
const ShareButton = lazy(async () => ({
  default: (await import('./ShareButton')).ShareButton,
}));
/** The seller: name (their page's link), tick, rating, member since, cars sold. */
const SellerCard = lazy(async () => ({
  default: (await import('./SellerCard')).SellerCard,
}));

// A sold car's similar cars for sale: only a sold car's page has them.
const SimilarCars = lazy(async () => ({
  default: (await import('./SimilarCars')).SimilarCars,
}));

// 'Book this car' shows once the session is known (read when the browser is idle, after the
// page is interactive), so its code loads after the page's own.
const BookButton = lazy(async () => {
  await whenReady();
  return { default: (await import('./BookButton')).BookButton };
});

/**
 * A car's own page (`/cars/:id`, public): its photos, every field, the seller, the price signal,
 * 'Book this car' for buyers and signed-out visitors, 'Save' (the heart), 'Share'. A sold car says
 * so and offers similar cars for sale. An unknown id shows `notFound` (the app's not-found page).
 */
export function CarPage({ notFound }: { notFound: ReactNode }) {
  const { id = '' } = useParams();
  const query = useGetProductQuery(id ? { id } : skipToken);
  // The answer for this id (`data` would still hold the previous car's after a link to another).
  if (query.currentData) return <CarDetailsView key={id} car={query.currentData} />;
  const status =
    query.error && 'status' in query.error ? (query.error as { status: unknown }).status : null;
  // 400: not an id at all; 404: no such car.
  if (!id || status === 404 || status === 400) return <>{notFound}</>;
  // 410: hidden by moderation (its owner and the admins get the car itself).
  if (status === 410) {
    return (
      <Suspense fallback={null}>
        <RemovedListing />
      </Suspense>
    );
  }
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {query.isError ? (
        <LoadFailure what="this car" retry={query.refetch} retrying={query.isFetching} />
      ) : (
        // About the page's own height (a phone's screen, or the gallery's on a wide one), so the
        // footer does not jump down when the car arrives (Lighthouse's layout shift).
        <Spinner minHeight={{ xs: '100vh', md: 720 }} label="Loading the car" />
      )}
    </Container>
  );
}

/** How far the car is from where the buyer searched (a search's card hands it over), or null. */
function distanceOf(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('distanceMiles' in state)) return null;
  return typeof state.distanceMiles === 'number' ? state.distanceMiles : null;
}

/**
 * The car's facts; where it is as typed, and how far it is from where the buyer searched (or,
 * without that, its place).
 */
function CarFacts({ car }: { car: CarDetails }) {
  const distance = distanceOf(useLocation().state);
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
        gap: 1.5,
      }}
    >
      <Fact label="Category" value={car.categoryName} />
      <Fact label="Condition" value={car.condition} />
      <Fact label="Years used" value={formatYears(car.userYears)} />
      <Fact label="Location" value={car.productLocation} />
      {distance !== null ? (
        <Fact
          label="Distance"
          value={`${formatDistance(distance)}${car.place ? ` (${car.place})` : ''}`}
        />
      ) : (
        car.place && <Fact label="Place" value={car.place} />
      )}
      <Fact label="Posted" value={formatPostDate(car.postTime)} />
    </Box>
  );
}

function CarDetailsView({ car }: { car: CarDetails }) {
  const dispatch = useAppDispatch();
  // A person opened the car: counted once it shows, by code loaded after the page's own.
  useEffect(() => {
    void import('./countView').then(({ countView }) => countView(dispatch, car._id));
  }, [car._id, dispatch]);
  const photos = car.photos.length > 0 ? car.photos : [car.carPhoto];
  // Each photo's copies; an answer without them (an older server) still has the cover's.
  const copies: PhotoCopy[][] =
    car.photos.length > 0 && car.photosCopies.length === car.photos.length
      ? car.photosCopies
      : [car.carPhotoCopies ?? []];
  const url =
    typeof window === 'undefined'
      ? paths.car.to(car._id)
      : new URL(paths.car.to(car._id), window.location.origin).toString();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <title>{car.carName}</title>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 4 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Gallery photos={photos} copies={copies} name={car.carName} />
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, minWidth: 0 }}>
          <Box>
            {car.sold && (
              <Tag sx={{ border: 0, bgcolor: 'error.main', color: '#fff', fontWeight: 700, mb: 1 }}>
                Sold
              </Tag>
            )}
            {car.moderation && (
              <Suspense fallback={null}>
                <ModerationLine moderation={car.moderation} />
              </Suspense>
            )}
            <Typography component="h1" variant="h4" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
              {car.carName}
            </Typography>
            <Box
              sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap', mt: 1 }}
            >
              <Typography
                sx={{ fontWeight: 800, fontSize: '1.75rem', color: 'secondary.main' }}
                aria-label={`Selling price ${formatPrice(car.resalePrice)}`}
              >
                {formatPrice(car.resalePrice)}
              </Typography>
              <Typography
                color="text.secondary"
                aria-label={`Original price ${formatPrice(car.originalPrice)}`}
              >
                Original <s>{formatPrice(car.originalPrice)}</s>
              </Typography>
            </Box>
            <PriceNews history={car.priceHistory} listedAt={car.listedAt} />
          </Box>
          {!car.sold && (
            <PriceSignal car={car} fairPrice={car.fairPrice} marketValue={car.marketValue} />
          )}
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
            {!car.sold && !car.moderation && (
              <Suspense fallback={null}>
                <BookButton car={car} />
              </Suspense>
            )}
            <SaveHeart carId={car._id} look="page" />
            <Suspense fallback={<Box sx={{ width: 78, height: 37 }} />}>
              <ShareButton title={car.carName} url={url} />
            </Suspense>
            <CompareToggleLater id={car._id} name={car.carName} size="medium" />
          </Box>
          <CarFacts car={car} />
          {/* Loaded after the page's first script (the car page is at its bundle budget). */}
          <Suspense
            fallback={
              <Box sx={{ minHeight: 114, border: 1, borderColor: 'divider', borderRadius: 2 }} />
            }
          >
            <SellerCard seller={car.seller} id={car.sellerId} rating={car.sellerRating} />
          </Suspense>
        </Box>
      </Box>
      <Suspense fallback={null}>
        <VehicleDetails car={car} />
      </Suspense>
      <Box component="section" aria-labelledby="car-description" sx={{ mt: 4, maxWidth: 760 }}>
        <Typography id="car-description" component="h2" variant="h6" gutterBottom>
          Description
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-line' }}>{car.productDescription}</Typography>
      </Box>
      <Suspense fallback={null}>
        <PriceHistory history={car.priceHistory} />
        {!car.sold && (
          <Box sx={{ mt: 4, maxWidth: 760 }}>
            <PaymentEstimate price={car.resalePrice} />
          </Box>
        )}
      </Suspense>
      {car.sold && (
        <Suspense fallback={null}>
          <SimilarCars car={car} />
        </Suspense>
      )}
    </Container>
  );
}
