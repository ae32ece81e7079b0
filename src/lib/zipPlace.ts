import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetPlaceQuery } from './api';

/** A US ZIP code as the server takes it: five digits. */
export const ZIP = /^\d{5}$/;

const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

/**
 * What a ZIP code field says under it: its error, else `hint` until five digits are typed, then
 * the place they name ('78701 — Austin, TX', from GET /api/places/{zip}) or that none has them.
 * `unknown`: five digits that name no place.
 */
export function useZipPlace(
  typed: string,
  error: string | undefined,
  hint: string,
): { line: string; unknown: boolean } {
  const zip = typed.trim();
  const full = ZIP.test(zip);
  const place = useGetPlaceQuery(full ? { zip } : skipToken);
  const unknown = full && place.isError && isNotFound(place.error);
  let line = 'Looking up the place…';
  if (error) line = error;
  else if (!full) line = hint;
  else if (place.currentData) line = `${place.currentData.zip} — ${place.currentData.place}`;
  else if (unknown) line = 'No such US ZIP code';
  else if (place.isError) line = 'The place of this ZIP code could not be looked up';
  return { line, unknown };
}
