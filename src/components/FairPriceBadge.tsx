import Box from '@mui/material/Box';
import type { FairPrice } from '../lib/api';
import { formatPrice } from '../lib/format';
import { Tag } from './Tag';

const RATINGS: Record<FairPrice['rating'], { label: string; color: string; bg: string }> = {
  great: { label: 'Great deal', color: '#0b5d1e', bg: '#dcf5e3' },
  good: { label: 'Good deal', color: '#1b5e20', bg: '#eaf6e4' },
  fair: { label: 'Fair price', color: '#0b3a6e', bg: '#e6eef9' },
  high: { label: 'High price', color: '#8a2a0a', bg: '#fde8df' },
};

/** The badge's words for a rating ('Great deal', …). */
export const fairPriceLabel = (rating: FairPrice['rating']) => RATINGS[rating].label;

/**
 * What the badge rests on, in one line: "$4,200 below its market value" (the value to the
 * nearest $100, as the car's page shows it).
 */
export function fairPriceBasis(price: number, fair: FairPrice): string {
  const difference = Math.round(price - Math.round(fair.median / 100) * 100);
  if (difference === 0) return 'At its market value';
  const side = difference < 0 ? 'below' : 'above';
  return `${formatPrice(Math.abs(difference))} ${side} its market value`;
}

/**
 * How a car's price compares with its market value (the answer's `fairPrice`): a coloured
 * badge and its basis. Nothing when the answer has no fair price (not rated).
 */
export function FairPriceBadge({
  price,
  fairPrice,
}: {
  price: number;
  fairPrice: FairPrice | null | undefined;
}) {
  if (!fairPrice) return null;
  const look = RATINGS[fairPrice.rating];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
      <Tag sx={{ border: 0, fontWeight: 700, color: look.color, bgcolor: look.bg }}>
        {look.label}
      </Tag>
      <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
        {fairPriceBasis(price, fairPrice)}
      </Box>
    </Box>
  );
}
