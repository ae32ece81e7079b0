import type { AppStore } from '../../app/store';
import { api } from '../../lib/api';

/** How long a navigation waits for the cars before the page shows with its spinner. */
export const LOADER_WAIT_MS = 1500;

/**
 * The category route's loader (the data is loaded before the page shows; docs/differences.md). It
 * starts the first page's RTK Query request (24 cars; the page asks for more as it scrolls), so the
 * request runs while the screen's code downloads, and waits for the answer, but never longer than
 * `waitMs`: a slow or failing server (retries take seconds) shows the page with its spinner, then
 * its message, instead of a frozen previous page. A signed-out visitor is sent to /login by the
 * route's guard; nothing is fetched for them.
 */
export async function loadCategoryProducts(
  store: AppStore,
  categoryName: string,
  waitMs = LOADER_WAIT_MS,
): Promise<null> {
  const { user, loading } = store.getState().auth;
  if (!user && !loading) return null;
  const request = store.dispatch(api.endpoints.getCategoryProductPages.initiate({ categoryName }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([request, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  } finally {
    clearTimeout(timer);
    // The page's own subscription keeps the entry; unused data stays 5 minutes.
    request.unsubscribe();
  }
  return null;
}
