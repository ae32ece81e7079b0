import { lazy, Suspense } from 'react';
import type { CompareToggleProps } from './CompareToggle';

const CompareToggle = lazy(async () => ({
  default: (await import('./CompareToggle')).CompareToggle,
}));

/**
 * 'Compare' with its code (and the chosen cars' store) loaded when first shown, not with the
 * page: a car's page, whose first script is at its budget.
 */
export function CompareToggleLater(props: CompareToggleProps) {
  return (
    <Suspense fallback={null}>
      <CompareToggle {...props} />
    </Suspense>
  );
}
