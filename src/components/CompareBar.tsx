import { useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { useComparedCars } from '../lib/compare/compareList';
import { ActionLink } from './actions';

/**
 * 'Compare (N)' in the top bar (held at the top of the window, so always at hand and covering
 * nothing new) while cars are chosen for comparison; not on the comparison itself.
 */
export function CompareBar() {
  const ids = useComparedCars();
  const { pathname } = useLocation();
  if (ids.length === 0 || pathname === paths.compare.pattern) return null;
  return (
    <ActionLink
      to={paths.compare.to(ids)}
      variant="outlined"
      tone="inherit"
      sx={{ flexShrink: 0, fontWeight: 700, borderColor: 'rgba(255,255,255,0.6)' }}
    >
      Compare ({ids.length})
    </ActionLink>
  );
}
