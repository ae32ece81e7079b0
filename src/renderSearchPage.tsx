/**
 * The search page (`/cars?…`) as the server renders it, with its first page of cars: the page's
 * own requests (pageRequests) go through the app's API layer to the server's API (the worker's
 * fetch: src/searchPageWorker.ts), into a store that is rendered as the prerendered pages are
 * (prerender.tsx). That store's cache goes into the HTML as the browser's starting state
 * (src/main.tsx), so the app hydrates the markup without asking the API again.
 */
import type { RouteObject } from 'react-router-dom';
import { routes } from './app/routes';
import { makeStore } from './app/store';
import { paths } from './config/paths';
import { CarsPage } from './features/search/CarsPage';
import { FilterPanel } from './features/search/FilterPanel';
import { NoResults } from './features/search/NoResults';
import { Footer } from './components/Footer';
import { renderFooterWith } from './components/FooterLater';
import { ResultCard } from './components/ResultCard';
import { pageRequests, readSearch, searchQuery } from './features/search/searchParams';
import { searchEndpoints } from './lib/api/search';
import { prerenderPage, type PrerenderedPage } from './prerender';

export interface RenderedSearchPage extends PrerenderedPage {
  /** The store's options for the browser (src/main.tsx): the API cache with the two answers. */
  state: { preloadedState: { api: object } };
  /** The search's own address (`/cars?…`, filters in the page's order): the canonical link. */
  canonical: string;
  /** How many cars match; null when the API refused the search (the page says so). */
  total: number | null;
  /** The words searched for ('' for none). */
  q: string;
}

/**
 * The search page with its filters, cards and 'No cars match' in place: the browser loads their code
 * after the page's (lazy imports), which the worker could not (below).
 */
function SearchScreen() {
  return <CarsPage FilterPanel={FilterPanel} NoResults={NoResults} ResultCard={ResultCard} />;
}

/**
 * The route table with the search page's screen in place of its lazy import: the worker loads
 * the app as CommonJS (tsx's require hook), where an `import()` of a TypeScript file fails.
 */
function withSearchScreen(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    if (route.path === paths.cars) {
      const { lazy: _lazy, ...rest } = route;
      return { ...rest, Component: SearchScreen };
    }
    return route.children ? { ...route, children: withSearchScreen(route.children) } : route;
  }) as RouteObject[];
}
const table = withSearchScreen(routes);
// The footer, which the browser loads after the page, is in the page's markup from the start.
renderFooterWith(Footer);

export async function renderSearchPage(url: string): Promise<RenderedSearchPage> {
  const address = new URL(url, 'http://server-render.invalid');
  const { search, cursor } = readSearch(address.searchParams);
  const requests = pageRequests(search, cursor);
  const store = makeStore();
  // No subscription: nothing is kept alive (or timed) after the page is rendered.
  const [results] = await Promise.all([
    store.dispatch(
      searchEndpoints.searchProductPages.initiate(requests.results, { subscribe: false }),
    ),
    store.dispatch(searchEndpoints.getSearchFacets.initiate(requests.facets, { subscribe: false })),
  ]);
  const page = await prerenderPage(`${address.pathname}${address.search}`, store, table);
  const { queries, provided } = store.getState().api;
  return {
    ...page,
    state: { preloadedState: { api: { queries, provided } } },
    canonical: `${paths.cars}${searchQuery(search, cursor)}`,
    total: results.data?.pages[0]?.total ?? null,
    q: search.q,
  };
}
