import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ActionLink } from '../../components/actions';
import { paths } from '../../config/paths';
import type { CarValuation } from '../../lib/api';
import { addProductQuery, aboutPrice, fromSimilar } from '../../lib/carValue';
import { formatPrice } from '../../lib/format';

const BASIS: Record<NonNullable<CarValuation['basis']>, string> = {
  model: 'from the prices of this model for sale, by age, mileage and condition',
  make: "from this model's few listings and how its make's prices fall with age and miles",
  comparables: 'from cars of this make in this condition and of about its age',
};

/** The car the answer is about, and its mileage and condition as asked. */
export interface ValuedCar {
  make: string;
  model: string;
  year: number | string;
  mileage: string;
  condition: string;
}

/**
 * The answer of 'What's my car worth?': the range and the listings it rests on, and 'List it for
 * …' (Add product filled in with the car at its market value); or why there is no value.
 */
export function ValueResult({ answer, car }: { answer: CarValuation; car: ValuedCar | null }) {
  if (answer.value === null) {
    return (
      <Typography sx={{ fontWeight: 600 }}>
        {answer.reason ?? 'Not enough similar cars to value it'}
      </Typography>
    );
  }
  const price = Math.round(answer.value / 100) * 100;
  const name = car ? `${car.year} ${car.make} ${car.model}` : 'Your car';
  return (
    <Box>
      <Typography component="h2" variant="h6">
        {name}
      </Typography>
      <Typography component="p" sx={{ fontSize: '2rem', fontWeight: 800, lineHeight: 1.3 }}>
        {formatPrice(answer.low ?? answer.value)} – {formatPrice(answer.high ?? answer.value)}
      </Typography>
      <Typography>
        Market value about {aboutPrice(answer.value)} ({fromSimilar(answer.comparables ?? 0)})
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Worked out {answer.basis ? BASIS[answer.basis] : 'from the cars for sale'}; eight in ten
        such cars are priced within the range.
      </Typography>
      {car && (
        <ActionLink
          to={`${paths.addProducts}${addProductQuery({ ...car, price })}`}
          variant="contained"
          tone="secondary"
        >
          List it for {formatPrice(price)}
        </ActionLink>
      )}
    </Box>
  );
}
