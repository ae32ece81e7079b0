import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { CompareToggle } from '../../components/CompareToggle';
import { UnconfirmedMailNote } from '../../components/EmailConfirmation';
import { QueryState } from '../../components/QueryState';
import { Spinner } from '../../components/Spinner';
import { Tag } from '../../components/Tag';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api';
import { useGetSavedCarsQuery, useUnsaveCarMutation, type SavedCar } from '../../lib/api/saved';
import { selectTokenReady, selectUserEmail } from '../../lib/auth/authSlice';
import { formatPrice } from '../../lib/format';
import { responsiveImage } from '../../lib/images';
import { notify } from '../../lib/notify/notify';
import { useRole } from '../../lib/auth/roles';
import { CarAlertsSwitch } from './CarAlertsSwitch';
import { SavedCarsMailSetting } from '../../components/SavedCarsMailSetting';
import { priceChange } from './savedText';

export const NO_SAVED_CARS = 'You have not saved any cars yet';

/** 'Sold' or 'No longer listed' (deleted by its seller), else nothing. */
const STATUS_TEXT: Record<SavedCar['status'], string | null> = {
  listed: null,
  sold: 'Sold',
  gone: 'No longer listed',
};

function SavedCarRow({ car }: { car: SavedCar }) {
  const [unsave, removing] = useUnsaveCarMutation();
  const status = STATUS_TEXT[car.status];
  const change = priceChange(car.savedPrice, car.price);
  async function remove() {
    try {
      await unsave({ productId: car.productId }).unwrap();
    } catch (error) {
      notify.error(errorMessage(error, 'The car could not be removed. Please try again.'));
    }
  }
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ display: 'flex', gap: 2, p: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Box
        component="img"
        {...responsiveImage(car.carPhoto, undefined, { width: 120 })}
        alt=""
        width={120}
        height={80}
        loading="lazy"
        sx={{ width: 120, height: 80, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
      />
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography component="h2" variant="h6" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
          {car.status === 'gone' ? (
            car.carName
          ) : (
            <Link component={RouterLink} to={paths.car.to(car.productId)} color="inherit">
              {car.carName}
            </Link>
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatPrice(car.savedPrice)} when you saved it
          {car.price !== null && car.price !== car.savedPrice && ` · ${formatPrice(car.price)} now`}
        </Typography>
        {change && (
          <Typography
            variant="body2"
            sx={{ fontWeight: 700, color: car.price! < car.savedPrice ? '#1b5e20' : '#8a3a00' }}
          >
            {change}
          </Typography>
        )}
        {status && (
          <Tag sx={{ mt: 0.5, border: 0, bgcolor: '#eceff1', color: '#37474f', fontWeight: 700 }}>
            {status}
          </Tag>
        )}
        {car.status === 'listed' && !car.alerts && (
          <Tag sx={{ mt: 0.5, border: 0, bgcolor: '#eceff1', color: '#37474f' }}>Alerts off</Tag>
        )}
      </Box>
      {car.status === 'listed' && <CarAlertsSwitch car={car} />}
      {car.status !== 'gone' && <CompareToggle id={car.productId} name={car.carName} />}
      <Button
        variant="outlined"
        color="error"
        size="small"
        disabled={removing.isLoading}
        onClick={() => void remove()}
        aria-label={`Remove ${car.carName}`}
      >
        Remove
      </Button>
    </Paper>
  );
}

function NoSavedCars() {
  return (
    <Paper variant="outlined" sx={{ textAlign: 'center', py: { xs: 5, md: 8 }, px: 2 }}>
      <Typography component="h2" variant="h6" gutterBottom>
        {NO_SAVED_CARS}
      </Typography>
      <Typography color="text.secondary">
        Press the heart on a car to keep it here, with its price.{' '}
        <Link component={RouterLink} to={paths.cars}>
          Browse cars
        </Link>
      </Typography>
    </Paper>
  );
}

/**
 * Saved cars (added; docs/differences.md): each car the user saved, with its price when saved
 * and now, 'Sold' or 'No longer listed', its alerts on or off, and Remove; for buyers and
 * sellers, how their saved cars' news is e-mailed.
 */
export function SavedCarsPage() {
  const email = useAppSelector(selectUserEmail);
  const tokenReady = useAppSelector(selectTokenReady);
  const query = useGetSavedCarsQuery(email && tokenReady ? undefined : skipToken);
  // Alert e-mails are buyers' and sellers' (an admin has no alert settings).
  const { role } = useRole();
  return (
    <>
      <title>Saved cars</title>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        Saved cars
      </Typography>
      {!email || !tokenReady ? (
        <Spinner minHeight={320} label="Loading your saved cars" />
      ) : (
        <>
          {(role === 'Buyer' || role === 'Seller') && <SavedCarsMailSetting />}
          <UnconfirmedMailNote />
          <QueryState query={query} minHeight={320} what="your saved cars">
            {(cars) =>
              cars.length === 0 ? (
                <NoSavedCars />
              ) : (
                <Box
                  component="ul"
                  sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
                >
                  {cars.map((car) => (
                    <SavedCarRow key={car.productId} car={car} />
                  ))}
                </Box>
              )
            }
          </QueryState>
        </>
      )}
    </>
  );
}
