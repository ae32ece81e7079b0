import { lazy, Suspense, useEffect, useState } from 'react';

const CompareBar = lazy(async () => ({ default: (await import('./CompareBar')).CompareBar }));

/**
 * The top bar's 'Compare (N)', loaded a moment after the page is interactive: its code (and the
 * chosen cars' store) stays out of every page's first script, which is at its budget.
 */
export function CompareBarLater() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    // A task after the commit that marks the page interactive (src/main.tsx, AppReady).
    const timer = setTimeout(() => setWanted(true), 0);
    return () => clearTimeout(timer);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CompareBar />
    </Suspense>
  );
}
