import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** The spinner every data list shows while it loads (spec §2). */
export function Spinner({
  minHeight = 240,
  label = 'Loading',
}: {
  minHeight?: number;
  label?: string;
}) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'grid', placeItems: 'center', minHeight }}>
      <CircularProgress color="secondary" aria-hidden />
    </Box>
  );
}
