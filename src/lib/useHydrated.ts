import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the page is server-rendered and while the browser hydrates that markup, true once
 * React owns the page. A prerendered form keeps its submit button disabled until then, so a click
 * before the code has loaded cannot send the form natively (with the password in the URL).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
