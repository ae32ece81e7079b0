/**
 * The parts of the search page whose code loads after the page's own: the server renders them
 * with its own copies (src/renderSearchPage.tsx), whose markup stays until then.
 */
import { lazy } from 'react';
import { whenHydrated } from '../../lib/useHydrated';

/**
 * The filters' code, loaded once the app has taken the page over: the server's page has them as
 * a plain GET form, which works until then (a box ticked meanwhile applies once they are here).
 * The server renders them with its own copy (src/renderSearchPage.tsx).
 */
export const LazyFilterPanel = lazy(async () => {
  await whenHydrated();
  return { default: (await import('./FilterPanel')).FilterPanel };
});

/** The filters on a phone: loaded when first opened (a wide screen never needs them). */
export const FiltersDrawer = lazy(async () => ({
  default: (await import('./FiltersDrawer')).FiltersDrawer,
}));

/**
 * 'No cars match', loaded only for a search that finds nothing (after the app has taken a
 * server's page over, whose markup stays until then); the server passes its own copy too.
 */
export const LazyNoResults = lazy(async () => {
  await whenHydrated();
  return { default: (await import('./NoResults')).NoResults };
});

/**
 * The cars' cards, the same way: in the server's page they are links that work as they are, and
 * hydrate once their code is here, after the app has taken the page over.
 */
export const LazyResultCard = lazy(async () => {
  await whenHydrated();
  return { default: (await import('./ResultCard')).ResultCard };
});
