/**
 * Where a car's heart goes (a search card, a car's page). Nothing until React owns the page: the
 * server's markup and the search cards' plain links stay as they are, and the heart's code (with
 * the saved cars' endpoints) loads only after the page is interactive, off its first script.
 */
import { lazy, Suspense } from 'react';
import { useOwnMarkupHydrated } from '../lib/useHydrated';
import type { SaveButtonProps } from './SaveButton';

const SaveButton = lazy(async () => ({ default: (await import('./SaveButton')).SaveButton }));

export function SaveHeart(props: SaveButtonProps) {
  const hydrated = useOwnMarkupHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <SaveButton {...props} />
    </Suspense>
  );
}
