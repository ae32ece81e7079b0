import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One fact of a car in a description list (`<dl>`): its name over its value. */
export function Fact({ label, value, small }: { label: string; value: string; small?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant={small ? 'body2' : undefined}
        sx={{ m: 0, fontWeight: 600 }}
      >
        {value}
      </Typography>
    </Box>
  );
}
