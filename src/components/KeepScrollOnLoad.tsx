import { useLayoutEffect, useState } from 'react';

/**
 * Keeps a visitor where they scrolled while a prerendered page was loading. The router's scroll
 * restoration puts a page it has no position for at its top when the app first mounts, which
 * moved the page under the visitor's finger: a tap meant for the footer landed on nothing.
 * Rendered after `<ScrollRestoration />`, so that its effect runs after the router's.
 */
export function KeepScrollOnLoad() {
  const [atLoad] = useState(() => (typeof window === 'undefined' ? 0 : window.scrollY));
  useLayoutEffect(() => {
    if (atLoad > 0 && window.scrollY === 0) window.scrollTo(0, atLoad);
  }, [atLoad]);
  return null;
}
