import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const turn = keyframes`to { transform: rotate(360deg); }`;

/**
 * A turning ring in the current colour (or `color`), for buttons, toasts and lists. Drawn by CSS
 * alone: MUI's CircularProgress (its SVG, two animations and their styles) weighs on every page's
 * start-up script for a few pixels of motion.
 */
export function SpinnerIcon({ size = 16, color }: { size?: number; color?: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        flexShrink: 0,
        width: size,
        height: size,
        boxSizing: 'border-box',
        border: `${Math.max(2, Math.round(size / 10))}px solid`,
        borderColor: color ?? 'currentColor',
        borderRightColor: 'transparent',
        borderRadius: '50%',
        animation: `${turn} 0.8s linear infinite`,
        // Slower, and still turning: the page's rule for reduced motion stops every other
        // animation.
        '@media (prefers-reduced-motion: reduce)': {
          animationDuration: '2.4s !important',
          animationIterationCount: 'infinite !important',
        },
      }}
    />
  );
}

/** The spinner every data list shows while it loads. */
export function Spinner({
  minHeight = 240,
  label = 'Loading',
}: {
  /** A length, or lengths by breakpoint (`{ xs: '100vh', md: 720 }`). */
  minHeight?: number | string | Partial<Record<'xs' | 'sm' | 'md' | 'lg', number | string>>;
  label?: string;
}) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'grid', placeItems: 'center', minHeight }}>
      <SpinnerIcon size={40} color="secondary.main" />
    </Box>
  );
}
