import { lazy, memo, Suspense, type ComponentType } from 'react';
import { whenReady } from '../lib/useHydrated';

const LazyFooter = lazy(async () => {
  await whenReady();
  return { default: (await import('./Footer')).Footer };
});

/** The footer itself, where it cannot be imported when needed (the server's search renderer). */
let givenFooter: ComponentType | null = null;

/**
 * The server's search renderer (src/renderSearchPage.tsx) loads the app as CommonJS, where an
 * `import()` of a TypeScript file fails: it gives the footer to render instead.
 */
export function renderFooterWith(footer: ComponentType): void {
  givenFooter = footer;
}

/**
 * The footer, whose code loads once the page is interactive: no first view needs it (it is below
 * every page's content), and every public page's first script is at its budget. A prerendered or
 * server-rendered page has its markup from the start (the server waits for it), which stays as it
 * is until the code has come; a page drawn in the browser shows it a moment after its content.
 * Memoised: a new page below it does not disturb the server's markup while the code loads.
 */
export const FooterLater = memo(function FooterLater() {
  const Footer = givenFooter ?? LazyFooter;
  return (
    <Suspense fallback={null}>
      <Footer />
    </Suspense>
  );
});
