import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PriceChart, type PricePoint } from './PriceChart';

/**
 * 'Price history': the chart of the price over time, or that it never changed. Loaded with the
 * payment estimate after the page's first script (CarPage's lazy()): both are below the first paint.
 */
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
        <PriceChart history={history} />
      )}
    </Box>
  );
}
