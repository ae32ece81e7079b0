import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Tag } from '../../components/Tag';
import type { FairPrice, MarketValue } from '../../lib/api';
import {
  marketValueText,
  notRatedReason,
  priceBasis,
  RATING_LABEL,
  type ValuedCar,
} from './carText';

const COLOURS: Record<FairPrice['rating'], { bg: string; fg: string }> = {
  great: { bg: '#1b5e20', fg: '#fff' },
  good: { bg: '#e8f5e9', fg: '#1b5e20' },
  fair: { bg: '#eceff1', fg: '#263238' },
  high: { bg: '#fff3e0', fg: '#8a3b00' },
};

/**
 * The price signal: the car's market value and its basis in words, a badge ('Great deal' …
 * 'High price') with how far the price is from the value, or why it is not rated, and 'How we
 * rate prices'. Nothing when the server has no market value for the car (not yet valued, too
 * few cars like it, or sold).
 */
export function PriceSignal({
  car,
  fairPrice,
  marketValue,
}: {
  car: ValuedCar;
  fairPrice: FairPrice | null;
  marketValue: MarketValue | null | undefined;
}) {
  if (!marketValue) return null;
  const colour = fairPrice ? COLOURS[fairPrice.rating] : null;
  return (
    <Box
      component="section"
      aria-label="Price signal"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
        {marketValueText(car, marketValue)}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        {fairPrice && colour ? (
          <>
            <Tag sx={{ border: 0, bgcolor: colour.bg, color: colour.fg, fontWeight: 700 }}>
              {RATING_LABEL[fairPrice.rating]}
            </Tag>
            <Typography variant="body2">{priceBasis(car.resalePrice, fairPrice)}</Typography>
          </>
        ) : (
          <Typography variant="body2">
            {notRatedReason(car, marketValue, new Date().getFullYear())}
          </Typography>
        )}
      </Box>
      <Box component="details" sx={{ mt: 1, fontSize: 14, color: 'text.secondary' }}>
        <Box
          component="summary"
          sx={{ cursor: 'pointer', color: 'primary.main', width: 'fit-content' }}
        >
          How we rate prices
        </Box>
        <Typography variant="body2" sx={{ mt: 1 }}>
          A car&rsquo;s market value comes from the cars for sale. For a model with 20 or more of
          them, it is a line fitted through their prices by age, mileage and condition; for a rarer
          model, its make&rsquo;s line at the model&rsquo;s own level; for a car without model, year
          or mileage, the median price of cars of the same make and condition used within 2 years of
          it. Values are refreshed a few seconds after any change.
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {/* The ratios are the server's (server/src/valuation/fair-price.ts, RATING_RATIOS). */}A
          price up to 90% of the value is a Great deal, up to 97% a Good deal, up to 106% a Fair
          price, and above that a High price. We do not rate a car with fewer than 5 cars behind its
          value, over 25 years old, or priced under $1,500. We do not know a car&rsquo;s history, so
          a low price may have a reason: ask the seller.
        </Typography>
      </Box>
    </Box>
  );
}
