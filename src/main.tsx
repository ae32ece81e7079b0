import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  type RouteObject,
} from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { routerContext, routes } from './app/routes';
import { makeStore } from './app/store';
import { readAccessToken } from './lib/api/accessToken';
import { ensureAuthListener } from './lib/auth/authListener';
import { userSignedOut } from './lib/auth/authSlice';

/**
 * Loads the code of the screens the current URL shows, so the router starts with them in place
 * (a prerendered page must hydrate with the same tree, not with the loading fallback).
 */
async function resolveLazyRoutes(table: RouteObject[]): Promise<void> {
  const matches = matchRoutes(table, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, resolved);
      delete route.lazy;
    }),
  );
}

/**
 * Marks the document once React has taken the page over (`<html data-ready>`): what the bundle
 * bench counts as "loaded before interactive", and a hook for anyone measuring the page.
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

/** Gives the browser a turn (input, paint) between pieces of start-up work. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  await yieldToBrowser();
  const store = makeStore();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // Public pages arrive prerendered (scripts/prerender.ts); the others start empty.
  let prerendered = container.firstElementChild !== null;
  if (prerendered) {
    // A screen whose code cannot load is rendered afresh: the router shows its error page.
    prerendered = await resolveLazyRoutes(routes).then(
      () => true,
      () => false,
    );
  }
  await yieldToBrowser();
  const router = createBrowserRouter(routes, { getContext: () => routerContext(store) });
  const app = (
    <StrictMode>
      <AppProviders store={store}>
        <RouterProvider router={router} />
        <AppReady />
      </AppProviders>
    </StrictMode>
  );
  // Hydrating as a transition lets React yield to the browser between pieces of the page, so
  // taking over the prerendered markup does not block input for one long task.
  if (prerendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);

  // The session is read once the page is up, when the browser is idle, so it never competes with
  // the page's own code and data. Only a browser that holds an access token can have a session:
  // for any other visitor Firebase is not loaded at all (sign-in loads it when it is needed).
  const readSession = () =>
    void (readAccessToken()
      ? store.dispatch(ensureAuthListener())
      : store.dispatch(userSignedOut()));
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(readSession, { timeout: 1500 })
      : setTimeout(readSession, 200);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

void start();
