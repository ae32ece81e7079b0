import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { routerContext, routes } from './app/routes';
import { makeStore } from './app/store';
import { startAuthListener } from './lib/auth/authListener';

const store = makeStore();
const router = createBrowserRouter(routes, { getContext: () => routerContext(store) });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

// The session is read once the page is up: Firebase loads after first paint, when the browser
// is idle, so it never competes with the page's own code and data.
function readSession() {
  void store.dispatch(startAuthListener());
}
const whenIdle = () =>
  'requestIdleCallback' in window
    ? window.requestIdleCallback(readSession, { timeout: 1500 })
    : setTimeout(readSession, 200);
if (document.readyState === 'complete') whenIdle();
else window.addEventListener('load', whenIdle, { once: true });
