import { useEffect } from 'react';
import type { SetURLSearchParams } from 'react-router-dom';
import { ZIP } from './searchParams';

/** The browser's key for the ZIP code the buyer last searched near. */
export const NEAR_ZIP_KEY = 'nearZip';

/** The ZIP code last searched near in this browser, or '' (storage refused or damaged: none). */
export function rememberedZip(): string {
  try {
    const zip = localStorage.getItem(NEAR_ZIP_KEY) ?? '';
    return ZIP.test(zip) ? zip : '';
  } catch {
    return '';
  }
}

/** Keeps the ZIP searched near for the next visit; '' forgets it (the buyer cleared it). */
export function rememberZip(zip: string): void {
  try {
    if (zip) localStorage.setItem(NEAR_ZIP_KEY, zip);
    else localStorage.removeItem(NEAR_ZIP_KEY);
  } catch {
    // Not kept: the address still holds it.
  }
}

/**
 * The search page's ZIP and the browser's: a ZIP in the address is remembered; an address
 * without one gets the remembered one (the address is replaced, so it stays shareable). Runs
 * after the page is the app's: the server's page, which cannot know it, is shown as it was.
 */
export function useRememberedZip(
  params: URLSearchParams,
  zip: string,
  setParams: SetURLSearchParams,
) {
  const asked = params.has('zip');
  useEffect(() => {
    if (zip) rememberZip(zip);
  }, [zip]);
  useEffect(() => {
    if (asked) return;
    const remembered = rememberedZip();
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
    // The address decides: only a change of whether it names a ZIP asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);
}
