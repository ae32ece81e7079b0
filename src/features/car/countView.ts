/**
 * Counting a person opening a car in the app (`POST /api/products/{id}/view`): loaded by the
 * car's page once it shows, so the page's first script does without it.
 */
import type { AppDispatch } from '../../app/store';
import { paths } from '../../config/paths';
import { screenApi } from '../../lib/api/generated/screenEndpoints';

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
 * Counts the car shown, once per time it is shown. The car the browser loaded as a page was
 * counted by the server as it answered it: not again.
 */
export function countView(dispatch: AppDispatch, id: string): void {
  const servedAsPage = firstCar && documentPath() === paths.car.to(id);
  firstCar = false;
  if (servedAsPage) return;
  const request = dispatch(screenApi.endpoints.viewProduct.initiate({ id }));
  // Nothing shows its answer: it leaves the store once it came.
  void request.then(() => request.reset());
}
