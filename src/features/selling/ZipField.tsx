import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { ChangeEvent, FocusEvent } from 'react';
import { useGetPlaceQuery } from '../../lib/api';
import { ZIP } from './productForm';

/** What the field's line under it says: its error, else the place a full ZIP names. */
function placeLine(
  zip: string,
  place: ReturnType<typeof useGetPlaceQuery>,
  error: string | undefined,
): string {
  if (error) return error;
  if (!ZIP.test(zip)) return 'Optional: where buyers nearby find the car';
  if (place.currentData) return `${place.currentData.zip} — ${place.currentData.place}`;
  if (place.isError && isNotFound(place.error)) return 'No such US ZIP code';
  if (place.isError) return 'The place of this ZIP code could not be looked up';
  return 'Looking up the place…';
}

const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

interface Props {
  /** The form's props for the field (value, events, id), as ProductForm's `field` gives them. */
  field: {
    id: string;
    name: string;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onBlur: (event: FocusEvent<HTMLInputElement>) => void;
  };
  error: string | undefined;
}

/**
 * A car's ZIP code, beside its Location (which stays as typed): once five digits are typed, the
 * line under it names the place ('78701 — Austin, TX', from GET /api/places/{zip}) or says the
 * ZIP is unknown.
 */
export function ZipField({ field, error }: Props) {
  const zip = field.value.trim();
  const place = useGetPlaceQuery(ZIP.test(zip) ? { zip } : skipToken);
  const unknown = ZIP.test(zip) && place.isError && isNotFound(place.error);
  return (
    <TextField
      label="ZIP code"
      {...field}
      fullWidth
      autoComplete="postal-code"
      error={Boolean(error) || unknown}
      helperText={placeLine(zip, place, error)}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
    />
  );
}
