import Box from '@mui/material/Box';
import { paths } from '../config/paths';
import { clearCompared } from '../lib/compare/compareList';
import { ActionButton, ActionLink } from './actions';

/**
 * 'Compare (N)' and 'Clear': a strip held at the foot of the window (sticky, so at the end of the
 * page it takes its own place and hides nothing) that leads to the chosen cars side by side.
 */
export function CompareStrip({ ids }: { ids: readonly string[] }) {
  return (
    <Box
      component="aside"
      aria-label="Cars to compare"
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        display: 'flex',
        justifyContent: 'flex-end',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
        boxShadow: '0 -2px 8px rgba(11,31,58,0.12)',
      }}
    >
      <ActionButton type="button" variant="text" tone="inherit" onClick={clearCompared}>
        Clear
      </ActionButton>
      <ActionLink to={paths.compare.to(ids)} variant="contained" tone="primary">
        Compare ({ids.length})
      </ActionLink>
    </Box>
  );
}
