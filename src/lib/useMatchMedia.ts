import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, following its changes: MUI's useMediaQuery without its
 * options and theme lookups, for a public page's start-up script. Where the browser cannot say
 * (no matchMedia: tests, old engines), `fallback`.
 */
export function useMatchMedia(query: string, fallback = true): boolean {
  const media = query.replace(/^@media\s*/, '');
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(media);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [media],
  );
  const matches = () =>
    typeof window.matchMedia === 'function' ? window.matchMedia(media).matches : fallback;
  return useSyncExternalStore(subscribe, matches, () => fallback);
}
