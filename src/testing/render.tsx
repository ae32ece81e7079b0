import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { routerContext, routes } from '../app/routes';
import { makeStore, type AppStore } from '../app/store';

/**
 * Renders the real app (real store, real routes and lazy screens, real providers) at a path,
 * with the network answered by MSW.
 */
export function renderApp(path = '/', { store = makeStore() }: { store?: AppStore } = {}) {
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
    getContext: () => routerContext(store),
  });
  const result = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, store, router };
}
