import { configure } from '@testing-library/react';
import '@testing-library/jest-dom';
import * as React from 'react';
import { server } from './server';
import { stopAuthListeners } from './session';

// Any request without a handler fails the test: nothing reaches a real network.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// jsdom does not implement scrolling; the router's scroll restoration calls it. (Server-rendering
// tests run in Node, without a window.)
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

// The app's entry (src/main.tsx) marks the page interactive once React owns it; a test renders
// the app without the entry, so its page is marked from the start (src/lib/useHydrated.ts).
if (typeof document !== 'undefined') document.documentElement.dataset.ready = 'true';

// Each rendered app's styles go with it (see renderApp).
afterEach(() => {
  if (typeof document === 'undefined') return;
  for (const box of document.querySelectorAll('[data-test-styles]')) box.remove();
});

// Each test's auth listener stops with it.
afterEach(() => stopAuthListeners());

// Lazy screens and forms take longer on a busy 2-core machine than Testing Library's 1 s default:
// a worker's first lazy screen compiles its modules, which took over 5 s while the browser tests
// ran beside this run. Only a failing wait waits this long.
configure({ asyncUtilTimeout: 15000 });

// React's development build records where each element was created, for the component stacks of
// its warnings: an Error with its stack trace per element (up to 10,000 a second), a tenth of the
// web tests' CPU time. The tests read no warning's stack, so every element gets React's own
// 'unknown owner' stack, as it does past that limit; what renders, and every warning, is unchanged.
const reactInternals = (React as unknown as Record<string, object | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals && 'recentlyCreatedOwnerStacks' in reactInternals)
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', {
    get: () => Infinity,
    set: () => undefined,
  });
