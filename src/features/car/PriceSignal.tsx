import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Tag } from '../../components/Tag';
import type { FairPrice } from '../../lib/api';
import { priceBasis, RATING_LABEL } from './carText';

const COLOURS: Record<FairPrice['rating'], { bg: string; fg: string }> = {
  great: { bg: '#1b5e20', fg: '#fff' },
  good: { bg: '#e8f5e9', fg: '#1b5e20' },
  fair: { bg: '#eceff1', fg: '#263238' },
  high: { bg: '#fff3e0', fg: '#8a3b00' },
};

/**
 * The price signal: a badge ('Great deal' … 'High price') with its basis in one line, and what
 * the rating compares and cannot know. Nothing when the server has no fair price (too few
 * comparables, or sold).
 */
export function PriceSignal({ price, fairPrice }: { price: number; fairPrice: FairPrice | null }) {
  if (!fairPrice) return null;
  const colour = COLOURS[fairPrice.rating];
  return (
    <Box
      component="section"
      aria-label="Price signal"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Tag sx={{ border: 0, bgcolor: colour.bg, color: colour.fg, fontWeight: 700 }}>
          {RATING_LABEL[fairPrice.rating]}
        </Tag>
        <Typography variant="body2">{priceBasis(price, fairPrice)}</Typography>
      </Box>
      <Box component="details" sx={{ mt: 1, fontSize: 14, color: 'text.secondary' }}>
        <Box
          component="summary"
          sx={{ cursor: 'pointer', color: 'primary.main', width: 'fit-content' }}
        >
          How we rate prices
        </Box>
        <Typography variant="body2" sx={{ mt: 1 }}>
          We compare the selling price with the median of cars for sale in the same category and
          condition, used within 2 years of this one, leaving out the seller&rsquo;s own cars, and
          rate it only when there are at least 5 of them. We do not know a car&rsquo;s model,
          mileage or history, so a low price may have a reason: ask the seller.
        </Typography>
      </Box>
    </Box>
  );
}
