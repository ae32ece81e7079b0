/**
 * The parts of the search page whose code loads after the page's own: the server renders them
 * with its own copies (src/renderSearchPage.tsx), whose markup stays until then (a `lazy()`
 * component inside a `<Suspense>` boundary is left as it is while it loads).
 */
import { lazy, type ComponentType } from 'react';
import { whenHydrated } from '../../lib/useHydrated';

/** A component whose code is loaded once the app has taken the page over. */
export const afterHydration = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazy(async () => {
    await whenHydrated();
    return { default: await load() };
  });

/**
 * The filters: the server's page has them as a plain GET form, which works until then (a box
 * ticked meanwhile applies once they are here).
 */
export const LazyFilterPanel = afterHydration(
  async () => (await import('./FilterPanel')).FilterPanel,
);

/** The filters on a phone: loaded when first opened (a wide screen never needs them). */
export const FiltersDrawer = lazy(async () => ({
  default: (await import('./FiltersDrawer')).FiltersDrawer,
}));

/** 'No cars match': loaded only for a search that finds nothing. */
export const LazyNoResults = afterHydration(async () => (await import('./NoResults')).NoResults);

/** The cars' cards: in the server's page they are links that work as they are. */
export const LazyResultCard = afterHydration(
  async () => (await import('../../components/ResultCard')).ResultCard,
);

/** 'Save this search': not in the server's page; its button comes once the app has the page. */
export const LazySaveSearchButton = afterHydration(
  async () => (await import('./SaveSearchButton')).SaveSearchButton,
);
