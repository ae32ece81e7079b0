import { startTransition, StrictMode, useEffect } from 'react';
import { keepServerPreview } from './lib/serverPreview';
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  type RouteObject,
} from 'react-router-dom';
import type { StoreOptions } from './app/store';

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
    delete document.documentElement.dataset.hydrating;
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

/** Gives the browser a turn (input, paint) between pieces of start-up work. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  // The bundle's modules are evaluated in stages, each in a task of its own with a turn for the
  // browser in between, instead of all at once when the script arrives: a phone spends a few
  // hundred milliseconds on them, which would otherwise block input for all of that time.
  // `webpackMode: "eager"` keeps each stage in this file (no extra request); only its evaluation
  // waits for the import() call.
  await yieldToBrowser();
  const { makeStore } = await import(/* webpackMode: "eager" */ './app/store');
  // A page the server rendered with its data (server/src/pages/search-pages.ts) carries that data
  // as the store's starting state, so the app hydrates it without asking again.
  const options = document.getElementById('app-state')?.textContent ?? '{}';
  const store = makeStore(JSON.parse(options) as StoreOptions);
  await yieldToBrowser();
  const { AppProviders } = await import(/* webpackMode: "eager" */ './app/AppProviders');
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ './components/layouts');
  await yieldToBrowser();
  const { routes, routerContext } = await import(/* webpackMode: "eager" */ './app/routes');
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  keepServerPreview(container, 'local');
  // Public pages arrive prerendered (scripts/prerender.ts); the others start empty. The screens
  // the URL shows download while the other stages run. A screen whose code cannot load is
  // rendered afresh: the router shows its error page. The server's plain block on a car's page
  // (data-server-preview: server/src/pages/car-pages.ts) is not React's markup: rendered over.
  const screensLoaded =
    container.firstElementChild !== null &&
    !container.firstElementChild.hasAttribute('data-server-preview')
      ? resolveLazyRoutes(routes).then(
          () => true,
          () => false,
        )
      : Promise.resolve(false);
  await yieldToBrowser();
  const router = createBrowserRouter(routes, { getContext: () => routerContext(store) });
  await yieldToBrowser();
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  const prerendered = await screensLoaded;
  await yieldToBrowser();
  const { restoreSession } = await import(/* webpackMode: "eager" */ './lib/auth/authListener');
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
  if (prerendered) {
    // From here on React answers taps on the page (and replays those on parts it has not
    // hydrated yet); the boot script presses a button tapped before (scripts/prerender.ts).
    // Sign-in forms stay disabled while the attribute is there (src/lib/useHydrated.ts).
    document.documentElement.dataset.hydrating = 'true';
    startTransition(() => void hydrateRoot(container, app));
  } else createRoot(container).render(app);

  // The session is read once the page is up, when the browser is idle, so it never competes with
  // the page's own code and data (and Firebase loads only for a browser that may have one).
  const readSession = () => void store.dispatch(restoreSession());
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(readSession, { timeout: 1500 })
      : setTimeout(readSession, 200);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

void start();
