import type { ComponentType, ReactNode } from 'react';
import type * as GuardsModule from '../lib/auth/guards';

export type Wrap = (page: ReactNode) => ReactNode;
/** A guard's code is loaded with the route that needs it, not with the first page. */
export type Guard = () => Promise<Wrap>;
/** What a route's `lazy` gives the router: the screen to render. */
export type LazyScreen = () => Promise<{ Component: ComponentType }>;

/** A lazily loaded screen. */
export function screen(load: () => Promise<ComponentType>): LazyScreen {
  return async () => ({ Component: await load() });
}

/**
 * A screen with a wrapper that is no gate (it renders the screen while the session is read): its
 * code loads with the route, so the page can be prerendered and hydrated whole.
 */
export function wrappedScreen(load: () => Promise<ComponentType>, guard: Guard): LazyScreen {
  return async () => {
    const [Page, wrap] = await Promise.all([load(), guard()]);
    const Wrapped = () => <>{wrap(<Page />)}</>;
    return { Component: Wrapped };
  };
}

export type Guards = typeof GuardsModule;
/** A guard made from the guards module, which is fetched when a route first needs it. */
export const guard =
  (wrapWith: (guards: Guards) => Wrap): Guard =>
  async () =>
    wrapWith(await import('../lib/auth/guards'));
export const signedOut = guard(({ RedirectIfSignedIn }) => (page) => (
  <RedirectIfSignedIn>{page}</RedirectIfSignedIn>
));
