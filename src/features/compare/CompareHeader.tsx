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
      {!car.sold && <FairPriceBadge price={car.resalePrice} fairPrice={car.fairPrice} />}
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
      {column.state === 'car' && <CarHead car={column.car} />}
      {column.state === 'loading' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 120 }}>
          <SpinnerIcon size={20} /> Loading the car
        </Box>
      )}
      {column.state === 'gone' && (
        <Typography sx={{ fontWeight: 700, minHeight: 120 }}>{NO_LONGER_LISTED}</Typography>
      )}
      {column.state === 'failed' && (
        <Box sx={{ minHeight: 120 }}>
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
      <ActionButton
        type="button"
        variant="outlined"
        size="small"
        tone="inherit"
        aria-label={`Remove ${name}`}
        onClick={() => onRemove(column.id)}
      >
        Remove
      </ActionButton>
    </Box>
  );
}
