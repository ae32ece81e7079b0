import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CarPhoto } from './CarPhoto';
import { CompareToggle } from './CompareToggle';
import { FairPriceBadge } from './FairPriceBadge';
import { VerifiedIcon } from './icons';
import { paths } from '../config/paths';
import { SaveHeart } from './SaveHeart';
import type { SearchProduct } from '../lib/api/search';
import { SellerTypeTag } from './SellerTypeTag';
import { Tag } from './Tag';
import { formatDistance } from '../lib/distance';
import { formatDay, formatPrice, formatYears, listedAgo } from '../lib/format';
import { isRecentDrop } from '../lib/priceDrop';
import { ratingText } from '../lib/sellerRating';

export interface ResultCardProps {
  car: SearchProduct;
  /** Among the first results on screen: its photo loads at once (CarPhoto). */
  priority?: boolean | 'high';
  /** On the seller's own page: no seller line. */
  hideSeller?: boolean;
}

/**
 * One car found: photo, name (the link to the car's page, stretched over the whole card), price,
 * where it is, its condition and years used, the verified tick, the fair-price badge and 'Dealer'
 * or 'Private seller'; and the
 * heart that saves it (once the page is interactive).
 */
export const ResultCard = memo(function ResultCard({ car, priority, hideSeller }: ResultCardProps) {
  const titleId = `result-${car._id}`;
  return (
    <Box
      component="article"
      aria-labelledby={titleId}
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.paper',
        borderRadius: 2,
        overflow: 'hidden',
        boxShadow: '0 1px 3px rgba(11,31,58,0.12)',
        transition: 'box-shadow 150ms',
        '&:hover': { boxShadow: '0 6px 18px rgba(11,31,58,0.18)' },
        '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <CarPhoto
        src={car.carPhoto}
        copies={car.carPhotoCopies}
        alt={car.carName}
        category={car.categoryName}
        priority={priority}
      />
      <SaveHeart carId={car._id} look="card" />
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, flexGrow: 1 }}>
        <Typography id={titleId} component="h3" variant="h6" sx={{ lineHeight: 1.3 }}>
          <Box
            component={RouterLink}
            to={paths.car.to(car._id)}
            // The car's page says how far it is, as the card does.
            state={
              typeof car.distanceMiles === 'number'
                ? { distanceMiles: car.distanceMiles }
                : undefined
            }
            sx={{
              color: 'inherit',
              textDecoration: 'none',
              '&:focus-visible': { outline: 'none' },
              // The whole card answers to the link.
              '&::after': { content: '""', position: 'absolute', inset: 0 },
            }}
          >
            {car.carName}
          </Box>
        </Typography>
        <Typography
          sx={{ fontWeight: 800, fontSize: '1.3rem', color: 'secondary.main' }}
          aria-label={`Price ${formatPrice(car.resalePrice)}`}
        >
          {formatPrice(car.resalePrice)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <FairPriceBadge price={car.resalePrice} fairPrice={car.fairPrice} />
          {car.priceDrop && isRecentDrop(car.priceDrop) && (
            <Tag
              title={`Price dropped ${formatPrice(car.priceDrop.amount)} on ${formatDay(car.priceDrop.at)}`}
              sx={{ border: 0, bgcolor: '#e8f5e9', color: '#1b5e20', fontWeight: 700 }}
            >
              Price drop
            </Tag>
          )}
          <SellerTypeTag type={car.sellerType} />
        </Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {car.modelYear ?? '—'} ·{' '}
          {typeof car.mileage === 'number' ? `${car.mileage.toLocaleString('en-US')} mi` : '—'}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 'auto' }}>
          {car.productLocation} · {car.condition} · {formatYears(car.userYears)} used
        </Typography>
        {typeof car.distanceMiles === 'number' && (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {formatDistance(car.distanceMiles)}
          </Typography>
        )}
        {car.listedAt && (
          // Counted in the reader's own days: a server-rendered page's count may differ by one.
          <Typography variant="body2" color="text.secondary" suppressHydrationWarning>
            {listedAgo(car.listedAt)}
          </Typography>
        )}
        {!hideSeller && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
            <Typography
              variant="body2"
              noWrap
              sx={{ fontWeight: 600, position: 'relative', zIndex: 1 }}
            >
              {car.sellerId ? (
                <Box
                  component={RouterLink}
                  to={paths.seller.to(car.sellerId)}
                  sx={{ color: 'inherit' }}
                >
                  {car.sellerName}
                </Box>
              ) : (
                car.sellerName
              )}
            </Typography>
            {car.isVerify === 'true' && (
              <VerifiedIcon
                titleAccess="Verified seller"
                fontSize="small"
                sx={{ color: '#1d9bf0' }}
              />
            )}
            <Typography variant="body2" color="text.secondary" noWrap>
              · {ratingText(car.sellerRating, true)}
            </Typography>
          </Box>
        )}
        <CompareToggle id={car._id} name={car.carName} />
      </Box>
    </Box>
  );
});
