import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ActionButton } from '../../components/actions';
import { FairPriceBadge } from '../../components/FairPriceBadge';
import { SpinnerIcon } from '../../components/Spinner';
import { Tag } from '../../components/Tag';
import { paths } from '../../config/paths';
import type { CarDetails } from '../../lib/api';
import { responsiveImage } from '../../lib/images';
import { formatPrice } from '../../lib/format';
import type { CompareColumn } from './useCompareColumns';

/** What a column without its car says, and what it still offers. */
export const NO_LONGER_LISTED = 'No longer listed';

/** The photo's slot: a column's width. */
const SLOT = { width: 320, sizes: '240px' };

function CarHead({ car }: { car: CarDetails }) {
  const image = responsiveImage(car.carPhoto, car.carPhotoCopies, SLOT);
  return (
    <>
      <Box
        component={RouterLink}
        to={paths.car.to(car._id)}
        sx={{
          display: 'block',
          color: 'inherit',
          textDecoration: 'none',
          '&:hover .name': { textDecoration: 'underline' },
        }}
      >
        <Box
          component="img"
          {...image}
          alt=""
          width={320}
          height={200}
          sx={{
            display: 'block',
            width: '100%',
            height: 'auto',
            aspectRatio: '16 / 10',
            objectFit: 'cover',
            borderRadius: 1,
            bgcolor: 'grey.100',
          }}
        />
        <Typography
          className="name"
          component="span"
          sx={{ display: 'block', mt: 1, fontWeight: 700 }}
        >
          {car.carName}
        </Typography>
      </Box>
      {car.sold && (
        <Tag sx={{ border: 0, bgcolor: 'error.main', color: '#fff', fontWeight: 700 }}>Sold</Tag>
      )}
      <Typography
        sx={{ fontWeight: 800, fontSize: '1.25rem', color: 'secondary.main' }}
        aria-label={`Price ${formatPrice(car.resalePrice)}`}
      >
        {formatPrice(car.resalePrice)}
      </Typography>
      {!car.sold &&
        (car.fairPrice ? (
          <FairPriceBadge price={car.resalePrice} fairPrice={car.fairPrice} />
        ) : (
          // Its page says why (too few cars like it, too old, too cheap, not yet valued).
          <Typography variant="caption" color="text.secondary">
            Not rated
          </Typography>
        ))}
    </>
  );
}

/** A column's head: the car (photo and name linking to its page, price and rating), 'Remove'. */
export function CompareHeader({
  column,
  onRemove,
}: {
  column: CompareColumn;
  onRemove: (id: string) => void;
}) {
  const name = column.state === 'car' ? column.car.carName : 'this car';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1 }}>
      {/* First, so every column's button is at the same height. */}
      <ActionButton
        type="button"
        variant="text"
        size="small"
        tone="inherit"
        aria-label={`Remove ${name}`}
        onClick={() => onRemove(column.id)}
        sx={{ alignSelf: 'flex-end', gap: 0.5, mt: -0.5, mr: -0.5 }}
      >
        <svg viewBox="0 0 24 24" width={16} height={16} aria-hidden focusable="false">
          <path
            fill="currentColor"
            d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z"
          />
        </svg>
        Remove
      </ActionButton>
      {column.state === 'car' && <CarHead car={column.car} />}
      {column.state === 'loading' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <SpinnerIcon size={20} /> Loading the car
        </Box>
      )}
      {column.state === 'gone' && (
        <Typography sx={{ fontWeight: 700 }}>{NO_LONGER_LISTED}</Typography>
      )}
      {column.state === 'failed' && (
        <Box>
          <Typography>We could not load this car.</Typography>
          <ActionButton
            type="button"
            variant="text"
            size="small"
            disabled={column.retrying}
            onClick={column.retry}
          >
            Try again
          </ActionButton>
        </Box>
      )}
    </Box>
  );
}
