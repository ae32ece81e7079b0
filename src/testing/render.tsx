import createCache from '@emotion/cache';
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
    <AppProviders store={store} emotionCache={testStyles()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, store, router };
}

/**
 * An emotion cache whose styles go in a box of their own, removed after the test (setupTests):
 * otherwise every render adds the app's styles again, and jsdom matches each computed style (the
 * visibility checks of getByRole, user-event's pointer-events check) against them all.
 */
export function testStyles() {
  const box = document.createElement('div');
  box.dataset.testStyles = '';
  document.head.append(box);
  return createCache({ key: 'css', container: box, stylisPlugins: [withoutHasSelectors] });
}

/**
 * Drops the selectors that use `:has()` (MUI's native-select and baseline rules). jsdom matches
 * every rule on each getComputedStyle, and its selector engine re-parses a `:has()` argument on
 * every match: with them, MUI's multiline field (which measures itself on each keystroke) spent
 * most of a form test's time there. No test looks at what those rules style.
 */
function withoutHasSelectors(element: { type: string; props: string[] | string }) {
  if (element.type === 'rule' && Array.isArray(element.props))
    element.props = element.props.filter((selector) => !selector.includes(':has('));
}
