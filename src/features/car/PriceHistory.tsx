import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { formatDay, formatPrice, listedAgo } from '../../lib/format';
import type { PricePoint } from './PriceChart';

// The chart is below the first paint: its code loads when the section renders.
const PriceChart = lazy(async () => ({ default: (await import('./PriceChart')).PriceChart }));

/** The latest change of the price, if it lowered it: by how much and when. */
export function latestDrop(history: readonly PricePoint[]): { amount: number; at: string } | null {
  const last = history[history.length - 1];
  const before = history[history.length - 2];
  if (!last || !before || last.price >= before.price) return null;
  return { amount: before.price - last.price, at: last.at };
}

/** Under the price: 'Price dropped $2,000 on Nov 3' (the latest change, if a drop) and 'Listed 12 days ago'. */
export function PriceNews({
  history,
  listedAt,
}: {
  history: readonly PricePoint[];
  listedAt: string;
}) {
  const drop = latestDrop(history);
  const listed = listedAgo(listedAt);
  if (!drop && !listed) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
      {drop && (
        <Box component="span" sx={{ color: 'success.dark', fontWeight: 700 }}>
          Price dropped {formatPrice(drop.amount)} on {formatDay(drop.at)}
        </Box>
      )}
      {drop && listed && ' · '}
      {listed}
    </Typography>
  );
}

/** 'Price history': the chart of the price over time, or that it never changed. */
export function PriceHistory({ history }: { history: readonly PricePoint[] }) {
  return (
    <Box component="section" aria-labelledby="price-history" sx={{ mt: 4, maxWidth: 760 }}>
      <Typography id="price-history" component="h2" variant="h6" gutterBottom>
        Price history
      </Typography>
      {history.length < 2 ? (
        <Typography color="text.secondary">
          The price has not changed since the car was listed.
        </Typography>
      ) : (
        // The chart's space is kept while its code loads (its 320 × 120 view box, scaled).
        <Suspense fallback={<Box sx={{ maxWidth: 520, aspectRatio: '320 / 120' }} />}>
          <PriceChart history={history} />
        </Suspense>
      )}
    </Box>
  );
}
