import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * Whether React owns the page: in a browser, unless the entry (src/main.tsx) is hydrating
 * prerendered markup, which it marks `<html data-hydrating>` until React has taken over. Never
 * while rendering on the server (no document).
 */
const ownedByReact = () =>
  typeof document !== 'undefined' && !('hydrating' in document.documentElement.dataset);

/**
 * False while the page is server-rendered and while the browser hydrates that markup, true once
 * React owns the page. A prerendered form keeps its submit button disabled until then, so a click
 * before the code has loaded cannot send the form natively (with the password in the URL). A form
 * rendered in the browser otherwise (a client-side navigation) is enabled from the start.
 *
 * After hydration the switch to true is a transition, not the synchronous re-render that
 * `useSyncExternalStore` would start inside hydration's commit: on a phone that re-render of the
 * form would lengthen the one task that already blocks input the longest.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(ownedByReact);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * Resolves once React owns the page (at once when it already does, or off the browser): for code
 * that a server-rendered part needs only to become interactive, loaded after the page's own
 * scripts. Until then that part keeps the server's markup (a `lazy()` component inside a
 * `<Suspense>` boundary is left as it is while it loads), so nothing moves.
 */
export function whenHydrated(): Promise<void> {
  if (typeof document === 'undefined' || ownedByReact()) return Promise.resolve();
  return new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (!ownedByReact()) return;
      watch.disconnect();
      resolve();
    });
    watch.observe(document.documentElement, { attributeFilter: ['data-hydrating'] });
  });
}

const noSubscription = () => () => {};

/**
 * False in the server's markup and while this component's own markup is hydrated, even when that
 * comes after the page's (a search card's code loads once the page is interactive, so its
 * `useHydrated` would already say true and its first render would not match the server's); true
 * at once for a component rendered in the browser. Its switch to true re-renders inside that
 * hydration's commit: for small parts, such as a card's buttons.
 */
export function useOwnMarkupHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Resolves a task after the page is marked interactive (`<html data-ready>`, src/main.tsx), at once
 * off the browser: for code that no first view needs, hydrated or rendered in the browser, so
 * that it loads after the page's own scripts. (Tests mark their page ready: src/testing.)
 */
export function whenReady(): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  const ready = () => document.documentElement.dataset.ready === 'true';
  const nextTask = (resolve: () => void) => setTimeout(resolve, 0);
  if (ready()) return new Promise(nextTask);
  return new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (!ready()) return;
      watch.disconnect();
      nextTask(resolve);
    });
    watch.observe(document.documentElement, { attributeFilter: ['data-ready'] });
  });
}
