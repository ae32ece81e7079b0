import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import type { AppStore } from '../app/store';
import { testStyles } from './render';

/** Where a part of the dashboard renders on its own. */
export const AT = '/dashboad/part';

/**
 * Renders one component on its own at AT (real store and providers, a router), for parts that
 * no page of this tree shows yet. The other paths it may go to show their name as a heading.
 */
export function renderAlone(element: ReactElement, store: AppStore) {
  const elsewhere = (name: string) => <h1>{name}</h1>;
  const router = createMemoryRouter(
    [
      { path: AT, element },
      { path: '/', element: elsewhere('Home page') },
      { path: '/login', element: elsewhere('Login page') },
      { path: '/dashboad/orders/:id', element: elsewhere('Booking page') },
    ],
    { initialEntries: [AT] },
  );
  const result = render(
    <AppProviders store={store} emotionCache={testStyles()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}
