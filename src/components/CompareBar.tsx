import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { useComparedCars } from '../lib/compare/compareList';

// Its code loads once a car is chosen: every public page's first script is at its budget.
const CompareStrip = lazy(async () => ({
  default: (await import('./CompareStrip')).CompareStrip,
}));

/** 'Compare (N)' while cars are chosen for comparison (not on the comparison itself). */
export function CompareBar() {
  const ids = useComparedCars();
  const { pathname } = useLocation();
  if (ids.length === 0 || pathname === paths.compare.pattern) return null;
  return (
    <Suspense fallback={null}>
      <CompareStrip ids={ids} />
    </Suspense>
  );
}
