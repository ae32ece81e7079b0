import { useEffect } from 'react';
import { paths } from '../../config/paths';
import { useViewProductMutation } from '../../lib/api';

/** The path of the page the browser loaded (the server answered it), or null when unknown. */
function documentPath(): string | null {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') {
    return null;
  }
  const [entry] = performance.getEntriesByType('navigation');
  if (!entry?.name) return null;
  try {
    return new URL(entry.name).pathname;
  } catch {
    return null;
  }
}

/** Whether no car was shown yet in this page's life (the first may be the server's page). */
let firstCar = true;

/**
 * Counts a person opening the car in the app (`POST /api/products/{id}/view`), once per car shown.
 * The car the browser loaded as a page was counted by the server as it answered it: not again.
 */
export function useCountView(id: string): void {
  const [countView] = useViewProductMutation();
  useEffect(() => {
    const servedAsPage = firstCar && documentPath() === paths.car.to(id);
    firstCar = false;
    if (!servedAsPage) void countView({ id });
  }, [id, countView]);
}
