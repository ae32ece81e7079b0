import { useEffect } from 'react';
import type { SetURLSearchParams } from 'react-router-dom';
import { ZIP } from './searchParams';

/** The browser's key for the ZIP code the buyer last searched near. */
export const NEAR_ZIP_KEY = 'nearZip';

/**
 * The ZIP code last searched near in this browser; '' when the buyer cleared it (near nowhere,
 * which the profile's ZIP does not override); null when the browser remembers nothing (storage
 * refused or damaged: nothing).
 */
export function rememberedZip(): string | null {
  try {
    const zip = localStorage.getItem(NEAR_ZIP_KEY);
    if (zip === '') return '';
    return zip !== null && ZIP.test(zip) ? zip : null;
  } catch {
    return null;
  }
}

/** Keeps the ZIP searched near for the next visit; '' remembers that the buyer cleared it. */
export function rememberZip(zip: string): void {
  try {
    localStorage.setItem(NEAR_ZIP_KEY, zip);
  } catch {
    // Not kept: the address still holds it.
  }
}

/**
 * The search page's ZIP, the browser's and the profile's: a ZIP in the address is remembered; an
 * address without one gets the remembered one, else (the browser remembering nothing, not even a
 * cleared ZIP) the signed-in account's profile ZIP. The address is replaced, so it stays
 * shareable. Runs after the page is the app's: the server's page, which cannot know either, is
 * shown as it was.
 */
export function useRememberedZip(
  params: URLSearchParams,
  zip: string,
  setParams: SetURLSearchParams,
  profileZip = '',
) {
  const asked = params.has('zip');
  useEffect(() => {
    if (zip) rememberZip(zip);
  }, [zip]);
  useEffect(() => {
    if (asked) return;
    const remembered = rememberedZip() ?? profileZip;
    if (!remembered) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('zip', remembered);
        next.delete('cursor');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    // The address decides: only a change of whether it names a ZIP (or the profile's ZIP
    // arriving) asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked, profileZip]);
}
