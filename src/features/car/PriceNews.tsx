import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDay, formatPrice, listedAgo } from '../../lib/format';
import type { PricePoint } from './PriceChart';

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
